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
    const amounts = [0, -0, 0.004, 0.1, 1, 9.995, 99.99, 100, 999.999, 1000, 12345.6, 999999.99];
    amounts.push(1234567890.12, 1e15, 2.5e17, -1, -1234.56);
    let seed = 7;
    for (let i = 0; i < 2000; i += 1) {
      seed = (seed * 48271) % 2147483647;
      amounts.push((seed / 2147483647) * 10 ** (i % 10));
    }
    for (const amount of amounts) {
      const cents = Math.round((amount + Number.EPSILON) * 100) / 100;
      expect(formatPrice(amount, "CHF"), String(amount)).toBe(`CHF ${intl.format(cents)}`);
    }
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
