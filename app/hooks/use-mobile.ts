import * as React from "react";

/** Below this width (px) the UI uses its mobile layout (SPEC: 768 px). */
export const MOBILE_BREAKPOINT = 768;

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(MOBILE_QUERY);
  mql.addEventListener("change", onChange);
  return () => mql.removeEventListener("change", onChange);
}

function getSnapshot() {
  return window.matchMedia(MOBILE_QUERY).matches;
}

/** The server (and the hydration pass) always render the desktop layout. */
function getServerSnapshot() {
  return false;
}

/**
 * True when the viewport is narrower than 768 px. Safe to call during server
 * rendering: `window` is only touched on the client, after hydration.
 */
export function useIsMobile(): boolean {
  return React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
