import type { ColumnDef } from "@tanstack/react-table";
import { ExternalLink, Plus, Star } from "lucide-react";
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";

import { notifyPriceDrops } from "~/.server/alerts.server";
import { requireAdmin } from "~/.server/auth.server";
import { recordAudit, recordPublicChange } from "~/.server/data/audit.server";
import { getCategories } from "~/.server/data/categories.server";
import {
  createPeptide,
  deletePeptide,
  getAdminPeptides,
  getPeptideById,
  getPeptideIdBySlug,
  promotePeptide,
  updatePeptide,
  type AdminPeptide,
} from "~/.server/data/peptides.server";
import { findOrCreateSizeOption } from "~/.server/data/size-options.server";
import {
  deleteVendorPeptide,
  getAdminVendorPeptides,
  saveManualVendorPrice,
  type AdminVendorPeptide,
} from "~/.server/data/vendor-peptides.server";
import { getVendorOptions, vendorExists } from "~/.server/data/vendors.server";
import { ImageUploadError, storeImageUpload, uploadedFile } from "~/.server/uploads.server";
import { writeFailure } from "~/.server/write-errors.server";
import { failure, actionSuccess, type ActionResult } from "~/lib/action-result";
import { ConfirmDeleteButton, useFetcherToast } from "~/components/admin/confirm-delete-button";
import { DataTable } from "~/components/admin/data-table";
import {
  Field,
  FormDialogFooter,
  NativeSelect,
  useDialogState,
  useLoadErrorToast,
  validateOnSubmit,
  type DialogState,
} from "~/components/admin/form-controls";
import { EditButton } from "~/components/admin/row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { useActionToast } from "~/hooks/use-action-toast";
import {
  ADMIN_PAGE_SIZE,
  ADMIN_VENDOR_PEPTIDES_PAGE_SIZE,
  CURRENCIES,
  UNITS,
} from "~/lib/constants";
import { formatPrice } from "~/lib/format";
import { MAX_POPULAR_ORDER, peptidePageSchema, resolvePopularOrder } from "~/lib/forms/catalog";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { slugify } from "~/lib/slug";

import { AliasesField } from "~/components/admin/peptides/aliases-field";
import type { Route } from "./+types/peptides";

const LOAD_FAILED = "Failed to load categories, vendors, or peptides";
const DELETE_PEPTIDE_KEY = "delete-peptide";
const DELETE_PRICE_KEY = "delete-vendor-price";
const PROMOTE_KEY = "promote-peptide";

export function meta() {
  return [{ title: "Peptides · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.app, request);
  const { db, logger } = context.app;
  try {
    const [peptides, categories, vendors, vendorPeptides] = await Promise.all([
      getAdminPeptides(db),
      getCategories(db),
      getVendorOptions(db),
      getAdminVendorPeptides(db),
    ]);
    return { peptides, categories, vendors, vendorPeptides, loadFailed: false };
  } catch (error) {
    logger.error({ err: error }, "admin peptides page failed to load");
    return { peptides: [], categories: [], vendors: [], vendorPeptides: [], loadFailed: true };
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === "23505" || cause?.code === "23505";
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.app, request);
  const { app } = context;
  const { db } = app;
  const formData = await request.formData();
  const parsed = peptidePageSchema.safeParse(formFields(formData));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const form = parsed.data;

  switch (form.intent) {
    case "create-peptide":
    case "update-peptide": {
      const peptideId = form.intent === "update-peptide" ? form.id : null;
      const slug = slugify(form.slug ?? form.name);
      if (!slug) return failure("The slug needs at least one letter or digit", 400);
      const holder = await getPeptideIdBySlug(db, slug);
      if (holder && holder !== peptideId) {
        return failure(`The slug "${slug}" is already used by another peptide`, 409);
      }
      if (peptideId && !(await getPeptideById(db, peptideId)))
        return failure("Peptide not found", 404);

      let imageUrl = form.imageUrl;
      const image = uploadedFile(formData.get("image"));
      if (image) {
        try {
          imageUrl = (await storeImageUpload(app, image, { prefix: `peptide-${slug}` })).url;
        } catch (error) {
          if (error instanceof ImageUploadError)
            return failure(error.message, 400, "Image Upload Error");
          throw error;
        }
      }

      const input = {
        name: form.name,
        slug,
        categoryId: form.categoryId,
        description: form.description,
        imageUrl,
        keyBenefits: form.keyBenefits,
        aliases: form.aliases,
        isPopular: form.isPopular,
        popularOrder: resolvePopularOrder(form.isPopular, form.popularOrder),
      };
      let savedId: string;
      try {
        if (peptideId) {
          await updatePeptide(db, peptideId, input);
          savedId = peptideId;
        } else {
          savedId = await createPeptide(db, input);
        }
      } catch (error) {
        // A slug taken between the check and the write, or a category deleted meanwhile.
        if (isUniqueViolation(error))
          return failure(`The slug "${slug}" is already used by another peptide`, 409);
        return writeFailure(
          app,
          error,
          "saving a peptide",
          peptideId ? "Failed to update peptide" : "Failed to add peptide",
        );
      }
      await recordPublicChange(app, admin, {
        action: peptideId ? "update" : "create",
        entity: "peptide",
        entityId: savedId,
        details: {
          name: input.name,
          slug,
          isPopular: input.isPopular,
          popularOrder: input.popularOrder,
        },
      });
      return actionSuccess(peptideId ? "Peptide updated" : "Peptide added");
    }

    case "delete-peptide": {
      if (!(await deletePeptide(db, form.id))) return failure("Peptide not found", 404);
      await recordPublicChange(app, admin, {
        action: "delete",
        entity: "peptide",
        entityId: form.id,
      });
      return actionSuccess("Peptide deleted");
    }

    case "promote-peptide": {
      const result = await promotePeptide(db, form.id);
      if (!result.ok) {
        if (result.reason === "not-found") return failure("Peptide not found", 404);
        if (result.reason === "already-popular")
          return failure("This peptide is already popular", 409);
        return failure(
          `All ${MAX_POPULAR_ORDER} popular slots are taken. Edit a popular peptide and switch Popular off first.`,
          409,
        );
      }
      await recordPublicChange(app, admin, {
        action: "update",
        entity: "peptide",
        entityId: form.id,
        details: { isPopular: true, popularOrder: result.popularOrder },
      });
      return actionSuccess(`Peptide marked popular (#${result.popularOrder})`);
    }

    case "create-vendor-price": {
      if (!(await getPeptideById(db, form.peptideId)))
        return failure("Selected peptide not found", 404);
      if (!(await vendorExists(db, form.vendorId)))
        return failure("Selected vendor not found", 404);
      let sizeOptionId: string;
      try {
        sizeOptionId = (
          await findOrCreateSizeOption(db, {
            peptideId: form.peptideId,
            quantity: form.quantity,
            unit: form.unit,
            unitLabel: form.unitLabel,
          })
        ).id;
      } catch (error) {
        return writeFailure(
          app,
          error,
          "creating a size option",
          "Failed to create new size option",
        );
      }
      let saved: Awaited<ReturnType<typeof saveManualVendorPrice>>;
      try {
        saved = await saveManualVendorPrice(db, {
          peptideId: form.peptideId,
          vendorId: form.vendorId,
          sizeOptionId,
          price: form.price,
          currency: form.currency,
          url: form.url,
          purity: form.purity,
          notes: form.notes,
        });
        await recordPublicChange(app, admin, {
          action: saved.created ? "create" : "update",
          entity: "vendor_peptide",
          entityId: saved.vendorPeptideId,
          details: { oldPrice: saved.oldPrice, newPrice: saved.newPrice, currency: form.currency },
        });
      } catch (error) {
        return writeFailure(
          app,
          error,
          "saving a vendor price",
          "Failed to add vendor peptide data",
        );
      }
      app.cache.clear();
      if (saved.oldPrice !== null && saved.newPrice !== saved.oldPrice) {
        // The price is saved either way; a mail failure must not turn the admin's save into an error.
        await notifyPriceDrops(app, [
          {
            vendorPeptideId: saved.vendorPeptideId,
            oldPrice: saved.oldPrice,
            newPrice: saved.newPrice,
          },
        ]).catch((error: unknown) => app.logger.error({ err: error }, "price-drop alerts failed"));
      }
      return actionSuccess("Vendor peptide data added successfully");
    }

    case "delete-vendor-price": {
      if (!(await deleteVendorPeptide(db, form.id))) return failure("Vendor price not found", 404);
      await recordAudit(db, admin, {
        action: "delete",
        entity: "vendor_peptide",
        entityId: form.id,
      });
      return actionSuccess("Vendor peptide deleted");
    }
  }
}

// ---------------------------------------------------------------- page

export default function AdminPeptides({ loaderData }: Route.ComponentProps) {
  const { peptides, categories, vendors, vendorPeptides, loadFailed } = loaderData;
  const peptideDialog = useDialogState<AdminPeptide>();
  const openPeptideDialog = peptideDialog.open;
  const priceDialog = useDialogState<null>();

  useLoadErrorToast(loadFailed ? LOAD_FAILED : null);
  useFetcherToast(DELETE_PEPTIDE_KEY);
  useFetcherToast(DELETE_PRICE_KEY);
  const promoteFetcher = useFetcherToast(PROMOTE_KEY);

  const peptideColumns = useMemo<ColumnDef<AdminPeptide, unknown>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        accessorFn: (row) => row.name,
        cell: ({ row }) => (
          <div className="flex flex-wrap items-center gap-2 font-medium">
            {row.original.name}
            {row.original.isPopular ? (
              <Badge variant="secondary">Popular #{row.original.popularOrder}</Badge>
            ) : null}
          </div>
        ),
      },
      {
        id: "category",
        header: "Category",
        accessorFn: (row) => row.categoryName ?? "",
        cell: ({ row }) =>
          row.original.categoryName ?? <span className="text-muted-foreground">Uncategorised</span>,
      },
      {
        id: "description",
        header: "Description",
        enableSorting: false,
        cell: ({ row }) => (
          <p className="line-clamp-2 max-w-md min-w-40 text-muted-foreground">
            {row.original.description}
          </p>
        ),
      },
      {
        id: "actions",
        header: "Actions",
        enableSorting: false,
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            <EditButton
              label={`Edit ${row.original.name}`}
              onClick={() => openPeptideDialog(row.original)}
            />
            {row.original.isPopular ? null : (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Mark ${row.original.name} popular`}
                disabled={promoteFetcher.state !== "idle"}
                onClick={() =>
                  promoteFetcher.submit(
                    { intent: "promote-peptide", id: row.original.id },
                    { method: "post" },
                  )
                }
              >
                <Star className="size-4" aria-hidden />
              </Button>
            )}
            <ConfirmDeleteButton
              fetcherKey={DELETE_PEPTIDE_KEY}
              fields={{ intent: "delete-peptide", id: row.original.id }}
              itemName={row.original.name}
              description={`${row.original.name} and all its sizes and vendor prices will be permanently deleted.`}
            />
          </div>
        ),
      },
    ],
    [promoteFetcher, openPeptideDialog],
  );

  const priceColumns = useMemo<ColumnDef<AdminVendorPeptide, unknown>[]>(
    () => [
      { id: "peptide", header: "Peptide", accessorFn: (row) => row.peptideName },
      { id: "vendor", header: "Vendor", accessorFn: (row) => row.vendorName },
      {
        id: "price",
        header: "Price",
        accessorFn: (row) => row.price,
        cell: ({ row }) => (
          <span className="tabular-nums">
            {formatPrice(row.original.price, row.original.currency)}
          </span>
        ),
      },
      { id: "currency", header: "Currency", accessorFn: (row) => row.currency },
      {
        id: "quantity",
        header: "Quantity",
        accessorFn: (row) => row.quantity,
        cell: ({ row }) => <span className="tabular-nums">{row.original.quantity}</span>,
      },
      {
        id: "unit",
        header: "Unit",
        accessorFn: (row) => (row.unit === "other" ? (row.unitLabel ?? "other") : row.unit),
      },
      { id: "purity", header: "Purity", accessorFn: (row) => row.purity ?? "" },
      { id: "notes", header: "Notes", accessorFn: (row) => row.notes ?? "" },
      {
        id: "link",
        header: "Link",
        accessorFn: (row) => row.url ?? "",
        cell: ({ row }) =>
          row.original.url ? (
            <a
              href={row.original.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
            >
              Open
              <ExternalLink className="size-3.5" aria-hidden />
              <span className="sr-only">(opens {row.original.vendorName} in a new tab)</span>
            </a>
          ) : null,
      },
      {
        id: "actions",
        header: "Actions",
        enableSorting: false,
        cell: ({ row }) => (
          <ConfirmDeleteButton
            fetcherKey={DELETE_PRICE_KEY}
            fields={{ intent: "delete-vendor-price", id: row.original.id }}
            itemName={`${row.original.vendorName} price for ${row.original.peptideName}`}
            description={`The ${row.original.vendorName} price for ${row.original.peptideName} and its price history will be permanently deleted.`}
          />
        ),
      },
    ],
    [],
  );

  return (
    <div className="space-y-10">
      <section aria-labelledby="peptides-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="peptides-heading" className="text-2xl font-semibold tracking-tight">
            Peptides
          </h1>
          <Button onClick={() => openPeptideDialog()}>
            <Plus aria-hidden />
            Add Peptide
          </Button>
        </div>
        <DataTable
          label="Peptides"
          columns={peptideColumns}
          data={peptides}
          pageSize={ADMIN_PAGE_SIZE}
          emptyMessage="No peptides yet."
          getRowId={(row) => row.id}
        />
      </section>

      <section aria-labelledby="vendor-prices-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="vendor-prices-heading" className="text-xl font-semibold tracking-tight">
            Vendor Prices
          </h2>
          <Button variant="outline" onClick={() => priceDialog.open()}>
            <Plus aria-hidden />
            Add Vendor Price
          </Button>
        </div>
        <DataTable
          label="Vendor prices"
          columns={priceColumns}
          data={vendorPeptides}
          pageSize={ADMIN_VENDOR_PEPTIDES_PAGE_SIZE}
          emptyMessage="No vendor prices yet."
          getRowId={(row) => row.id}
        />
      </section>

      <PeptideDialog
        key={peptideDialog.key}
        state={peptideDialog.state}
        categories={categories}
        onClose={peptideDialog.close}
      />
      <VendorPriceDialog
        key={priceDialog.key}
        open={priceDialog.state.open}
        peptides={peptides}
        vendors={vendors}
        onClose={priceDialog.close}
      />
    </div>
  );
}

function PeptideDialog({
  state,
  categories,
  onClose,
}: {
  state: DialogState<AdminPeptide>;
  categories: { id: string; name: string }[];
  onClose: () => void;
}) {
  const editing = state.open ? state.row : null;
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, onClose);
  const [name, setName] = useState(editing?.name ?? "");
  const [slug, setSlug] = useState(editing?.slug ?? "");
  const [slugEdited, setSlugEdited] = useState(Boolean(editing));
  const [isPopular, setIsPopular] = useState(editing?.isPopular ?? false);
  const busy = fetcher.state !== "idle";

  return (
    <Dialog open={state.open} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Peptide" : "Add Peptide"}</DialogTitle>
          <DialogDescription>
            {editing ? `Change the details of ${editing.name}.` : "Add a peptide to the catalogue."}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          className="grid gap-4"
          onSubmit={validateOnSubmit(peptidePageSchema)}
        >
          <input
            type="hidden"
            name="intent"
            value={editing ? "update-peptide" : "create-peptide"}
          />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <Field id="peptide-name" label="Name">
            <Input
              id="peptide-name"
              name="name"
              value={name}
              autoComplete="off"
              onChange={(event) => {
                setName(event.target.value);
                if (!slugEdited) setSlug(slugify(event.target.value));
              }}
            />
          </Field>
          <Field
            id="peptide-slug"
            label="Slug"
            hint="Used in the page address; derived from the name until you edit it."
          >
            <Input
              id="peptide-slug"
              name="slug"
              value={slug}
              autoComplete="off"
              aria-describedby="peptide-slug-hint"
              onChange={(event) => {
                setSlug(event.target.value);
                setSlugEdited(true);
              }}
            />
          </Field>
          <Field id="peptide-category" label="Category">
            <NativeSelect
              id="peptide-category"
              name="categoryId"
              defaultValue={editing?.categoryId ?? ""}
            >
              <option value="">Uncategorised</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="peptide-description" label="Description">
            <Textarea
              id="peptide-description"
              name="description"
              rows={3}
              defaultValue={editing?.description ?? ""}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="peptide-image" label="Image upload" hint="JPEG, PNG or WebP, up to 5 MB.">
              <Input
                id="peptide-image"
                name="image"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-describedby="peptide-image-hint"
              />
            </Field>
            <Field id="peptide-image-url" label="or Image URL">
              <Input
                id="peptide-image-url"
                name="imageUrl"
                type="text"
                inputMode="url"
                defaultValue={editing?.imageUrl ?? ""}
              />
            </Field>
          </div>
          {editing?.imageUrl ? (
            <img
              src={editing.imageUrl}
              alt={`Current image of ${editing.name}`}
              className="h-20 w-20 rounded-md border object-cover"
            />
          ) : null}
          <Field id="peptide-benefits" label="Key benefits" hint="One per line.">
            <Textarea
              id="peptide-benefits"
              name="keyBenefits"
              rows={3}
              aria-describedby="peptide-benefits-hint"
              defaultValue={editing?.keyBenefits.join("\n") ?? ""}
            />
          </Field>
          <AliasesField aliases={editing?.aliases ?? []} />
          <div className="flex flex-wrap items-end gap-4">
            <div className="flex items-center gap-2 pb-2">
              <Switch
                id="peptide-popular"
                name="isPopular"
                checked={isPopular}
                onCheckedChange={setIsPopular}
              />
              <Label htmlFor="peptide-popular">Popular</Label>
            </div>
            {isPopular ? (
              <Field id="peptide-popular-order" label="Popular order (1–3)" className="w-40">
                <Input
                  id="peptide-popular-order"
                  name="popularOrder"
                  type="number"
                  min={1}
                  max={MAX_POPULAR_ORDER}
                  step={1}
                  defaultValue={editing?.popularOrder ?? ""}
                />
              </Field>
            ) : null}
          </div>
          <FormDialogFooter
            busy={busy}
            submitLabel={editing ? "Save Changes" : "Add Peptide"}
            onCancel={onClose}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function VendorPriceDialog({
  open,
  peptides,
  vendors,
  onClose,
}: {
  open: boolean;
  peptides: { id: string; name: string }[];
  vendors: { id: string; name: string }[];
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, onClose);
  const [unit, setUnit] = useState<string>("mg");
  const busy = fetcher.state !== "idle";

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Vendor Price</DialogTitle>
          <DialogDescription>
            Enter a vendor's price for one size. A size that does not exist yet is created; an
            existing price of that vendor for that size is updated.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          onSubmit={validateOnSubmit(peptidePageSchema)}
        >
          <input type="hidden" name="intent" value="create-vendor-price" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="price-peptide" label="Peptide">
              <NativeSelect id="price-peptide" name="peptideId" defaultValue="">
                <option value="" disabled>
                  Select a peptide
                </option>
                {peptides.map((peptide) => (
                  <option key={peptide.id} value={peptide.id}>
                    {peptide.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="price-vendor" label="Vendor">
              <NativeSelect id="price-vendor" name="vendorId" defaultValue="">
                <option value="" disabled>
                  Select a vendor
                </option>
                {vendors.map((vendor) => (
                  <option key={vendor.id} value={vendor.id}>
                    {vendor.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="price-price" label="Price">
              <Input
                id="price-price"
                name="price"
                type="number"
                step="0.01"
                min={0}
                inputMode="decimal"
              />
            </Field>
            <Field id="price-currency" label="Currency">
              <NativeSelect id="price-currency" name="currency" defaultValue="USD">
                {CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="price-quantity" label="Quantity">
              <Input
                id="price-quantity"
                name="quantity"
                type="number"
                step="any"
                min={0}
                inputMode="decimal"
              />
            </Field>
            <Field id="price-unit" label="Unit">
              <NativeSelect
                id="price-unit"
                name="unit"
                value={unit}
                onChange={(event) => setUnit(event.target.value)}
              >
                {UNITS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {unit === "other" ? (
              <Field id="price-unit-label" label="Custom unit" className="sm:col-span-2">
                <Input id="price-unit-label" name="unitLabel" placeholder="e.g. vial" />
              </Field>
            ) : null}
            <Field id="price-purity" label="Purity (optional)">
              <Input id="price-purity" name="purity" placeholder="e.g. 99%" />
            </Field>
            <Field id="price-url" label="Link (optional)">
              <Input id="price-url" name="url" type="url" placeholder="https://" />
            </Field>
          </div>
          <Field id="price-notes" label="Notes (optional)">
            <Textarea id="price-notes" name="notes" rows={2} />
          </Field>
          <FormDialogFooter busy={busy} submitLabel="Add Price" onCancel={onClose} />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
