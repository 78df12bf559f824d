/**
 * A vendor member's own changes on its manage page (issue 33 Must 4): shipping terms and
 * coupon, API keys, the product feed, replies beneath its lab results and reviews. Each write
 * and its audit entry (the member named as the actor) commit together; what visitors see
 * (terms, coupon, replies) empties the page cache once committed. Every record is looked up
 * within `vendor`, so another vendor's id finds nothing. The route's handler parses the form and
 * turns the outcome into its answer.
 */

import type { VendorManageForm } from "~/lib/forms/vendor-portal";

import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import type { VendorRecord } from "../data/vendor-accounts.server";
import { findLabTestOfVendor } from "../data/lab-tests.server";
import { deleteCouponForVendor, updateVendorShipping, upsertCoupon } from "../data/vendors.server";
import { findPublishedReviewOfVendor, upsertVendorReply } from "../data/vendor-reviews.server";
import { commitAudited, commitPublicChange } from "./audited-change.server";
import { createVendorApiKey, revokeVendorApiKey } from "./vendor-api-keys.server";
import { setVendorFeed } from "./vendor-feed.server";

type App = Pick<AppContext, "db" | "cache">;
/** The member acting for its vendor. */
interface Member {
  user: Pick<SessionUser, "id" | "email">;
  vendor: VendorRecord;
}
type TermsForm = Omit<Extract<VendorManageForm, { intent: "update-terms" }>, "intent">;
type KeyForm = Pick<
  Extract<VendorManageForm, { intent: "create-key" }>,
  "name" | "scopes" | "requestsPerMinute"
>;

/** The vendor's shipping terms, and its coupon (none: removed). */
export async function saveVendorTerms(
  app: App,
  { user, vendor }: Member,
  form: TermsForm,
): Promise<void> {
  const { couponCode, discountAmount, discountType, expirationDate, ...shipping } = form;
  await commitPublicChange(app, user, async (tx, audit) => {
    await updateVendorShipping(tx, vendor.id, shipping);
    if (couponCode === null) {
      await deleteCouponForVendor(tx, vendor.id);
    } else {
      await upsertCoupon(tx, vendor.id, {
        code: couponCode,
        discountAmount: discountAmount!,
        discountType,
        expirationDate,
        // Shown "reported by the vendor" until buyers confirm it works.
        vendorReportedAt: new Date(),
      });
    }
    audit({
      action: "update",
      entity: "vendor",
      entityId: vendor.id,
      name: vendor.name,
      details: { by: "vendor", shipping, couponCode },
    });
  });
}

/** A new API key for the vendor; the key itself is returned once, never stored. */
export async function createApiKey(
  app: Pick<AppContext, "db">,
  { user, vendor }: Member,
  form: KeyForm,
): Promise<{ id: string; key: string; prefix: string }> {
  return commitAudited(app, user, async (tx, audit) => {
    const created = await createVendorApiKey(tx, {
      vendorId: vendor.id,
      name: form.name,
      scopes: form.scopes,
      requestsPerMinute: form.requestsPerMinute,
      createdBy: user.id,
    });
    audit({
      action: "create",
      entity: "vendor_api_key",
      entityId: created.id,
      name: form.name,
      details: { prefix: created.prefix, scopes: form.scopes, vendor: vendor.name },
    });
    return created;
  });
}

/** Revokes one of the vendor's live keys; false: it has no such key. */
export async function revokeApiKey(
  app: Pick<AppContext, "db">,
  { user, vendor }: Member,
  keyId: string,
): Promise<boolean> {
  return commitAudited(app, user, async (tx, audit) => {
    if (!(await revokeVendorApiKey(tx, vendor.id, keyId))) return false;
    audit({
      action: "revoke",
      entity: "vendor_api_key",
      entityId: keyId,
      details: { vendor: vendor.name },
    });
    return true;
  });
}

/** Points the vendor's product feed at `feedUrl` (read on the schedule). */
export async function saveVendorFeed(
  app: Pick<AppContext, "db">,
  { user, vendor }: Member,
  feedUrl: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  return commitAudited(app, user, async (tx, audit) => {
    const saved = await setVendorFeed(tx, vendor, feedUrl);
    if (!saved.ok) return saved;
    audit({
      action: "update",
      entity: "scrape_source",
      entityId: saved.sourceId,
      name: vendor.name,
      details: { by: "vendor", feedUrl },
    });
    return { ok: true };
  });
}

/**
 * The vendor's one reply to a subject of its own (a lab result, a published review): created or
 * replaced, shown beneath it. False: the vendor has no such lab result or published review.
 */
export async function saveVendorReply(
  app: App,
  { user, vendor }: Member,
  subject: "lab_test" | "review",
  subjectId: string,
  body: string,
): Promise<boolean> {
  return commitPublicChange(app, user, async (tx, audit) => {
    const own =
      subject === "lab_test"
        ? await findLabTestOfVendor(tx, subjectId, vendor.id)
        : await findPublishedReviewOfVendor(tx, subjectId, vendor.id);
    if (!own) return false;
    await upsertVendorReply(tx, {
      vendorId: vendor.id,
      subject,
      subjectId: own.id,
      body,
      authorUserId: user.id,
    });
    audit({
      action: "update",
      entity: "vendor_reply",
      entityId: own.id,
      name: vendor.name,
      details: { subject },
    });
    return true;
  });
}
