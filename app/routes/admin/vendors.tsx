import type { ColumnDef } from "@tanstack/react-table";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";

import { requireAdmin } from "~/.server/auth.server";
import { recordPublicChange } from "~/.server/data/audit.server";
import {
  createVendor,
  deleteCouponForVendor,
  deleteVendor,
  getVendorsWithCoupons,
  updateVendor,
  upsertCoupon,
  vendorExists,
  vendorNameTaken,
  type AdminVendor,
} from "~/.server/data/vendors.server";
import { ImageUploadError, storeImageUpload, uploadedFile } from "~/.server/uploads.server";
import { failure, actionSuccess, type ActionResult } from "~/lib/action-result";
import { ConfirmDeleteButton, useFetcherToast } from "~/components/admin/confirm-delete-button";
import { DataTable } from "~/components/admin/data-table";
import {
  Field,
  FormDialogFooter,
  NativeSelect,
  useDialogState,
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
import { useActionToast } from "~/hooks/use-action-toast";
import { ADMIN_PAGE_SIZE, type DiscountType } from "~/lib/constants";
import { formatDate, formatPrice } from "~/lib/format";
import { vendorPageSchema } from "~/lib/forms/catalog";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { formatCouponDiscount } from "~/lib/pricing";
import { slugify } from "~/lib/slug";

import type { Route } from "./+types/vendors";

const DELETE_VENDOR_KEY = "delete-vendor";

export function meta() {
  return [{ title: "Vendors · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.app, request);
  return { vendors: await getVendorsWithCoupons(context.app.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.app, request);
  const { app } = context;
  const { db } = app;
  const formData = await request.formData();
  const parsed = vendorPageSchema.safeParse(formFields(formData));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const form = parsed.data;

  if (form.intent === "delete-vendor") {
    if (!(await deleteVendor(db, form.id))) return failure("Vendor not found", 404);
    await recordPublicChange(app, admin, { action: "delete", entity: "vendor", entityId: form.id });
    return actionSuccess("Vendor deleted");
  }

  const id = form.intent === "update-vendor" ? form.id : null;
  if (id && !(await vendorExists(db, id))) return failure("Vendor not found", 404);
  if (await vendorNameTaken(db, form.name, id ?? undefined)) {
    return failure(`A vendor named "${form.name}" already exists`, 409);
  }

  let logoUrl = form.logoUrl;
  const logo = uploadedFile(formData.get("logo"));
  if (logo) {
    try {
      logoUrl = (await storeImageUpload(app, logo, { prefix: `vendor-${slugify(form.name)}` })).url;
    } catch (error) {
      if (error instanceof ImageUploadError)
        return failure(error.message, 400, "Image Upload Error");
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
  };
  // Vendor and coupon change together (SPEC.md §4: a code upserts the coupon, no code deletes it).
  const vendorId = await db.transaction(async (tx) => {
    const savedId = id ?? (await createVendor(tx, input));
    if (id) await updateVendor(tx, id, input);
    if (form.couponCode !== null && form.discountAmount !== null) {
      await upsertCoupon(tx, savedId, {
        code: form.couponCode,
        discountAmount: form.discountAmount,
        discountType: form.discountType,
        expirationDate: form.expirationDate,
      });
    } else {
      await deleteCouponForVendor(tx, savedId);
    }
    return savedId;
  });
  await recordPublicChange(app, admin, {
    action: id ? "update" : "create",
    entity: "vendor",
    entityId: vendorId,
    details: { ...input, couponCode: form.couponCode },
  });
  return actionSuccess(id ? "Vendor updated" : "Vendor added");
}

function websiteHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export default function AdminVendors({ loaderData }: Route.ComponentProps) {
  const { vendors } = loaderData;
  const dialog = useDialogState<AdminVendor>();
  const openDialog = dialog.open;
  useFetcherToast(DELETE_VENDOR_KEY);

  const columns = useMemo<ColumnDef<AdminVendor, unknown>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        enableSorting: false,
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      {
        id: "website",
        header: "Website",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.website ? (
            <a
              href={row.original.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-primary underline-offset-4 hover:underline"
            >
              {websiteHost(row.original.website)}
            </a>
          ) : null,
      },
      {
        id: "logo",
        header: "Logo",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.logoUrl ? (
            <img
              src={row.original.logoUrl}
              alt={`${row.original.name} logo`}
              className="h-8 w-8 rounded border object-contain"
              loading="lazy"
            />
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      },
      {
        id: "preferred",
        header: "Preferred",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.isPreferred ? (
            <Badge variant="success">Preferred</Badge>
          ) : (
            <span className="text-muted-foreground">No</span>
          ),
      },
      {
        id: "shipping",
        header: "Shipping Cost",
        enableSorting: false,
        cell: ({ row }) => {
          const v = row.original;
          const terms = [
            v.shippingFee !== null ? formatPrice(v.shippingFee, v.currency) : null,
            v.freeShippingThreshold !== null
              ? `free from ${formatPrice(v.freeShippingThreshold, v.currency)}`
              : null,
            v.shipsTo.length > 0 ? `to ${v.shipsTo.join(", ")}` : null,
          ].filter(Boolean);
          return (
            <span className="flex flex-col">
              <span>{v.shippingCost}</span>
              {terms.length > 0 ? (
                <span className="text-xs text-muted-foreground">{terms.join(" · ")}</span>
              ) : null}
            </span>
          );
        },
      },
      {
        id: "coupon",
        header: "Coupon Code",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.couponCode ? (
            <code className="text-xs">{row.original.couponCode}</code>
          ) : null,
      },
      {
        id: "discountAmount",
        header: "Discount Amount",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.discountAmount !== null && row.original.discountType
            ? formatCouponDiscount(
                {
                  discountAmount: row.original.discountAmount,
                  discountType: row.original.discountType as DiscountType,
                },
                row.original.currency,
              )
            : null,
      },
      {
        id: "discountType",
        header: "Discount Type",
        enableSorting: false,
        cell: ({ row }) => row.original.discountType,
      },
      {
        id: "expiration",
        header: "Expiration Date",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.expirationDate ? formatDate(row.original.expirationDate) : null,
      },
      {
        id: "rating",
        header: "Rating",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.rating !== null ? (
            <span className="tabular-nums">{row.original.rating.toFixed(1)}</span>
          ) : null,
      },
      {
        id: "actions",
        header: "Actions",
        enableSorting: false,
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            <EditButton
              label={`Edit ${row.original.name}`}
              onClick={() => openDialog(row.original)}
            />
            <ConfirmDeleteButton
              fetcherKey={DELETE_VENDOR_KEY}
              fields={{ intent: "delete-vendor", id: row.original.id }}
              itemName={row.original.name}
              description={`${row.original.name}, its coupon and all its prices will be permanently deleted.`}
            />
          </div>
        ),
      },
    ],
    [openDialog],
  );

  return (
    <section aria-labelledby="vendors-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="vendors-heading" className="text-2xl font-semibold tracking-tight">
          Vendors
        </h1>
        <Button onClick={() => openDialog()}>
          <Plus aria-hidden />
          Add Vendor
        </Button>
      </div>
      <DataTable
        label="Vendors"
        columns={columns}
        data={vendors}
        pageSize={ADMIN_PAGE_SIZE}
        emptyMessage="No vendors yet."
        getRowId={(row) => row.id}
      />
      <VendorDialog key={dialog.key} state={dialog.state} onClose={dialog.close} />
    </section>
  );
}

function VendorDialog({
  state,
  onClose,
}: {
  state: DialogState<AdminVendor>;
  onClose: () => void;
}) {
  const editing = state.open ? state.row : null;
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, onClose);
  const [isPreferred, setIsPreferred] = useState(editing?.isPreferred ?? false);
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={state.open} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Vendor" : "Add Vendor"}</DialogTitle>
          <DialogDescription>
            Vendor details and its coupon. Clear the coupon code to remove the coupon.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          className="grid gap-4"
          onSubmit={validateOnSubmit(vendorPageSchema)}
        >
          <input type="hidden" name="intent" value={editing ? "update-vendor" : "create-vendor"} />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="vendor-name" label="Name">
              <Input
                id="vendor-name"
                name="name"
                defaultValue={editing?.name ?? ""}
                autoComplete="off"
              />
            </Field>
            <Field id="vendor-website" label="Website">
              <Input
                id="vendor-website"
                name="website"
                type="url"
                placeholder="https://"
                defaultValue={editing?.website ?? ""}
              />
            </Field>
            <Field id="vendor-logo" label="Logo upload">
              <Input
                id="vendor-logo"
                name="logo"
                type="file"
                accept="image/jpeg,image/png,image/webp"
              />
            </Field>
            <Field id="vendor-logo-url" label="or Logo URL">
              <Input
                id="vendor-logo-url"
                name="logoUrl"
                type="text"
                inputMode="url"
                defaultValue={editing?.logoUrl ?? ""}
              />
            </Field>
            <Field id="vendor-shipping" label="Shipping Cost">
              <Input
                id="vendor-shipping"
                name="shippingCost"
                placeholder="e.g. Free (orders $75+)"
                defaultValue={editing?.shippingCost ?? ""}
              />
            </Field>
            <Field id="vendor-currency" label="Currency (shipping, fixed coupons)">
              <Input
                id="vendor-currency"
                name="currency"
                maxLength={3}
                placeholder="USD"
                className="uppercase"
                defaultValue={editing?.currency ?? "USD"}
              />
            </Field>
            <Field id="vendor-shipping-fee" label="Shipping fee">
              <Input
                id="vendor-shipping-fee"
                name="shippingFee"
                type="number"
                min={0}
                step={0.01}
                placeholder="e.g. 4.99"
                defaultValue={editing?.shippingFee ?? ""}
              />
            </Field>
            <Field id="vendor-free-shipping" label="Free shipping from">
              <Input
                id="vendor-free-shipping"
                name="freeShippingThreshold"
                type="number"
                min={0}
                step={0.01}
                placeholder="e.g. 75"
                defaultValue={editing?.freeShippingThreshold ?? ""}
              />
            </Field>
            <Field id="vendor-ships-to" label="Ships to (country codes)">
              <Input
                id="vendor-ships-to"
                name="shipsTo"
                placeholder="US, CA, GB"
                defaultValue={editing?.shipsTo.join(", ") ?? ""}
              />
            </Field>
            <Field id="vendor-rating" label="Rating (0–5)">
              <Input
                id="vendor-rating"
                name="rating"
                type="number"
                min={0}
                max={5}
                step={0.1}
                defaultValue={editing?.rating ?? ""}
              />
            </Field>
          </div>
          <div className="flex items-center gap-2">
            <Switch
              id="vendor-preferred"
              name="isPreferred"
              checked={isPreferred}
              onCheckedChange={setIsPreferred}
            />
            <Label htmlFor="vendor-preferred">Preferred vendor</Label>
          </div>
          <fieldset className="grid gap-4 rounded-md border p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">Coupon</legend>
            <Field id="vendor-coupon-code" label="Coupon Code">
              <Input
                id="vendor-coupon-code"
                name="couponCode"
                autoComplete="off"
                defaultValue={editing?.couponCode ?? ""}
              />
            </Field>
            <Field id="vendor-discount-amount" label="Discount Amount">
              <Input
                id="vendor-discount-amount"
                name="discountAmount"
                type="number"
                min={0}
                step="0.01"
                defaultValue={editing?.discountAmount ?? ""}
              />
            </Field>
            <Field id="vendor-discount-type" label="Discount Type">
              <NativeSelect
                id="vendor-discount-type"
                name="discountType"
                defaultValue={editing?.discountType ?? "percentage"}
              >
                <option value="percentage">Percentage</option>
                <option value="fixed">Fixed</option>
              </NativeSelect>
            </Field>
            <Field id="vendor-expiration" label="Expiration Date">
              <Input
                id="vendor-expiration"
                name="expirationDate"
                type="date"
                defaultValue={editing?.expirationDate ?? ""}
              />
            </Field>
          </fieldset>
          <FormDialogFooter
            busy={busy}
            submitLabel={editing ? "Save Changes" : "Add Vendor"}
            onCancel={onClose}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
