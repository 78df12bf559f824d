/**
 * The vendor's manage page: loader data and per-intent handlers. The vendor guard let the
 * member through; every record read or written here is looked up within `session.vendor`, so
 * another vendor's id in a form finds nothing. The changes, each with its audit entry, are
 * services/vendor-manage.server.ts.
 */
import { and, desc, eq } from "drizzle-orm";
import { data } from "react-router";

import type { AppContext } from "~/.server/platform/context.server";
import type { VendorSession } from "~/.server/http/vendor-guard.server";
import {
  coupons,
  labTests,
  peptides,
  sizeOptions,
  vendorPeptides,
  vendorReplies,
  vendors,
} from "~/.server/db/schema";
import { getVendorSubmissions } from "~/.server/data/vendor-submissions.server";
import { listVendorLabReports } from "~/.server/data/vendor-lab-reports.server";
import { getPublishedReviews } from "~/.server/data/vendor-reviews.server";
import { submitVendorLabReport } from "~/.server/services/vendor-lab-reports.server";
import { uploadedFile } from "~/.server/services/uploads.server";
import { listVendorApiKeys } from "~/.server/services/vendor-api-keys.server";
import {
  createApiKey,
  revokeApiKey,
  saveVendorFeed,
  saveVendorReply,
  saveVendorTerms,
} from "~/.server/services/vendor-manage.server";
import { actionFailure, actionSuccess } from "~/lib/action-result";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import { getVendorFeedUrl } from "~/.server/services/vendor-feed.server";
import { vendorManageSchema, type VendorManageForm } from "~/lib/forms/vendor-portal";
import { UNKNOWN_RECORD } from "~/lib/forms/record-ids";
import { formatSize } from "~/lib/units";

export async function loadVendorManagePage(app: AppContext, session: VendorSession) {
  const { vendor } = session;
  const [terms] = await app.db
    .select({
      shippingCost: vendors.shippingCost,
      currency: vendors.currency,
      shippingFee: vendors.shippingFee,
      freeShippingThreshold: vendors.freeShippingThreshold,
      shipsTo: vendors.shipsTo,
      couponCode: coupons.code,
      discountAmount: coupons.discountAmount,
      discountType: coupons.discountType,
      expirationDate: coupons.expirationDate,
    })
    .from(vendors)
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(eq(vendors.id, vendor.id));
  const [keys, feedUrl, submissions, tests, labReports, reviews, sizes] = await Promise.all([
    listVendorApiKeys(app.db, vendor.id),
    getVendorFeedUrl(app.db, vendor.id),
    getVendorSubmissions(app.db, vendor.id, 20),
    app.db
      .select({
        id: labTests.id,
        peptideName: peptides.name,
        labName: labTests.labName,
        testedOn: labTests.testedOn,
        reply: vendorReplies.body,
      })
      .from(labTests)
      .innerJoin(peptides, eq(peptides.id, labTests.peptideId))
      .leftJoin(
        vendorReplies,
        and(eq(vendorReplies.subject, "lab_test"), eq(vendorReplies.subjectId, labTests.id)),
      )
      .where(eq(labTests.vendorId, vendor.id))
      .orderBy(desc(labTests.testedOn))
      .limit(50),
    listVendorLabReports(app.db, vendor.id),
    getPublishedReviews(app.db, vendor.id),
    // What a lab report may be about: the peptides and sizes the vendor sells.
    app.db
      .selectDistinct({
        peptideId: peptides.id,
        peptideName: peptides.name,
        sizeOptionId: sizeOptions.id,
        quantity: sizeOptions.quantity,
        unit: sizeOptions.unit,
        unitLabel: sizeOptions.unitLabel,
      })
      .from(vendorPeptides)
      .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
      .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
      .where(eq(vendorPeptides.vendorId, vendor.id))
      .orderBy(peptides.name, sizeOptions.quantity),
  ]);
  return {
    vendor,
    terms: terms!,
    keys,
    feedUrl,
    submissions,
    tests,
    labReports: labReports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    reviews: reviews.newest.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    sizes: sizes.map(({ quantity, unit, unitLabel, ...size }) => ({
      ...size,
      label: formatSize(quantity, unit, unitLabel),
    })),
  };
}

type Handler<I extends VendorManageForm["intent"]> = (
  app: AppContext,
  session: VendorSession,
  form: Extract<VendorManageForm, { intent: I }>,
) => Promise<unknown>;

const updateTerms: Handler<"update-terms"> = async (app, session, form) => {
  const { intent: _intent, ...terms } = form;
  await saveVendorTerms(app, session, terms);
  return actionSuccess("Your shipping terms and coupon were saved.");
};

const createKey: Handler<"create-key"> = async (app, session, form) => {
  const created = await createApiKey(app, session, form);
  return {
    ...actionSuccess("API key created. Copy it now: it is shown only once."),
    key: created.key,
  };
};

const revokeKey: Handler<"revoke-key"> = async (app, session, form) => {
  if (!(await revokeApiKey(app, session, form.id))) {
    return data(actionFailure(UNKNOWN_RECORD), { status: 404 });
  }
  return actionSuccess("API key revoked.");
};

const setFeed: Handler<"set-feed"> = async (app, session, form) => {
  const saved = await saveVendorFeed(app, session, form.feedUrl);
  if (!saved.ok) return data(actionFailure(saved.error), { status: 400 });
  return actionSuccess("Your feed is read on the schedule, each item checked on your storefront.");
};

const replyLabTest: Handler<"reply-lab-test"> = async (app, session, form) => {
  if (!(await saveVendorReply(app, session, "lab_test", form.id, form.body))) {
    return data(actionFailure(UNKNOWN_RECORD), { status: 404 });
  }
  return actionSuccess("Your reply is shown beneath the lab result.");
};

const replyReview: Handler<"reply-review"> = async (app, session, form) => {
  if (!(await saveVendorReply(app, session, "review", form.id, form.body))) {
    return data(actionFailure(UNKNOWN_RECORD), { status: 404 });
  }
  return actionSuccess("Your reply is shown beneath the review.");
};

export async function handleVendorManageAction(
  app: AppContext,
  session: VendorSession,
  formData: FormData,
) {
  const parsed = vendorManageSchema.safeParse({
    ...formFields(formData),
    scopes: formData.getAll("scopes"),
  });
  if (!parsed.success) return invalidForm(parsed.error);
  const form = parsed.data;
  switch (form.intent) {
    case "update-terms":
      return updateTerms(app, session, form);
    case "create-key":
      return createKey(app, session, form);
    case "revoke-key":
      return revokeKey(app, session, form);
    case "set-feed":
      return setFeed(app, session, form);
    case "reply-lab-test":
      return replyLabTest(app, session, form);
    case "reply-review":
      return replyReview(app, session, form);
    case "submit-lab-report": {
      const outcome = await submitVendorLabReport(
        app,
        session,
        form,
        uploadedFile(formData.get("report")),
      );
      return outcome.ok
        ? actionSuccess(outcome.message)
        : data(actionFailure(outcome.message), { status: outcome.status });
    }
  }
}
