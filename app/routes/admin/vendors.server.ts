/**
 * The admin vendors page's loader data and per-intent handlers. The route checks admin rights
 * before calling either.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { couponWarnUntil } from "~/.server/data/dashboard.server";
import { getAdminVendor, getAdminVendorPage, vendorNameTaken } from "~/.server/data/vendors.server";
import { saveVendor } from "~/.server/services/vendors.server";
import { deleteToTrash } from "~/.server/services/trash-actions.server";
import {
  ImageUploadError,
  deleteUnusedUploads,
  storeImageUpload,
  uploadedFile,
} from "~/.server/services/uploads.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionSuccess, editConflict, failure } from "~/lib/action-result";
import { VENDORS_TABLE } from "~/lib/admin-tables";
import { fieldFailure } from "~/lib/forms/field-failure";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import {
  couponHasExpired,
  PAST_EXPIRY_WARNING,
  vendorFormValues,
  vendorPageSchema,
} from "~/lib/forms/vendors";
import { slugify } from "~/lib/slug";
import { readTablePage } from "~/lib/table-query";

type Admin = Pick<SessionUser, "id" | "email">;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function loadVendorsPage(app: AppContext, url: URL, now: Date) {
  const requested = VENDORS_TABLE.parse(url.searchParams);
  const table = await readTablePage(requested, (page) =>
    getAdminVendorPage(app.db, {
      search: requested.q,
      couponExpiringBy: requested.filters.coupon ? couponWarnUntil(now) : null,
      sort: { column: requested.sort, direction: requested.dir },
      page,
      pageSize: requested.pageSize,
    }),
  );
  return { ...table, today: isoDay(now) };
}

export async function handleVendorAction(
  app: AppContext,
  admin: Admin,
  formData: FormData,
  now: Date,
) {
  const parsed = vendorPageSchema.safeParse(formFields(formData));
  if (!parsed.success) return invalidForm(parsed.error);
  const form = parsed.data;

  if (form.intent === "bulk-vendors") {
    return deleteToTrash(app, admin, {
      entity: "vendor",
      ids: form.ids,
      auditEntity: "vendor",
      deletedMessage: (count) => `${count} vendor${count === 1 ? "" : "s"} deleted`,
      notFoundMessage: "Some selected vendors no longer exist; reload the page and select again",
    });
  }
  if (form.intent === "delete-vendor") {
    return deleteToTrash(app, admin, {
      entity: "vendor",
      ids: [form.id],
      auditEntity: "vendor",
      deletedMessage: "Vendor deleted",
      notFoundMessage: "Vendor not found",
    });
  }

  const id = form.intent === "update-vendor" ? form.id : null;
  const before = id ? await getAdminVendor(app.db, id) : null;
  if (id && !before) return failure("Vendor not found", 404);
  if (await vendorNameTaken(app.db, form.name, id ?? undefined)) {
    return fieldFailure("name", `A vendor named "${form.name}" already exists`, 409);
  }

  let logoUrl = form.logoUrl;
  const logo = uploadedFile(formData.get("logo"));
  if (logo) {
    try {
      logoUrl = (await storeImageUpload(app, logo, { prefix: `vendor-${slugify(form.name)}` })).url;
    } catch (error) {
      if (error instanceof ImageUploadError)
        return fieldFailure("logo", error.message, 400, "Image Upload Error");
      throw error;
    }
  }

  const input = {
    name: form.name,
    website: form.website,
    logoUrl,
    isPreferred: form.isPreferred,
    shippingCost: form.shippingCost,
    currency: form.currency,
    shippingFee: form.shippingFee,
    freeShippingThreshold: form.freeShippingThreshold,
    shipsTo: form.shipsTo,
    rating: form.rating,
    affiliateTemplate: form.affiliateTemplate,
  };
  let outcome: Awaited<ReturnType<typeof saveVendor>>;
  try {
    outcome = await saveVendor(
      app,
      admin,
      input,
      form.couponCode !== null && form.discountAmount !== null
        ? {
            code: form.couponCode,
            discountAmount: form.discountAmount,
            discountType: form.discountType,
            expirationDate: form.expirationDate,
          }
        : null,
      form.intent === "update-vendor" ? form : undefined,
    );
  } catch (error) {
    // The upload of a save that did not happen is no one's logo.
    await deleteUnusedUploads(app, [logo && logoUrl]);
    // A name taken between the check and the write.
    return writeFailure(
      app,
      error,
      "saving a vendor",
      id ? "Failed to update vendor" : "Failed to add vendor",
    );
  }
  if (outcome === "missing" || outcome === "changed") {
    await deleteUnusedUploads(app, [logo && logoUrl]);
    if (outcome === "missing") return failure("Vendor not found", 404);
    const current = await getAdminVendor(app.db, id!);
    if (!current) return failure("Vendor not found", 404);
    return editConflict(vendorFormValues(current), current.version);
  }
  // The logo it replaced, once no record names it any more (after the page cache is emptied).
  if (before && before.logoUrl !== logoUrl) await deleteUnusedUploads(app, [before.logoUrl]);
  const saved = id ? "Vendor updated" : "Vendor added";
  // A past date is allowed (recording a coupon that ran out), but the admin is told.
  const expired = form.couponCode !== null && couponHasExpired(form.expirationDate, isoDay(now));
  return actionSuccess(expired ? `${saved}. ${PAST_EXPIRY_WARNING}` : saved);
}
