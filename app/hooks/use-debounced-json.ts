import { useEffect, useRef } from "react";

/** Long enough that typing a word sends one request, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

/**
 * Fetches `url` as JSON once it has stood still for a moment, the way a typed search asks for
 * its suggestions: each new `url` cancels the wait and aborts the request before it, so an
 * older answer never lands after a newer one. `null` asks nothing. `onAnswer` gets the body of
 * a successful answer; `onFailure` runs when the request fails (a refused answer is ignored, as
 * is an aborted request). The handlers are read when the answer arrives, so they need no memo.
 */
export function useDebouncedJson<T>(
  url: string | null,
  handlers: { onAnswer: (body: T) => void; onFailure: () => void },
) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(url, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return;
        latest.current.onAnswer((await response.json()) as T);
      } catch (error) {
        if ((error as Error).name !== "AbortError") latest.current.onFailure();
      }
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [url]);
}
