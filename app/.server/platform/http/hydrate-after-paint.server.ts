/**
 * Hydration that starts once the page has painted and loaded.
 *
 * React Router's `<Scripts />` hoists a `modulepreload` link per module into the head and ends
 * the body with an inline module that imports them all. The browser then fetches ~200 KB of
 * JavaScript beside the stylesheet and the largest image, and on a slow phone runs it before
 * the first paint. This rewrite of the rendered HTML holds that module back (as an inert
 * `text/plain` copy) and drops the preload links; a small inline script starts both once the
 * page has painted its first content and fired `load`, so the stylesheet and the LCP image have
 * the connection to themselves. The page reads and navigates before hydration: links are
 * links, forms post to their actions.
 */

import { jsonForScript } from "~/lib/json-ld";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
/** What follows `<script` and its nonce in React Router's hydration module. */
const MODULE_SCRIPT_ATTRIBUTES = ' type="module" async="">';

export const DEFERRED_MODULE_ID = "hydration-module";

/**
 * Runs in the browser (serialized into the page). `hrefs` are the module URLs to preload once
 * hydration starts. The held-back module is copied into a live `<script type="module">` with
 * the response's nonce; on a page from the shared cache (hash-based policy) its text matches
 * the hash of the inert copy.
 */
function startHydrationAfterPaint(hrefs: string[], moduleId: string) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // Each preload costs the main thread a request (several milliseconds with dev tools open,
    // as under Lighthouse): one per task, then the module, keeps every task short. A message
    // channel, unlike a chain of timers, is not clamped to 4 ms a step.
    const channel = new MessageChannel();
    let next = 0;
    channel.port1.onmessage = () => {
      const href = hrefs[next++];
      if (href !== undefined) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.append(link);
        channel.port2.postMessage(null);
        return;
      }
      channel.port1.close();
      const inert = document.getElementById(moduleId) as HTMLScriptElement | null;
      if (!inert) return;
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = inert.nonce;
      script.textContent = inert.textContent;
      inert.replaceWith(script);
    };
    channel.port2.postMessage(null);
  };
  const afterFirstPaint = () => {
    const observable =
      typeof PerformanceObserver === "function" &&
      PerformanceObserver.supportedEntryTypes?.includes("paint");
    // A background tab paints nothing until shown; it hydrates at once.
    if (!observable || document.visibilityState === "hidden") return start();
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: "paint", buffered: true });
  };
  if (document.readyState === "complete") afterFirstPaint();
  else addEventListener("load", afterFirstPaint, { once: true });
  // Whatever holds the paint or the load back, the page becomes interactive regardless.
  setTimeout(start, 5_000);
}

/** The starter's source, serialized once rather than on every page rendered. */
const STARTER_SOURCE = startHydrationAfterPaint.toString();

/**
 * Rewrites one flush of React's HTML: removes the module preload links and holds the
 * hydration module back behind the starter script. A flush without the module (the streamed
 * rest of a page) passes through, links included; React writes the head's links and the
 * closing module in the shell's flush. Works on the bytes and decodes only the head, since
 * this runs on every page rendered.
 */
export function deferHydration(html: Buffer): Buffer {
  // The last one: React Router renders it after all of the page's content.
  const moduleAttributes = html.lastIndexOf(MODULE_SCRIPT_ATTRIBUTES);
  if (moduleAttributes < 0) return html;
  const scriptStart = html.lastIndexOf("<script", moduleAttributes);
  const nonceAttribute = html.toString("latin1", scriptStart + "<script".length, moduleAttributes);
  // React hoists the preload links into the head; the module closes the body.
  const headEnd = html.indexOf("</head>");
  const preloadsEnd = headEnd >= 0 && headEnd < scriptStart ? headEnd : scriptStart;
  const hrefs: string[] = [];
  const head = html
    .toString("utf8", 0, preloadsEnd)
    .replace(MODULE_PRELOAD, (_link, href: string) => {
      hrefs.push(href);
      return "";
    });
  const starter = `<script${nonceAttribute}>(${STARTER_SOURCE})(${jsonForScript(hrefs)},${jsonForScript(DEFERRED_MODULE_ID)})</script>`;
  const inertModule = `<script${nonceAttribute} type="text/plain" id="${DEFERRED_MODULE_ID}">`;
  return Buffer.concat([
    Buffer.from(head),
    html.subarray(preloadsEnd, scriptStart),
    Buffer.from(starter + inertModule),
    html.subarray(moduleAttributes + MODULE_SCRIPT_ATTRIBUTES.length),
  ]);
}
