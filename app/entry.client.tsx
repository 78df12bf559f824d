import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Runs `callback` once the browser has painted the server's HTML: the page shows without
 * waiting for hydration's main-thread work (on a slow phone, hundreds of milliseconds). A
 * hidden tab paints nothing until shown, so it hydrates at once.
 */
function afterFirstPaint(callback: () => void) {
  if (document.visibilityState === "hidden") callback();
  else requestAnimationFrame(() => setTimeout(callback, 0));
}

afterFirstPaint(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
