/**
 * The admin ads page's per-intent handlers. The route checks admin rights before calling them.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getAdById, getAdsByIds } from "~/.server/data/ads.server";
import { saveAd as saveAdService, switchAds } from "~/.server/services/ads.server";
import { deleteToTrash } from "~/.server/services/trash-actions.server";
import {
  ImageUploadError,
  deleteUnusedUploads,
  storeImageUpload,
  uploadedFile,
} from "~/.server/services/uploads.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionSuccess, editConflict, failure } from "~/lib/action-result";
import { changedRowsMessage, rowsChangedSince } from "~/lib/edit-conflict";
import {
  AD_MESSAGES,
  adEditSchema,
  adFormSchema,
  adFormValues,
  adIdSchema,
  adIntentSchema,
  bulkAdsSchema,
  type BulkAdsForm,
} from "~/lib/forms/ads";
import { fieldFailure } from "~/lib/forms/field-failure";
import { formFields, invalidForm } from "~/lib/forms/form-data";

type Admin = Pick<SessionUser, "id" | "email">;

const plural = (count: number) => `${count} ad${count === 1 ? "" : "s"}`;

async function saveAd(
  app: AppContext,
  admin: Admin,
  fields: Record<string, string>,
  formData: FormData,
  editing: boolean,
) {
  const parsed = adFormSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error, AD_MESSAGES.saveFailed);
  const values = parsed.data;
  const editId = editing ? adEditSchema.safeParse(fields) : null;
  if (editId && !editId.success) return invalidForm(editId.error, AD_MESSAGES.saveFailed);
  if (editId && !(await getAdById(app.db, editId.data.id))) {
    return failure(AD_MESSAGES.notFound, 404);
  }

  const image = uploadedFile(formData.get("imageFile"));
  if (image) {
    try {
      values.imageUrl = (await storeImageUpload(app, image, { prefix: "ad" })).url;
    } catch (error) {
      if (!(error instanceof ImageUploadError)) throw error;
      return fieldFailure("imageFile", error.message, 400, AD_MESSAGES.uploadFailed);
    }
  }

  // The upload of a save that did not happen is no one's image.
  const discardUpload = () => deleteUnusedUploads(app, [image && values.imageUrl]);
  let outcome: Awaited<ReturnType<typeof saveAdService>>;
  try {
    outcome = await saveAdService(app, admin, values, editId?.data);
  } catch (error) {
    await discardUpload();
    return writeFailure(app, error, "saving an ad", AD_MESSAGES.saveFailed);
  }
  if (outcome === "changed" || outcome === "missing") await discardUpload();
  if (outcome === "changed") {
    const current = await getAdById(app.db, editId!.data.id);
    if (current) return editConflict(adFormValues(current), current.version);
  }
  if (outcome === "missing" || outcome === "changed") return failure(AD_MESSAGES.notFound, 404);
  // The images it replaced, once no record names them any more (after the page cache is
  // emptied).
  await deleteUnusedUploads(app, outcome.replaced);
  return actionSuccess(editId ? AD_MESSAGES.updated : AD_MESSAGES.created);
}

/**
 * Activate, deactivate or delete the selected ads. Every id must still exist and be at the
 * version the page showed: otherwise nothing is changed and the answer says which (404, 409).
 */
async function bulkUpdateAds(app: AppContext, admin: Admin, form: BulkAdsForm) {
  const found = await getAdsByIds(app.db, form.ids);
  if (found.length !== form.ids.length) {
    return failure(AD_MESSAGES.staleSelection, 404, "Nothing was changed");
  }
  const changedMeanwhile = rowsChangedSince(
    found.map((ad) => ({ ...ad, name: ad.title })),
    form.versions,
  );
  if (changedMeanwhile.length > 0) {
    return failure(changedRowsMessage(changedMeanwhile, "ads"), 409, "Nothing was changed");
  }
  if (form.operation === "delete") {
    return deleteToTrash(app, admin, {
      entity: "ad",
      ids: form.ids,
      auditEntity: "ads",
      deletedMessage: (count) => `${plural(count)} deleted`,
      notFoundMessage: AD_MESSAGES.staleSelection,
    });
  }
  const active = form.operation === "activate";
  await switchAds(app, admin, found, active);
  return actionSuccess(`${plural(found.length)} ${active ? "activated" : "deactivated"}`);
}

export async function handleAdAction(app: AppContext, admin: Admin, formData: FormData) {
  const fields = formFields(formData);
  const intent = adIntentSchema.safeParse(fields);
  if (!intent.success) return failure("Unknown action", 400);

  switch (intent.data.intent) {
    case "create":
    case "update":
      return saveAd(app, admin, fields, formData, intent.data.intent === "update");

    case "delete": {
      const id = adIdSchema.safeParse(fields);
      if (!id.success) return invalidForm(id.error, AD_MESSAGES.saveFailed);
      return deleteToTrash(app, admin, {
        entity: "ad",
        ids: [id.data.id],
        auditEntity: "ads",
        deletedMessage: AD_MESSAGES.deleted,
        notFoundMessage: AD_MESSAGES.notFound,
      });
    }

    default: {
      const bulk = bulkAdsSchema.safeParse(fields);
      if (!bulk.success) return invalidForm(bulk.error, "Nothing was changed");
      return bulkUpdateAds(app, admin, bulk.data);
    }
  }
}
