/** The vendor API's HTTP side (/api/v1/vendor/offers): key, scope, per-key limit, body, answer. */
import { formatSize } from "~/lib/units";
import {
  vendorOffersRequestSchema,
  type VendorOffersResponse,
  type VendorSubmissionList,
} from "~/lib/vendor-api";
import type { VendorApiScope } from "~/lib/vendor-accounts";
import type { StockStatus } from "~/lib/constants";

import type { AppContext } from "../.server/platform/context.server";
import { getVendorRecord, type VendorRecord } from "../.server/data/vendor-accounts.server";
import { getVendorSubmissions } from "../.server/data/vendor-submissions.server";
import { endAbandonedShopReads } from "../.server/jobs/shop-read-job.server";
import { authenticateVendorKey } from "../.server/services/vendor-api-keys.server";
import { submitVendorOffers } from "../.server/services/vendor-submissions.server";

const NO_STORE = { "Cache-Control": "no-store" };

function problem(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { ...NO_STORE, ...headers } });
}

type Authorized = { vendor: VendorRecord; keyId: string; prefix: string; createdBy: string };

async function authorize(
  app: AppContext,
  request: Request,
  scope: VendorApiScope,
): Promise<Authorized | Response> {
  const check = await authenticateVendorKey(app.db, request.headers.get("authorization"), scope);
  if (!check.ok) {
    const headers: Record<string, string> =
      check.status === 429
        ? { "Retry-After": String(check.retryAfterSeconds) }
        : check.status === 401
          ? { "WWW-Authenticate": 'Bearer realm="vendor"' }
          : {};
    return problem(check.status, check.error, headers);
  }
  const vendor = await getVendorRecord(app.db, check.vendorId);
  if (!vendor) return problem(401, "The API key is not valid or was revoked");
  return { vendor, keyId: check.keyId, prefix: check.prefix, createdBy: check.createdBy };
}

export async function handleVendorOffersGet(app: AppContext, request: Request): Promise<Response> {
  const auth = await authorize(app, request, "offers:read");
  if (auth instanceof Response) return auth;
  // A storefront read whose worker died holds its submissions before they are listed.
  await endAbandonedShopReads(app);
  const rows = await getVendorSubmissions(app.db, auth.vendor.id);
  const body: VendorSubmissionList = {
    data: rows.map((row) => ({
      id: row.id,
      peptide: row.peptideName,
      size: formatSize(row.quantity, row.unit, row.unitLabel),
      price: row.price,
      currency: row.currency,
      stock: row.stockStatus as StockStatus,
      status: row.status as VendorSubmissionList["data"][number]["status"],
      storefront: {
        price: row.storefrontPrice,
        stock: row.storefrontStock as StockStatus | null,
      },
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
  };
  return Response.json(body, { headers: NO_STORE });
}

export async function handleVendorOffersPut(app: AppContext, request: Request): Promise<Response> {
  if (request.method !== "PUT")
    return problem(405, "Send the offers with PUT", { Allow: "GET, PUT" });
  const auth = await authorize(app, request, "offers:write");
  if (auth instanceof Response) return auth;
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") return problem(415, "Send the body as application/json");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return problem(400, "The body is not valid JSON");
  }
  const parsed = vendorOffersRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return problem(400, `${where}${issue.message}`);
  }
  const results = await submitVendorOffers(app, auth.vendor, parsed.data.offers, {
    via: "api",
    apiKeyId: auth.keyId,
    actor: { id: auth.createdBy, email: `API key ${auth.prefix}` },
  });
  const answer: VendorOffersResponse = { results };
  // 202: the storefronts are read in the background; GET shows each outcome once it is in.
  return Response.json(answer, { status: 202, headers: NO_STORE });
}
