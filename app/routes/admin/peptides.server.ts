/**
 * The admin peptides page's loader data and per-intent handlers. The route checks admin rights
 * before calling either.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getCategories } from "~/.server/data/categories.server";
import {
  getAdminPeptide,
  getAdminPeptidePage,
  getAdminPeptidesByIds,
  getPeptideIdBySlug,
  type DisplacedPeptide,
  type PeptideInput,
} from "~/.server/data/peptides.server";
import {
  promotePeptide,
  savePeptide as savePeptideService,
  switchPeptides,
} from "~/.server/services/peptides.server";
import { deleteToTrash } from "~/.server/services/trash-actions.server";
import {
  deleteUnusedUploads,
  ImageUploadError,
  storeImageUpload,
  uploadedFile,
} from "~/.server/services/uploads.server";
import { inputErrorOf, writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionSuccess, editConflict, failure } from "~/lib/action-result";
import { changedRowsMessage, rowsChangedSince } from "~/lib/edit-conflict";
import { PEPTIDES_TABLE } from "~/lib/admin-tables";
import { fieldFailure } from "~/lib/forms/field-failure";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import {
  MAX_POPULAR_ORDER,
  peptideFormValues,
  peptidePageSchema,
  resolvePopularOrder,
  type PeptidePageForm,
} from "~/lib/forms/peptides";
import { slugify } from "~/lib/slug";
import { readTablePage } from "~/lib/table-query";

type Admin = Pick<SessionUser, "id" | "email">;

export async function loadPeptidesPage(app: AppContext, url: URL) {
  const requested = PEPTIDES_TABLE.parse(url.searchParams);
  const { popular, category, status } = requested.filters;
  const [table, categories] = await Promise.all([
    readTablePage(requested, (page) =>
      getAdminPeptidePage(app.db, {
        search: requested.q,
        categoryId: category ?? null,
        popular: popular === undefined ? null : popular === "1",
        active: status === undefined ? null : status === "active",
        sort: { column: requested.sort, direction: requested.dir },
        page,
        pageSize: requested.pageSize,
      }),
    ),
    getCategories(app.db),
  ]);
  return { ...table, categories };
}

function displacedNote(displaced: DisplacedPeptide | null): string {
  return displaced ? ` (${displaced.name} left popular slot #${displaced.popularOrder})` : "";
}

async function savePeptide(
  app: AppContext,
  admin: Admin,
  form: Extract<PeptidePageForm, { intent: "create-peptide" | "update-peptide" }>,
  image: File | null,
) {
  const peptideId = form.intent === "update-peptide" ? form.id : null;
  const slug = slugify(form.slug ?? form.name);
  if (!slug) return fieldFailure("slug", "The slug needs at least one letter or digit", 400);
  const slugTaken = `The slug "${slug}" is already used by another peptide`;
  const [holder, before, categories] = await Promise.all([
    getPeptideIdBySlug(app.db, slug),
    peptideId ? getAdminPeptide(app.db, peptideId) : null,
    form.categoryId ? getCategories(app.db) : [],
  ]);
  if (peptideId && !before) return failure("Peptide not found", 404);
  if (holder && holder !== peptideId) return fieldFailure("slug", slugTaken, 409);
  if (form.categoryId && !categories.some((category) => category.id === form.categoryId))
    return fieldFailure("categoryId", "Unknown category", 400);

  let imageUrl = form.imageUrl;
  if (image) {
    try {
      imageUrl = (await storeImageUpload(app, image, { prefix: `peptide-${slug}` })).url;
    } catch (error) {
      if (error instanceof ImageUploadError)
        return fieldFailure("image", error.message, 400, "Image Upload Error");
      throw error;
    }
  }

  const input: PeptideInput = {
    name: form.name,
    slug,
    categoryId: form.categoryId,
    description: form.description,
    imageUrl,
    keyBenefits: form.keyBenefits,
    aliases: form.aliases,
    isPopular: form.isPopular,
    popularOrder: resolvePopularOrder(form.isPopular, form.popularOrder),
    published: form.published,
  };
  let saved: Awaited<ReturnType<typeof savePeptideService>>;
  try {
    saved = await savePeptideService(
      app,
      admin,
      input,
      form.intent === "update-peptide" ? form : undefined,
    );
  } catch (error) {
    // The upload of a save that did not happen is no one's image.
    await deleteUnusedUploads(app, [image && imageUrl]);
    // A slug taken between the check and the write, or a category deleted meanwhile.
    if (inputErrorOf(error)?.status === 409) return fieldFailure("slug", slugTaken, 409);
    return writeFailure(
      app,
      error,
      "saving a peptide",
      peptideId ? "Failed to update peptide" : "Failed to add peptide",
    );
  }
  if (saved === "missing" || saved === "changed")
    await deleteUnusedUploads(app, [image && imageUrl]);
  if (saved === "missing") return failure("Peptide not found", 404);
  if (saved === "changed") {
    const current = peptideId ? await getAdminPeptide(app.db, peptideId) : null;
    if (!current) return failure("Peptide not found", 404);
    return editConflict(peptideFormValues(current), current.version);
  }
  // The image it replaced, once no record names it any more (after the page cache is emptied).
  if (before?.imageUrl !== imageUrl) await deleteUnusedUploads(app, [before?.imageUrl]);
  return actionSuccess(
    `${peptideId ? "Peptide updated" : "Peptide added"}${displacedNote(saved.displaced)}`,
  );
}

const STALE_SELECTION = "Some selected peptides no longer exist; reload the page and select again";
const peptidesCount = (count: number) => `${count} peptide${count === 1 ? "" : "s"}`;

/**
 * The bulk bar: to the trash, or shown or hidden on the public side. A row changed since the
 * page showed it (its version) or, for activate/deactivate, gone: nothing is changed and the
 * answer says which (409, 404).
 */
async function bulkPeptides(
  app: AppContext,
  admin: Admin,
  form: Extract<PeptidePageForm, { intent: "bulk-peptides" }>,
) {
  const found = await getAdminPeptidesByIds(app.db, form.ids);
  const changedMeanwhile = rowsChangedSince(found, form.versions);
  if (changedMeanwhile.length > 0) {
    return failure(changedRowsMessage(changedMeanwhile, "peptides"), 409, "Nothing was changed");
  }
  if (form.operation === "delete") {
    return deleteToTrash(app, admin, {
      entity: "peptide",
      ids: form.ids,
      auditEntity: "peptide",
      deletedMessage: (count) => `${peptidesCount(count)} deleted`,
      notFoundMessage: "Peptide not found",
    });
  }
  if (found.length !== form.ids.length) {
    return failure(STALE_SELECTION, 404, "Nothing was changed");
  }
  const active = form.operation === "activate";
  await switchPeptides(app, admin, form.ids, active);
  return actionSuccess(`${peptidesCount(found.length)} ${active ? "activated" : "deactivated"}`);
}
export async function handlePeptideAction(app: AppContext, admin: Admin, formData: FormData) {
  const parsed = peptidePageSchema.safeParse(formFields(formData));
  if (!parsed.success) return invalidForm(parsed.error);
  const form = parsed.data;

  switch (form.intent) {
    case "create-peptide":
    case "update-peptide":
      return savePeptide(app, admin, form, uploadedFile(formData.get("image")));

    case "delete-peptide":
      return deleteToTrash(app, admin, {
        entity: "peptide",
        ids: [form.id],
        auditEntity: "peptide",
        deletedMessage: "Peptide deleted",
        notFoundMessage: "Peptide not found",
      });

    case "bulk-peptides":
      return bulkPeptides(app, admin, form);

    case "promote-peptide": {
      const result = await promotePeptide(app, admin, form.id);
      if (!result.ok) {
        if (result.reason === "not-found") return failure("Peptide not found", 404);
        if (result.reason === "already-popular")
          return failure("This peptide is already popular", 409);
        return failure(
          `All ${MAX_POPULAR_ORDER} popular slots are taken. Edit a popular peptide and switch Popular off first.`,
          409,
        );
      }
      return actionSuccess(`Peptide marked popular (#${result.popularOrder})`);
    }
  }
}
