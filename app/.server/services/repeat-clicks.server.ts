import { createHash, randomBytes } from "node:crypto";

/** A click from the same visitor to the same target within this window is counted once. */
export const REPEAT_CLICK_WINDOW_MS = 30_000;
/** How long one salt is used; the remembered hashes go with it. */
const SALT_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Remembers who clicked what for 30 seconds without keeping who they are (issue 34): only a
 * salted SHA-256 of address, user agent and target, in this process's memory, with a random
 * salt replaced every hour (and the hashes with it), so nothing remembered can be matched to
 * an address afterwards. Nothing of it is ever stored. A repeat that falls across the hourly
 * change of salt, or reaches another instance, is counted again.
 */
export class RepeatClickFilter {
  private salt = randomBytes(32);
  private saltSince: number;
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {
    this.saltSince = now();
  }

  /** True for the first click of this visitor on this target in the window; remembers it. */
  isFirst(visitor: { address: string; userAgent: string }, target: string): boolean {
    const now = this.now();
    this.forgetOld(now);
    const key = createHash("sha256")
      .update(this.salt)
      .update(`${visitor.address}\n${visitor.userAgent}\n${target}`)
      .digest("base64");
    const seen = this.lastSeen.get(key);
    if (seen !== undefined && now - seen < REPEAT_CLICK_WINDOW_MS) return false;
    this.lastSeen.set(key, now);
    return true;
  }

  /** How many visitors are remembered right now (the test checks that it forgets). */
  get size(): number {
    return this.lastSeen.size;
  }

  private forgetOld(now: number) {
    if (now - this.saltSince >= SALT_LIFETIME_MS) {
      this.salt = randomBytes(32);
      this.saltSince = now;
      this.lastSeen.clear();
      return;
    }
    // Map keeps insertion order and a repeat is not re-inserted: the oldest come first.
    for (const [key, seen] of this.lastSeen) {
      if (now - seen < REPEAT_CLICK_WINDOW_MS) break;
      this.lastSeen.delete(key);
    }
  }
}
