/** The age gate of SPEC.md §4, kept free of storage access so it can be tested and reused. */

import { AGE_CONFIRMATION_MS, AGE_VERIFIED_KEY } from "~/lib/constants";

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

/** The attribute the head script sets on <html> for a visitor verified on this device. */
export const AGE_VERIFIED_ATTRIBUTE = "data-age-verified";

/**
 * The inline script in the root layout's head. The server renders the gate for every visitor
 * (so it paints with the page, not on hydration); before the body is parsed this marks <html>
 * of a visitor already verified here, and CSS hides the gate for them until hydration removes
 * it. It runs readAgeVerification itself, so both agree; storage that throws (disabled
 * cookies) leaves the gate showing, as the component would.
 */
export const AGE_GATE_HEAD_SCRIPT = `try{if((${readAgeVerification.toString()})(localStorage.getItem(${JSON.stringify(AGE_VERIFIED_KEY)}),Date.now()).verified)document.documentElement.setAttribute(${JSON.stringify(AGE_VERIFIED_ATTRIBUTE)},"")}catch(e){}`;

/** On <html> while the gate is open: the page behind it does not scroll (app.css). */
export const AGE_GATE_OPEN_ATTRIBUTE = "data-age-gate-open";
/** Marks what the gate made inert, so closing it frees those and nothing else. */
export const AGE_GATE_INERT_ATTRIBUTE = "data-age-gate-inert";

/**
 * The inline script that opens the page's wrapper element (the root layout puts it first).
 * For a visitor not verified here it makes the wrapper inert before anything in it is parsed
 * or styled: done at hydration instead, making the page inert costs a style recalculation of
 * every element in the middle of hydration's longest task, and done at the end of the body,
 * after the parser has yielded to a first paint, still one more.
 */
export const AGE_GATE_PAGE_SCRIPT = `try{if(!document.documentElement.hasAttribute(${JSON.stringify(AGE_VERIFIED_ATTRIBUTE)})){var page=document.currentScript.parentElement;page.inert=true;page.setAttribute(${JSON.stringify(AGE_GATE_INERT_ATTRIBUTE)},"");document.documentElement.setAttribute(${JSON.stringify(AGE_GATE_OPEN_ATTRIBUTE)},"")}}catch(e){}`;

export function newAgeVerificationExpiry(now: number): number {
  return now + AGE_CONFIRMATION_MS;
}

/**
 * The element Tab moves to inside a modal of `count` focusable elements: past the last it wraps
 * to the first, before the first to the last, so the focus never leaves the modal. `current` is
 * -1 when the focus is outside it.
 */
export function nextFocusIndex(current: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (current < 0) return backwards ? count - 1 : 0;
  return (current + (backwards ? count - 1 : 1)) % count;
}
