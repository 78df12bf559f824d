import * as React from "react";
import type { ToasterProps as SonnerProps } from "sonner";

// Sonner (about 10 KB of gzipped JavaScript) is not needed to show or hydrate a page: it loads
// once the browser is idle, so it stays off the critical path of every public page.
const Sonner = React.lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));
const IDLE_TIMEOUT_MS = 2_000;

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
 * The app's toast area (mounted once the browser is idle): bottom-right, Alt+T moves focus to it, rich colours
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
  if (!idle) return null;
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
