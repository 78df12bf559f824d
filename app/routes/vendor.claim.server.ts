/**
 * The claim page's loader data and intents (issue 33 Must 4): any signed-in user may claim a
 * vendor page by showing the token on the shop's own host, or by a link mailed to the shop's
 * domain. The shop is read by a background job (issue 37 Must 2): the page follows it and, once
 * it found the token, the user is the vendor's member and is sent to the manage page.
 */
import { data, redirect } from "react-router";

import type { AppContext } from "~/.server/platform/context.server";
import { getSessionUser, type SessionUser } from "~/.server/services/auth.server";
import {
  getMembershipVendorId,
  getOrCreateClaim,
  getVendorRecordBySlug,
  type VendorRecord,
} from "~/.server/data/vendor-accounts.server";
import {
  confirmMailedClaim,
  mailClaimLink,
  queueClaimCheck,
} from "~/.server/services/vendor-claims.server";
import { latestShopRead } from "~/.server/data/shop-reads.server";
import { endAbandonedShopReads } from "~/.server/jobs/shop-read-job.server";
import { actionFailure, actionSuccess } from "~/lib/action-result";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import { vendorClaimSchema } from "~/lib/forms/vendor-portal";

export const CLAIM_CHECK_QUEUED = "Checking your shop for the token…";

async function claimant(
  app: AppContext,
  request: Request,
  slug: string,
): Promise<{ user: SessionUser; vendor: VendorRecord }> {
  const user = await getSessionUser(app, request);
  if (!user) {
    const here = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(here.pathname + here.search)}`);
  }
  const vendor = await getVendorRecordBySlug(app.db, slug);
  if (!vendor) throw data("Vendor not found", { status: 404 });
  return { user, vendor };
}

/** The claim's last check of the shop: under way, or why it failed (a success redirects). */
async function lastCheck(app: AppContext, claimId: string) {
  await endAbandonedShopReads(app);
  const read = await latestShopRead(app.db, "vendor-claim", claimId);
  return read ? { status: read.status, message: read.message } : null;
}

export async function loadClaimPage(app: AppContext, request: Request, slug: string) {
  const { user, vendor } = await claimant(app, request, slug);
  if ((await getMembershipVendorId(app.db, user.id)) === vendor.id) {
    throw redirect(`/vendor/${vendor.slug}/manage`);
  }
  const token = new URL(request.url).searchParams.get("token");
  if (token) {
    const outcome = await confirmMailedClaim(app, vendor, user, token);
    if (outcome.ok) throw redirect(`/vendor/${vendor.slug}/manage`);
    return { vendor, claim: null, error: outcome.error, check: null };
  }
  const claim = await getOrCreateClaim(app.db, vendor.id, user.id);
  return { vendor, claim, error: null, check: await lastCheck(app, claim.id) };
}

export async function handleClaimAction(app: AppContext, request: Request, slug: string) {
  const { user, vendor } = await claimant(app, request, slug);
  const parsed = vendorClaimSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return invalidForm(parsed.error);
  switch (parsed.data.intent) {
    case "verify-meta":
    case "verify-file": {
      // The shop is read by a background job; the page shows the outcome when it is in.
      const method = parsed.data.intent === "verify-meta" ? "meta" : "file";
      const outcome = await queueClaimCheck(app, vendor, user, method);
      if (!outcome.ok) return data(actionFailure(outcome.error), { status: 400 });
      return data(actionSuccess(CLAIM_CHECK_QUEUED), { status: 202 });
    }
    case "mail-link": {
      const outcome = await mailClaimLink(app, vendor, user, parsed.data.email);
      if (!outcome.ok) return data(actionFailure(outcome.error), { status: 400 });
      return actionSuccess(`A confirmation link was sent to ${parsed.data.email}.`);
    }
  }
}
