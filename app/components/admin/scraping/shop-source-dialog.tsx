import { useFetcher } from "react-router";

import { CatalogueCombobox } from "~/components/admin/catalogue-combobox";
import { Field } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { useFieldErrors } from "~/hooks/use-field-errors";
import type { ActionResult } from "~/lib/action-result";
import { SHOP_KIND_LABELS } from "~/lib/constants";
import { shopSourceFields, SOURCE_FIELD_LIMITS, type EditableSource } from "~/lib/forms/scraping";

/**
 * Edit Source for a shop source (WooCommerce, Shopify, sitemap): its feed gives names and
 * prices, so the form has no selectors, only what the shop is and whose it is.
 */
export function ShopSourceDialog({
  open,
  source,
  onClose,
}: {
  open: boolean;
  source: EditableSource & { kind: Exclude<EditableSource["kind"], "page"> };
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const { errors, onSubmit } = useFieldErrors(shopSourceFields, fetcher);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      fetcher={fetcher}
      title="Edit Source"
      description={`A shop read through its ${SHOP_KIND_LABELS[source.kind]}: every product and variation it lists, no selectors needed.`}
      submitLabel="Save Changes"
      version={source.version}
      formProps={{ noValidate: true, onSubmit }}
    >
      <input type="hidden" name="intent" value="update-source" />
      <input type="hidden" name="id" value={source.id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="shop-source-retailer_name" label="Retailer name *" errors={errors.retailer_name}>
          <Input
            name="retailer_name"
            defaultValue={source.retailerName}
            maxLength={SOURCE_FIELD_LIMITS.retailer_name}
            required
            aria-required
          />
        </Field>
        <Field id="shop-source-url" label="Shop address *" errors={errors.url}>
          <Input
            name="url"
            type="url"
            defaultValue={source.url}
            maxLength={SOURCE_FIELD_LIMITS.url}
            required
            aria-required
          />
        </Field>
        <Field id="shop-source-vendor_id" label="Vendor" errors={errors.vendor_id}>
          <CatalogueCombobox
            kind="vendors"
            name="vendor_id"
            selected={
              source.vendorId && source.vendorName
                ? { id: source.vendorId, label: source.vendorName }
                : null
            }
            noneLabel="No vendor (results are not applied to prices)"
          />
        </Field>
        <Field
          id="shop-source-currency"
          label="Currency when the shop states none"
          errors={errors.currency}
        >
          <Input
            name="currency"
            defaultValue={source.currency ?? ""}
            maxLength={SOURCE_FIELD_LIMITS.currency}
            placeholder="USD"
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Switch name="is_active" defaultChecked={source.isActive} aria-label="Active" />
        Active (included in Start Scraping and the schedule)
      </label>
    </FormDialog>
  );
}
