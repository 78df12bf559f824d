/**
 * /go/{offerId} and /go/vendor/{vendorId} (issue 34): every Buy and vendor link leaves the site
 * through here. The target is the stored address of that offer or vendor with the vendor's
 * affiliate template applied; nothing in the request can choose it (unknown or malformed ids
 * are 404, query strings are ignored). A human click is counted once per 30 s per visitor;
 * bots are sent on uncounted.
 */
import { isbot } from "isbot";
import { z } from "zod";

import {
  findOfferClickTarget,
  findVendorClickTarget,
  recordOutboundClick,
  type ClickTarget,
} from "~/.server/data/outbound-clicks.server";
import { getShipTo } from "~/.server/platform/http/ship-to.server";
import { CLIENT_IP_HEADER } from "~/.server/services/address-limits.server";
import type { AppContext } from "~/.server/platform/context.server";
import { outboundClicks } from "~/.server/platform/metrics.server";
import { RepeatClickFilter } from "~/.server/services/repeat-clicks.server";
import { applyAffiliateTemplate, parseAffiliateTemplate } from "~/lib/affiliate";
import { TEXT_LIMITS } from "~/lib/text-limits";

const idSchema = z.uuid();

const repeatClicks = new RepeatClickFilter();

/** Never kept by a browser, proxy or our page cache: each click must reach the server. */
const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

function notFound() {
  return new Response("This link does not lead anywhere.", {
    status: 404,
    headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Our page the click came from: the path of a same-origin Referer, without its query. */
function referringPage(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(request.url).origin) return null;
    return from.pathname.slice(0, TEXT_LIMITS.url);
  } catch {
    return null;
  }
}

async function follow(
  app: AppContext,
  request: Request,
  kind: "offer" | "vendor",
  rawId: string | undefined,
): Promise<Response> {
  const id = idSchema.safeParse(rawId);
  if (!id.success) return notFound();
  const target: ClickTarget | null =
    kind === "offer"
      ? await findOfferClickTarget(app.db, id.data)
      : await findVendorClickTarget(app.db, id.data);
  if (!target) return notFound();
  const template = parseAffiliateTemplate(target.affiliateTemplate);
  // A template that no longer yields an http(s) address never costs the visitor the shop.
  const location =
    applyAffiliateTemplate(target.url, template) ?? applyAffiliateTemplate(target.url, null);
  if (!location) return notFound();

  const userAgent = request.headers.get("user-agent") ?? "";
  const human = request.method === "GET" && userAgent.trim() !== "" && !isbot(userAgent);
  const address = request.headers.get(CLIENT_IP_HEADER) ?? "";
  if (human && repeatClicks.isFirst({ address, userAgent }, `${kind}:${id.data}`)) {
    try {
      await recordOutboundClick(app.db, {
        offerId: kind === "offer" ? id.data : null,
        vendorId: target.vendorId,
        page: referringPage(request),
        shipTo: getShipTo(request),
        affiliated: template !== null,
      });
      outboundClicks.inc({ link: kind, affiliated: template === null ? "no" : "yes" });
    } catch (error) {
      // A click the log could not take still reaches the shop.
      app.logger.error({ err: error }, "recording an outbound click failed");
    }
  }
  return new Response(null, { status: 302, headers: { ...NO_STORE, Location: location } });
}

export function followOfferLink(app: AppContext, request: Request, offerId: string | undefined) {
  return follow(app, request, "offer", offerId);
}

export function followVendorLink(app: AppContext, request: Request, vendorId: string | undefined) {
  return follow(app, request, "vendor", vendorId);
}
