import { describe, expect, it } from "vitest";

import {
  AGE_GATE_HEAD_SCRIPT,
  AGE_VERIFIED_ATTRIBUTE,
  newAgeVerificationExpiry,
  nextFocusIndex,
  readAgeVerification,
} from "~/lib/age-gate";
import { AGE_CONFIRMATION_MS, AGE_VERIFIED_KEY } from "~/lib/constants";

const NOW = 1_700_000_000_000;

describe("readAgeVerification", () => {
  it("is not verified and removes nothing when nothing is stored", () => {
    expect(readAgeVerification(null, NOW)).toEqual({ verified: false, remove: false });
  });

  it("is verified while the stored expiry is in the future", () => {
    expect(readAgeVerification(String(NOW + 1), NOW)).toEqual({ verified: true, remove: false });
  });

  it("removes an expiry that is now or past, or zero", () => {
    expect(readAgeVerification(String(NOW), NOW)).toEqual({ verified: false, remove: true });
    expect(readAgeVerification(String(NOW - 1), NOW)).toEqual({ verified: false, remove: true });
    expect(readAgeVerification("0", NOW)).toEqual({ verified: false, remove: true });
  });

  it("removes values that are not a whole number", () => {
    for (const stored of [
      "",
      "true",
      "1.7e12",
      `${NOW + 1000}.5`,
      "-5",
      ` ${NOW + 1000}`,
      "9".repeat(20),
    ]) {
      expect(readAgeVerification(stored, NOW), stored).toEqual({ verified: false, remove: true });
    }
  });
});

describe("newAgeVerificationExpiry", () => {
  it("lasts 30 days from now", () => {
    expect(newAgeVerificationExpiry(NOW)).toBe(NOW + AGE_CONFIRMATION_MS);
    expect(newAgeVerificationExpiry(NOW) - NOW).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it("is read back as verified until it passes", () => {
    const stored = String(newAgeVerificationExpiry(NOW));
    expect(readAgeVerification(stored, NOW + AGE_CONFIRMATION_MS - 1).verified).toBe(true);
    expect(readAgeVerification(stored, NOW + AGE_CONFIRMATION_MS).verified).toBe(false);
  });
});

describe("nextFocusIndex", () => {
  it("wraps Tab from the last element to the first and Shift+Tab from the first to the last", () => {
    expect(nextFocusIndex(1, 2, false)).toBe(0);
    expect(nextFocusIndex(0, 2, true)).toBe(1);
    expect(nextFocusIndex(0, 2, false)).toBe(1);
  });

  it("brings a focus from outside back in", () => {
    expect(nextFocusIndex(-1, 2, false)).toBe(0);
    expect(nextFocusIndex(-1, 2, true)).toBe(1);
    expect(nextFocusIndex(-1, 0, false)).toBe(-1);
  });
});

describe("AGE_GATE_HEAD_SCRIPT", () => {
  /** Runs the inline script against a stored value and says whether it marked <html>. */
  function marksVerified(stored: string | null, now: number, storageThrows = false): boolean {
    const attributes = new Map<string, string>();
    const localStorage = {
      getItem: (key: string) => {
        if (storageThrows) throw new Error("SecurityError");
        return key === AGE_VERIFIED_KEY ? stored : null;
      },
    };
    const document = {
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    };
    const FixedDate = { now: () => now };
    new Function("localStorage", "document", "Date", AGE_GATE_HEAD_SCRIPT)(
      localStorage,
      document,
      FixedDate,
    );
    return attributes.has(AGE_VERIFIED_ATTRIBUTE);
  }

  it("marks the page of a visitor whose stored expiry is still ahead", () => {
    expect(marksVerified(String(NOW + 1), NOW)).toBe(true);
  });

  it("leaves the gate showing for no, a past, a zero or a malformed expiry", () => {
    for (const stored of [null, String(NOW), String(NOW - 1), "0", "true", `${NOW + 1000}.5`]) {
      expect(marksVerified(stored, NOW)).toBe(false);
    }
  });

  it("leaves the gate showing when storage cannot be read", () => {
    expect(marksVerified(String(NOW + 1), NOW, true)).toBe(false);
  });
});
