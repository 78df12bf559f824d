/**
 * The shop reads that run as background jobs instead of inside a request (issue 37 Must 2):
 * their kinds, and what a polling page is told of one.
 */
export const SHOP_READ_KINDS = [
  "selector-test",
  "vendor-claim",
  "vendor-offers",
  "offer-recheck",
] as const;
export type ShopReadKind = (typeof SHOP_READ_KINDS)[number];

export type ShopReadStatus = "queued" | "running" | "succeeded" | "failed";

/** A read as the page that asked for it polls it (GET /admin/shop-reads/:readId). */
export interface ShopReadView {
  id: string;
  kind: ShopReadKind;
  status: ShopReadStatus;
  message: string | null;
  result: unknown;
}

export const isShopReadPending = (read: { status: string }) =>
  read.status === "queued" || read.status === "running";

/** How often a page asks again while its read is under way. */
export const SHOP_READ_POLL_MS = 1000;

/** What a read's job stores when it ends: shown as is by the page that asked for it. */
export interface ShopReadOutcome {
  ok: boolean;
  message: string;
  result?: unknown;
}
