import { describe, expect, it } from "vitest";

import {
  formatDate,
  formatDuration,
  formatLastScraped,
  formatPrice,
  formatRelativeTime,
  usernameFromEmail,
} from "~/lib/format";

describe("formatPrice", () => {
  it("shows USD with a dollar sign by default", () => {
    expect(formatPrice(12)).toBe("$12.00");
    expect(formatPrice(1299.5, "USD")).toBe("$1,299.50");
  });

  it("uses symbols for EUR and GBP and the code otherwise", () => {
    expect(formatPrice(9.99, "EUR")).toBe("€9.99");
    expect(formatPrice(9.99, "gbp")).toBe("£9.99");
    expect(formatPrice(12, "CHF")).toBe("CHF 12.00");
  });

  it("rounds half up to cents", () => {
    expect(formatPrice(1.005)).toBe("$1.01");
    expect(formatPrice(1234567.891)).toBe("$1,234,567.89");
  });

  it("shows a dash for a non-number", () => {
    expect(formatPrice(Number.NaN)).toBe("—");
  });

  it("writes every amount as Intl's en-US format does, grouping and signs included", () => {
    const intl = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const cents = [0, 1, 10, 100, 999, 1000, 99_999, 100_000, 123_456_789, 999_999_999_999];
    cents.push(-1, -123_456);
    let seed = 7;
    for (let i = 0; i < 2000; i += 1) {
      seed = (seed * 48271) % 2147483647;
      cents.push(Math.floor((seed / 2147483647) * 10 ** (i % 12)));
    }
    for (const count of cents) {
      const expected = `${count < 0 ? "-" : ""}CHF ${intl.format(Math.abs(count) / 100)}`;
      expect(formatPrice(count / 100, "CHF"), String(count)).toBe(expected);
      // Half a cent more, as a product of prices leaves it in binary: up to the next cent.
      const half = (count + 0.5) / 100;
      const up = count + (count < 0 ? 0 : 1);
      expect(formatPrice(half, "CHF"), String(half)).toBe(
        `${up < 0 ? "-" : ""}CHF ${intl.format(Math.abs(up) / 100)}`,
      );
    }
  });

  it("gives every currency its ISO 4217 decimals and Intl's symbol", () => {
    expect(formatPrice(3625.45, "JPY")).toBe("¥3,625");
    expect(formatPrice(3625.5, "JPY")).toBe("¥3,626");
    expect(formatPrice(41_250.4, "KRW")).toBe("₩41,250");
    expect(formatPrice(1.2345, "KWD")).toBe("KWD 1.235");
    expect(formatPrice(25.555, "EUR")).toBe("€25.56");
    expect(formatPrice(19.95 * 0.9)).toBe("$17.96");
    expect(formatPrice(0, "USD")).toBe("$0.00");
    expect(formatPrice(-0, "USD")).toBe("$0.00");
    expect(formatPrice(2.5e17)).toBe("$250,000,000,000,000,000.00");
    expect(formatPrice(10, "XYZ")).toBe("XYZ 10.00");
  });
});

describe("formatLastScraped", () => {
  it("formats the date and time in UTC, labelled, whatever the machine's time zone", () => {
    expect(formatLastScraped(new Date(Date.UTC(2024, 0, 5, 14, 3)))).toBe("Jan 5, 2024 14:03 UTC");
    expect(formatLastScraped(new Date(Date.UTC(2024, 0, 5, 0, 30)))).toBe("Jan 5, 2024 00:30 UTC");
  });

  it("accepts serialised timestamps, with or without a zone", () => {
    expect(formatLastScraped("2024-01-05T14:03:00.000Z")).toBe("Jan 5, 2024 14:03 UTC");
    expect(formatLastScraped("2024-01-05T16:03:00+02:00")).toBe("Jan 5, 2024 14:03 UTC");
    expect(formatLastScraped("2024-01-05T14:03:00")).toBe("Jan 5, 2024 14:03 UTC");
  });

  it("says Never without a date", () => {
    expect(formatLastScraped(null)).toBe("Never");
    expect(formatLastScraped("not a date")).toBe("Never");
  });
});

describe("formatDate", () => {
  it("formats a calendar day", () => {
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 23, 0)))).toBe("Dec 31, 2024");
    expect(formatDate("2024-02-29")).toBe("Feb 29, 2024");
  });

  it("writes every day as Intl's en-US UTC format does", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    const days = [Date.UTC(999, 0, 1), Date.UTC(10000, 0, 1), Date.UTC(1970, 0, 1)];
    for (let t = Date.UTC(2020, 0, 1, 23, 59); t < Date.UTC(2030, 0, 1); t += 86_400_000 * 3.7) {
      days.push(t);
    }
    for (const t of days) expect(formatDate(new Date(t))).toBe(intl.format(new Date(t)));
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2025-03-15T12:00:00Z");

  it("says just now under a minute", () => {
    expect(formatRelativeTime(new Date("2025-03-15T11:59:30Z"), now)).toBe("just now");
  });

  it("counts whole units elapsed", () => {
    expect(formatRelativeTime(new Date("2025-03-15T09:00:00Z"), now)).toBe("3 hours ago");
    expect(formatRelativeTime("2025-03-15T11:01:00Z", now)).toBe("59 minutes ago");
    expect(formatRelativeTime(new Date("2025-03-13T12:00:00Z"), now)).toBe("2 days ago");
    expect(formatRelativeTime("2025-03-15T10:59:59Z", now)).toBe("1 hour ago");
  });

  it("counts 30-day months and 365-day years", () => {
    expect(formatRelativeTime("2025-01-14T12:00:00Z", now)).toBe("2 months ago");
    expect(formatRelativeTime("2024-03-15T12:00:00Z", now)).toBe("1 year ago");
    expect(formatRelativeTime("2024-03-16T12:00:00Z", now)).toBe("1 year ago");
    expect(formatRelativeTime("2022-03-15T12:00:00Z", now)).toBe("3 years ago");
  });

  it("says in how long for a future date", () => {
    expect(formatRelativeTime("2025-03-15T14:30:00Z", now)).toBe("in 2 hours");
  });
});

describe("usernameFromEmail", () => {
  it("takes the part before the @", () => {
    expect(usernameFromEmail("jane.doe@example.com")).toBe("jane.doe");
  });

  it("falls back to user", () => {
    expect(usernameFromEmail(null)).toBe("user");
    expect(usernameFromEmail(undefined)).toBe("user");
    expect(usernameFromEmail("")).toBe("user");
    expect(usernameFromEmail("@example.com")).toBe("user");
  });
});

describe("formatDuration", () => {
  it("says a duration in the largest whole unit, to one decimal", () => {
    expect(formatDuration(0)).toBe("0 ms");
    expect(formatDuration(500)).toBe("500 ms");
    expect(formatDuration(1000)).toBe("1 second");
    expect(formatDuration(1500)).toBe("1.5 seconds");
    expect(formatDuration(120_000)).toBe("2 minutes");
    expect(formatDuration(3_600_000)).toBe("1 hour");
  });
});
