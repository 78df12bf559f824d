import { useEffect, useRef, useSyncExternalStore } from "react";

import {
  AGE_GATE_INERT_ATTRIBUTE,
  AGE_GATE_OPEN_ATTRIBUTE,
  AGE_VERIFIED_ATTRIBUTE,
  newAgeVerificationExpiry,
  nextFocusIndex,
  readAgeVerification,
} from "~/lib/age-gate";
import { AGE_VERIFIED_KEY } from "~/lib/constants";

import { Button } from "./ui/button";

type AgeGateState = "unknown" | "verified" | "unverified";

const EXIT_URL = "https://www.google.com";
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Reads (and, per SPEC.md §4, cleans up) the stored expiry. */
function getSnapshot(): AgeGateState {
  const stored = window.localStorage.getItem(AGE_VERIFIED_KEY);
  const { verified, remove } = readAgeVerification(stored, Date.now());
  if (remove) window.localStorage.removeItem(AGE_VERIFIED_KEY);
  return verified ? "verified" : "unverified";
}

/**
 * The server cannot see localStorage: it renders the gate for everyone (hydration renders it
 * too, then the stored state decides). A verified visitor never sees it: the root layout's
 * head script marks <html> for them and CSS hides the gate (AGE_GATE_HEAD_SCRIPT).
 */
const getServerSnapshot = (): AgeGateState => "unknown";

export function useAgeGate() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return {
    state,
    confirm: () => {
      window.localStorage.setItem(AGE_VERIFIED_KEY, String(newAgeVerificationExpiry(Date.now())));
      notify();
    },
    reset: () => {
      window.localStorage.removeItem(AGE_VERIFIED_KEY);
      notify();
    },
  };
}

/**
 * Makes every element of <body> but the gate's overlay inert and stops the page scrolling;
 * what is already inert (the page wrapper the page script shut) is left alone.
 */
function shutPageBehindGate(overlay: Element): void {
  // The head script's mark of a verified visitor hides the gate (app.css): a gate opened again
  // (the footer's reset, or a reset in another tab) must show, not shut the page behind nothing.
  document.documentElement.removeAttribute(AGE_VERIFIED_ATTRIBUTE);
  document.documentElement.setAttribute(AGE_GATE_OPEN_ATTRIBUTE, "");
  for (const element of document.body.children) {
    if (element instanceof HTMLElement && !element.contains(overlay) && !element.inert) {
      element.inert = true;
      element.setAttribute(AGE_GATE_INERT_ATTRIBUTE, "");
    }
  }
}

function reopenPageBehindGate(): void {
  document.documentElement.removeAttribute(AGE_GATE_OPEN_ATTRIBUTE);
  for (const element of document.querySelectorAll<HTMLElement>(`[${AGE_GATE_INERT_ATTRIBUTE}]`)) {
    element.inert = false;
    element.removeAttribute(AGE_GATE_INERT_ATTRIBUTE);
  }
}

/**
 * Once the gate closes, the focus would fall back to <body>; a keyboard or screen-reader user
 * starts instead at the page's main heading.
 */
function focusMainHeading(): void {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

const FOCUSABLE =
  "button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * While the gate is open the page behind it is inert (no focus, no clicks, no screen-reader
 * browsing) and does not scroll; Tab and Shift+Tab cycle through the gate's own buttons.
 */
function useModal(open: boolean) {
  const overlayRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const overlay = overlayRef.current;
    if (!open || !overlay) return;
    // Cheap after the page script (AGE_GATE_PAGE_SCRIPT), which shut the page while parsing.
    shutPageBehindGate(overlay);
    // The server's HTML autofocuses the gate's button; a gate mounted on the client may not have.
    if (!overlay.contains(document.activeElement)) {
      overlay.querySelector<HTMLElement>("[data-initial-focus]")?.focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const focusable = [...overlay.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const current = focusable.indexOf(document.activeElement as HTMLElement);
      const next = nextFocusIndex(current, focusable.length, event.shiftKey);
      event.preventDefault();
      focusable[next]?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!overlay.contains(event.target as Node)) {
        overlay.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    // Says the Tab trap is on (it starts after hydration, once the stored expiry was read).
    overlay.dataset.trapped = "";
    return () => {
      delete overlay.dataset.trapped;
      reopenPageBehindGate();
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      focusMainHeading();
    };
  }, [open]);
  return overlayRef;
}

export function AgeGate() {
  const { state, confirm } = useAgeGate();
  const overlayRef = useModal(state === "unverified");
  if (state === "verified") return null;
  return (
    <div
      ref={overlayRef}
      data-age-gate=""
      className="fixed inset-0 z-50 grid place-items-center overscroll-contain bg-black/70 p-4 backdrop-blur-sm"
    >
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-description"
        className="w-full max-w-md rounded-lg border bg-background p-6 shadow-lg"
      >
        <h2 id="age-gate-title" className="text-lg font-semibold">
          Age Verification
        </h2>
        <p id="age-gate-description" className="mt-2 text-sm text-muted-foreground">
          This site lists research peptides for laboratory use only. Please confirm that you are at
          least 21 years old and a qualified researcher.
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={() => window.location.assign(EXIT_URL)}>
            Exit
          </Button>
          <Button data-initial-focus="" autoFocus onClick={confirm}>
            I Confirm
          </Button>
        </div>
      </div>
    </div>
  );
}
