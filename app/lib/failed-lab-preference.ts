/**
 * The buyer's "Include offers that failed a lab test in Best Price" switch (issue 30 Must 4),
 * kept in a cookie like the display currency and "Ship to". Off unless the cookie says
 * "include": a missing, unreadable or unknown value leaves failed offers out of Best Price.
 */
export const FAILED_LAB_COOKIE = "failed_lab_offers";

/** The resource route the switch posts to (app/routes/failed-lab-offers.ts). */
export const FAILED_LAB_COOKIE_PATH = "/failed-lab-offers";

/** The two values the site writes. */
export const FAILED_LAB_VALUES = ["include", "exclude"] as const;
export type FailedLabValue = (typeof FAILED_LAB_VALUES)[number];

export const FAILED_LAB_SWITCH_LABEL = "Include offers that failed a lab test in Best Price";

/** Whether the cookie's value turns the switch on; anything but "include" is off. */
export function includesFailedLabOffers(value: string | null | undefined): boolean {
  return value === "include";
}

export function isFailedLabValue(value: string): value is FailedLabValue {
  return (FAILED_LAB_VALUES as readonly string[]).includes(value);
}

export const FAILED_LAB_MESSAGES = {
  invalid: "Choose to include or exclude offers that failed a lab test",
} as const;
