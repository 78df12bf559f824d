/**
 * A vendor's reliability score (issue 23), computed only from data the site holds: how much of
 * the last 90 days its offers were in stock, how much its prices moved, whether the coupon it
 * shows still works, how fresh its prices are, independent lab tests and the admin's rating.
 * Each component is a share from 0 to 1 with a fixed weight; a component without data (no
 * coupon, no lab test, no rating) is left out and the others keep their relative weights.
 * The rule, with buyers' coupon votes (issue 33), is written out in docs/reliability.md.
 */
import { couponHonesty } from "~/lib/trust/coupon-feedback";

export const RELIABILITY_WINDOW_DAYS = 90;
/** An offer's price checked longer ago than this no longer counts as fresh. */
export const FRESH_WITHIN_HOURS = 48;
/**
 * Price movement (summed relative changes per offer and 30 days) at which stability reaches 0:
 * an offer whose price moves 25% a month, up or down, is as unstable as the score counts.
 */
export const UNSTABLE_MOVEMENT_PER_MONTH = 0.25;

export const RELIABILITY_COMPONENTS = [
  {
    key: "stock",
    label: "In stock",
    weight: 0.3,
    explains: "Share of the last 90 days its offers were in stock.",
  },
  {
    key: "stability",
    label: "Price stability",
    weight: 0.2,
    explains:
      "How often and how far its prices moved in 90 days: 100% when they never moved, 0% at 25% movement a month.",
  },
  {
    key: "freshness",
    label: "Fresh data",
    weight: 0.15,
    explains: `Share of its offers whose price was confirmed in the last ${FRESH_WITHIN_HOURS} hours and is not stale.`,
  },
  {
    key: "labTests",
    label: "Lab tests",
    weight: 0.15,
    explains: "Share of its independent lab tests of the last 12 months that passed.",
  },
  {
    key: "coupon",
    label: "Coupon honesty",
    weight: 0.1,
    explains:
      'Whether the coupon code on file works: buyers\' "worked / didn\'t work" votes of the last 90 days, the code on file counting as one "worked" (an expired code counts 0%).',
  },
  {
    key: "rating",
    label: "Admin rating",
    weight: 0.1,
    explains: "The site's own rating of the vendor, out of 5.",
  },
] as const;

export type ReliabilityKey = (typeof RELIABILITY_COMPONENTS)[number]["key"];
export const RELIABILITY_KEYS = RELIABILITY_COMPONENTS.map((component) => component.key) as [
  ReliabilityKey,
  ...ReliabilityKey[],
];

export interface ReliabilityComponent {
  key: ReliabilityKey;
  label: string;
  /** 0…1, rounded to three decimals; null when the vendor has no data for it. */
  value: number | null;
  weight: number;
  explains: string;
}

export interface VendorReliability {
  /** 0…100; null when no component has data. */
  score: number | null;
  components: ReliabilityComponent[];
}

/** One price-history row of one offer. */
export interface OfferObservation {
  observedAt: Date;
  price: number;
  inStock: boolean;
}

export interface ReliabilityInput {
  /** Every public offer's history in the window, oldest first, with the row before it if any. */
  offerHistories: readonly (readonly OfferObservation[])[];
  /** Every public offer now: when its price was last confirmed, and whether it is stale. */
  offers: readonly { priceCheckedAt: Date; stale: boolean }[];
  /** The code on file, with buyers' votes on it in the window (~/lib/trust/coupon-feedback). */
  coupon: { expirationDate: string | null; worked: number; failed: number } | null;
  rating: number | null;
  labTests: readonly { passed: boolean }[];
}

const DAY_MS = 86_400_000;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Share of offer-time in stock over the window: each history row holds until the next, the row
 * before the window from the window's start; time before an offer's first row is not counted.
 */
export function stockShare(
  histories: ReliabilityInput["offerHistories"],
  windowStart: Date,
  now: Date,
): number | null {
  let inStock = 0;
  let total = 0;
  for (const rows of histories) {
    rows.forEach((row, index) => {
      const from = Math.max(row.observedAt.getTime(), windowStart.getTime());
      const to = Math.min(rows[index + 1]?.observedAt.getTime() ?? now.getTime(), now.getTime());
      if (to <= from) return;
      total += to - from;
      if (row.inStock) inStock += to - from;
    });
  }
  return total === 0 ? null : inStock / total;
}

/**
 * 1 − (relative price movement per offer and 30 days) / UNSTABLE_MOVEMENT_PER_MONTH, floored
 * at 0: the sum of |change| / previous price of the changes inside the window, over the
 * offer-months observed.
 */
export function priceStability(
  histories: ReliabilityInput["offerHistories"],
  windowStart: Date,
  now: Date,
): number | null {
  let movement = 0;
  let observedMs = 0;
  for (const rows of histories) {
    if (rows.length === 0) continue;
    const first = Math.max(rows[0].observedAt.getTime(), windowStart.getTime());
    observedMs += Math.max(0, now.getTime() - first);
    for (let i = 1; i < rows.length; i += 1) {
      const before = rows[i - 1].price;
      if (rows[i].observedAt < windowStart || before <= 0) continue;
      movement += Math.abs(rows[i].price - before) / before;
    }
  }
  if (observedMs === 0) return null;
  const perMonth = movement / (observedMs / (30 * DAY_MS));
  return Math.max(0, 1 - perMonth / UNSTABLE_MOVEMENT_PER_MONTH);
}

export function freshShare(offers: ReliabilityInput["offers"], now: Date): number | null {
  if (offers.length === 0) return null;
  const limit = now.getTime() - FRESH_WITHIN_HOURS * 3_600_000;
  return (
    offers.filter((o) => !o.stale && o.priceCheckedAt.getTime() >= limit).length / offers.length
  );
}

export function computeVendorReliability(input: ReliabilityInput, now: Date): VendorReliability {
  const windowStart = new Date(now.getTime() - RELIABILITY_WINDOW_DAYS * DAY_MS);
  const today = now.toISOString().slice(0, 10);
  const values: Record<ReliabilityKey, number | null> = {
    stock: stockShare(input.offerHistories, windowStart, now),
    stability: priceStability(input.offerHistories, windowStart, now),
    freshness: freshShare(input.offers, now),
    labTests:
      input.labTests.length === 0
        ? null
        : input.labTests.filter((test) => test.passed).length / input.labTests.length,
    coupon: couponHonesty(
      input.coupon && {
        expired:
          input.coupon.expirationDate !== null && input.coupon.expirationDate.slice(0, 10) < today,
        worked: input.coupon.worked,
        failed: input.coupon.failed,
      },
    ),
    rating: input.rating === null ? null : Math.min(1, Math.max(0, input.rating / 5)),
  };
  const components = RELIABILITY_COMPONENTS.map((component) => ({
    ...component,
    value: values[component.key] === null ? null : round3(values[component.key]!),
  }));
  const counted = components.filter((c) => c.value !== null);
  const weights = counted.reduce((sum, c) => sum + c.weight, 0);
  const score =
    weights === 0
      ? null
      : Math.round((counted.reduce((sum, c) => sum + c.weight * c.value!, 0) / weights) * 100);
  return { score, components };
}
