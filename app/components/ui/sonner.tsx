import * as React from "react";
import type { ToasterProps as SonnerProps } from "sonner";

// Sonner (about 10 KB of gzipped JavaScript) is not needed to show or hydrate a page: it loads
// only on a page that can toast (one that imports `toast` from ./toast, or shows a flash
// message), once the browser is idle, so a page that never toasts — the home page — never
// loads it. Sonner shows a toast sent before its area mounted when it mounts.
const Sonner = React.lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));
const IDLE_TIMEOUT_MS = 2_000;

let toasterWanted = false;
const toasterWantedListeners = new Set<() => void>();

/** Asks for the toast area: called by ./toast as it loads, and before a flash message. */
export function wantToaster() {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of toasterWantedListeners) listener();
}

function useToasterWanted(): boolean {
  return React.useSyncExternalStore(
    (listener) => {
      toasterWantedListeners.add(listener);
      return () => toasterWantedListeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}

let markToasterMounted: () => void = () => {};
/** Resolves once the toast area is on the page: sonner drops toasts sent before that. */
export const toasterReady = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});

function ToasterMounted() {
  React.useEffect(() => markToasterMounted(), []);
  return null;
}

function useBrowserIdle(): boolean {
  const [idle, setIdle] = React.useState(false);
  React.useEffect(() => {
    const show = () => setIdle(true);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(show, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(show, 1);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}

type ToasterProps = Omit<SonnerProps, "theme"> & {
  /** The site's colour-scheme setting; "system" follows the OS. */
  theme?: "light" | "dark" | "system";
};

/**
 * The app's toast area (mounted once a page can toast and the browser is idle): bottom-right, Alt+T moves focus to it, rich colours
 * for success/error toasts, themed from the light/dark/system setting.
 */
function Toaster({
  theme = "system",
  position = "bottom-right",
  hotkey = ["altKey", "KeyT"],
  richColors = true,
  style,
  ...props
}: ToasterProps) {
  const idle = useBrowserIdle();
  const wanted = useToasterWanted();
  if (!idle || !wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <Sonner
        theme={theme}
        position={position}
        hotkey={hotkey}
        richColors={richColors}
        className="toaster group"
        style={
          {
            "--normal-bg": "var(--popover)",
            "--normal-text": "var(--popover-foreground)",
            "--normal-border": "var(--border)",
            ...style,
          } as React.CSSProperties
        }
        {...props}
      />
      <ToasterMounted />
    </React.Suspense>
  );
}

export { Toaster, type ToasterProps };
