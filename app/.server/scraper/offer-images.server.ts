/**
 * The run's image step (issue 32): after a run's prices are written, the product image each
 * offer's listing named is fetched through the same polite fetcher (address guard on every hop,
 * robots.txt, the per-host delay, the 5 MB cap), must say it is an image, and is re-encoded and
 * stored by the upload pipeline (storeImageUpload: kind by its bytes, 40 megapixels, WebP). An
 * image that cannot be used is skipped and counted, never a failure of the run; an address
 * already tried is not fetched again until the listing names another. The image an offer had
 * before is deleted from storage once no offer (nor any other record) names it.
 */
import { TEXT_LIMITS } from "~/lib/text-limits";

import type { AppContext } from "../platform/context.server";
import {
  offerImagesToFetch,
  recordOfferImage,
  type OfferImageRequest,
} from "../data/offer-images.server";
import { deleteUnusedUploads, storeImageUpload } from "../services/uploads.server";
import {
  FetchTimeoutError,
  RobotsUnreachableError,
  UrlCapReachedError,
  type PageFetcher,
} from "../platform/outbound/fetch-page.server";

export type { OfferImageRequest };

/** Images fetched per run at most; the others wait for the next run (their address is untried). */
export const MAX_IMAGES_PER_RUN = 50;
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface OfferImageSummary {
  /** Images fetched, re-encoded and stored (one per address, shared by its offers). */
  stored: number;
  /** Images refused (not an image, too large, a private address, an HTTP error…), with why. */
  skipped: string[];
  /** Images left for the next run: a passing failure (timeout, server error) or the run's limit. */
  deferred: number;
}

/** A failure that may pass (a timeout, a server error): the address is tried again next run. */
class PassingImageError extends Error {}

function isPassing(error: unknown): boolean {
  return (
    error instanceof PassingImageError ||
    error instanceof FetchTimeoutError ||
    error instanceof RobotsUnreachableError ||
    error instanceof UrlCapReachedError ||
    // A system error (connection refused or reset, DNS down): not the image's fault.
    (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string")
  );
}

/** The image's bytes: every redirect hop re-checked by the guard, and an image content type. */
async function fetchImage(fetcher: PageFetcher, address: string): Promise<Buffer> {
  let url = new URL(address);
  for (let hop = 0; ; hop += 1) {
    const response = await fetcher.fetchResource(url.href);
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(response.status) && location) {
      if (hop >= MAX_REDIRECTS) throw new Error("too many redirects");
      url = new URL(location, url);
      continue;
    }
    if (response.status === 429 || response.status >= 500)
      throw new PassingImageError(`answered HTTP ${response.status}`);
    if (response.status < 200 || response.status >= 300)
      throw new Error(`answered HTTP ${response.status}`);
    const type = String(response.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim();
    if (!/^image\//i.test(type)) throw new Error(`is ${type || "of no stated type"}, not an image`);
    return response.body;
  }
}

/** Each address once, with the offers that name it, in the order first named. */
function byAddress(requests: OfferImageRequest[]): Map<string, string[]> {
  const latest = new Map(requests.map((request) => [request.offerId, request.url]));
  const offers = new Map<string, string[]>();
  for (const [offerId, url] of latest) offers.set(url, [...(offers.get(url) ?? []), offerId]);
  return offers;
}

/**
 * Fetches and stores the images the run's listings named for their offers. Never throws: a
 * database or storage failure is logged and the images wait for the next run.
 */
export async function storeOfferImages(
  app: Pick<AppContext, "db" | "env" | "logger" | "cache">,
  fetcher: PageFetcher,
  requests: OfferImageRequest[],
  signal?: AbortSignal,
): Promise<OfferImageSummary> {
  const summary: OfferImageSummary = { stored: 0, skipped: [], deferred: 0 };
  const replaced: string[] = [];
  try {
    const bounded = requests.filter((request) => request.url.length <= TEXT_LIMITS.url);
    const addresses = [...byAddress(await offerImagesToFetch(app.db, bounded))];
    summary.deferred = Math.max(0, addresses.length - MAX_IMAGES_PER_RUN);
    for (const [url, offerIds] of addresses.slice(0, MAX_IMAGES_PER_RUN)) {
      // On shutdown the rest wait for the next run, as their addresses are still untried.
      if (signal?.aborted) {
        summary.deferred += 1;
        continue;
      }
      let imageUrl: string | null;
      try {
        const bytes = await fetchImage(fetcher, url);
        imageUrl = (
          await storeImageUpload(app, new File([new Uint8Array(bytes)], "offer-image"), {
            prefix: "offer",
          })
        ).url;
        summary.stored += 1;
      } catch (error) {
        if (isPassing(error)) {
          summary.deferred += 1;
          continue;
        }
        imageUrl = null;
        summary.skipped.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
      replaced.push(...(await recordOfferImage(app.db, offerIds, { imageUrl, sourceUrl: url })));
    }
    if (summary.stored > 0 || replaced.length > 0) app.cache.clear();
    // After the pages that named them are gone from the cache.
    await deleteUnusedUploads(app, replaced);
  } catch (error) {
    app.logger.warn({ err: error }, "offer images not stored");
  }
  if (summary.stored + summary.skipped.length + summary.deferred === 0) return summary;
  app.logger.info(
    {
      stored: summary.stored,
      skipped: summary.skipped.length,
      deferred: summary.deferred,
      reasons: summary.skipped.slice(0, 5),
    },
    "offer images",
  );
  return summary;
}
