/** The age gate of SPEC.md §4, kept free of storage access so it can be tested and reused. */

import { AGE_CONFIRMATION_MS } from "~/lib/constants";

export type AgeVerification = { verified: boolean; remove: boolean };

/**
 * `remove` tells the caller to delete a stored value that can never verify again, so a
 * stale or tampered entry does not linger; an absent value has nothing to remove.
 */
export function readAgeVerification(stored: string | null, now: number): AgeVerification {
  if (stored === null) return { verified: false, remove: false };
  const expiry = /^\d+$/.test(stored) ? Number.parseInt(stored, 10) : Number.NaN;
  if (Number.isSafeInteger(expiry) && expiry > now) return { verified: true, remove: false };
  return { verified: false, remove: true };
}

export function newAgeVerificationExpiry(now: number): number {
  return now + AGE_CONFIRMATION_MS;
}
