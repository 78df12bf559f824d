import { getSettings } from "~/.server/data/settings.server";
import { getCachedExchangeRates } from "~/.server/services/pricing-context.server";
import { quoteStack } from "~/.server/services/stack.server";
import { DEFAULT_DISPLAY_CURRENCY } from "~/lib/constants";
import { displayCurrencies } from "~/lib/money";
import { stackApiRequestSchema, type StackBasket } from "~/lib/stack";

import type { Route } from "./+types/api.v1.stack";
import { appOf } from "~/.server/platform/context.server";
import type { ApiStackResponse } from "~/lib/open-data-schemas";

/**
 * POST /api/v1/stack: the cheapest split of a stack across vendors. It reads no cookie and
 * changes nothing, so any site may call it (CORS `*`, no credentials; exempt from the
 * same-origin check in server/request-guards.ts).
 */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

function answer(body: unknown, status = 200) {
  return Response.json(body, {
    status,
    headers: { ...CORS_HEADERS, "Cache-Control": "no-store" },
  });
}

function problem(message: string, status = 400) {
  return answer({ error: message }, status);
}

/** A preflight gets the CORS headers; a GET is told to POST. */
export function loader({ request }: Route.LoaderArgs) {
  if (request.method === "OPTIONS")
    return new Response(null, { status: 204, headers: CORS_HEADERS });
  return problem(
    'Send a POST with a JSON body: { "items": [{ "peptide", "size", "quantity" }] }',
    405,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return problem("Only POST is supported", 405);
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") return problem("Send the body as application/json", 415);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return problem("The body is not valid JSON");
  }
  const parsed = stackApiRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return problem(`${where}${issue.message}`);
  }
  const app = appOf(context);
  const { db } = app;
  const [rates, settings] = await Promise.all([
    getCachedExchangeRates(app),
    app.cache.get("settings", () => getSettings(db)),
  ]);
  const currency = parsed.data.currency ?? DEFAULT_DISPLAY_CURRENCY;
  if (!displayCurrencies(rates).includes(currency)) {
    return problem(`No exchange rate for ${currency}`);
  }
  const quote = await quoteStack(db, parsed.data.items, {
    displayCurrency: currency,
    rates,
    staleAfterMissedRuns: settings.staleAfterMissedRuns,
    scrapeIntervalSeconds: settings.scrapeIntervalSeconds,
    now: new Date(),
    shipTo: null,
  });
  if (!quote.ok) return problem(quote.message);
  const { result } = quote;
  const apiBasket = (basket: StackBasket) => ({
    vendor: basket.vendor,
    vendorName: basket.vendorName,
    couponCode: basket.couponCode,
    items: basket.items.map((item) => ({
      peptide: item.peptide,
      size: item.size,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      packs: item.packs,
      vialsPerPack: item.vialsPerPack,
      url: item.url,
    })),
    subtotal: basket.subtotal,
    discount: basket.discount,
    shipping: basket.shipping,
    shippingKnown: basket.shippingKnown,
    total: basket.total,
  });
  const option = result.unknownShippingOption;
  return answer({
    total: result.total,
    currency: result.currency,
    shippingNotStatedVendors: result.shippingNotStatedVendors,
    singleVendorBest: result.singleVendorBest,
    saving: result.saving,
    baskets: result.baskets.map(apiBasket),
    unknownShippingOption:
      option === null
        ? null
        : {
            total: option.total,
            shippingNotStatedVendors: option.shippingNotStatedVendors,
            baskets: option.baskets.map(apiBasket),
          },
    unavailable: result.unavailable,
  } satisfies ApiStackResponse);
}
