import { useState } from "react";
import { useFetcher } from "react-router";

import { CatalogueCombobox } from "~/components/admin/catalogue-combobox";
import { Field, NativeSelect } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { CURRENCIES, UNITS } from "~/lib/constants";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { offerFormSchema } from "~/lib/forms/offers";

/** SPEC.md §5's manual offer entry; a refused save keeps what was typed. */
export function OfferDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const { errors, onSubmit } = useFieldErrors(offerFormSchema, fetcher);
  const [unit, setUnit] = useState<string>("mg");

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      fetcher={fetcher}
      title={"Add Vendor Price"}
      description={
        "Enter a vendor's price for one size. A size that does not exist yet is created; an existing price of that vendor for that size is updated."
      }
      submitLabel={"Add Price"}
      contentClassName="sm:max-w-xl"
      formProps={{ noValidate: true, onSubmit }}
    >
      <input type="hidden" name="intent" value="create-vendor-price" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="price-peptide" label="Peptide" errors={errors.peptideId}>
          <CatalogueCombobox
            kind="peptides"
            name="peptideId"
            selected={null}
            placeholder="Search peptides"
          />
        </Field>
        <Field id="price-vendor" label="Vendor" errors={errors.vendorId}>
          <CatalogueCombobox
            kind="vendors"
            name="vendorId"
            selected={null}
            placeholder="Search vendors"
          />
        </Field>
        <Field id="price-price" label="Price" errors={errors.price}>
          <Input name="price" type="number" step="0.01" min={0} inputMode="decimal" />
        </Field>
        <Field id="price-currency" label="Currency" errors={errors.currency}>
          <NativeSelect name="currency" defaultValue="USD">
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="price-quantity" label="Quantity" errors={errors.quantity}>
          <Input name="quantity" type="number" step="any" min={0} inputMode="decimal" />
        </Field>
        <Field id="price-unit" label="Unit" errors={errors.unit}>
          <NativeSelect name="unit" value={unit} onChange={(event) => setUnit(event.target.value)}>
            {UNITS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {unit === "other" ? (
          <Field
            id="price-unit-label"
            label="Custom unit"
            className="sm:col-span-2"
            errors={errors.unitLabel}
          >
            <Input name="unitLabel" placeholder="e.g. vial" maxLength={TEXT_LIMITS.code} />
          </Field>
        ) : null}
        <Field id="price-purity" label="Purity (optional)" errors={errors.purity}>
          <Input name="purity" placeholder="e.g. 99%" maxLength={TEXT_LIMITS.code} />
        </Field>
        <Field id="price-url" label="Link (optional)" errors={errors.url}>
          <Input name="url" type="url" placeholder="https://" maxLength={TEXT_LIMITS.url} />
        </Field>
      </div>
      <Field id="price-notes" label="Notes (optional)" errors={errors.notes}>
        <Textarea name="notes" rows={2} maxLength={TEXT_LIMITS.long} />
      </Field>
    </FormDialog>
  );
}
