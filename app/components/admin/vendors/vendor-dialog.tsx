import { useState } from "react";
import { useFetcher } from "react-router";

import { Field, NativeSelect, type DialogState } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import type { ActionResult } from "~/lib/action-result";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { UploadInput } from "~/components/admin/upload-input";
import { ACCEPTED_IMAGE_FORMATS, UPLOAD_LIMIT_MESSAGES } from "~/lib/upload-limits";
import {
  couponHasExpired,
  PAST_EXPIRY_WARNING,
  vendorPageSchema,
  type EditableVendor,
} from "~/lib/forms/vendors";

/**
 * Add or edit a vendor and its coupon. A refused save keeps the dialog open with what was typed
 * and the message under its field; a past expiry date is warned about, not refused.
 */
export function VendorDialog({
  state,
  today,
  onClose,
}: {
  state: DialogState<EditableVendor>;
  /** YYYY-MM-DD (UTC), from the server, so both renders agree. */
  today: string;
  onClose: () => void;
}) {
  const editing = state.open ? state.row : null;
  const fetcher = useFetcher<ActionResult>();
  const { errors, onSubmit } = useFieldErrors(vendorPageSchema, fetcher);
  const [isPreferred, setIsPreferred] = useState(editing?.isPreferred ?? false);
  const [expirationDate, setExpirationDate] = useState(editing?.expirationDate ?? "");
  const expiryHint = couponHasExpired(expirationDate || null, today)
    ? PAST_EXPIRY_WARNING
    : undefined;
  return (
    <FormDialog
      open={state.open}
      onClose={onClose}
      fetcher={fetcher}
      title={editing ? "Edit Vendor" : "Add Vendor"}
      description={"Vendor details and its coupon. Clear the coupon code to remove the coupon."}
      submitLabel={editing ? "Save Changes" : "Add Vendor"}
      contentClassName="sm:max-w-xl"
      version={editing?.version}
      formProps={{ encType: "multipart/form-data", noValidate: true, onSubmit }}
    >
      <input type="hidden" name="intent" value={editing ? "update-vendor" : "create-vendor"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="vendor-name" label="Name" errors={errors.name}>
          <Input
            name="name"
            maxLength={TEXT_LIMITS.name}
            defaultValue={editing?.name ?? ""}
            autoComplete="off"
          />
        </Field>
        <Field id="vendor-website" label="Website" errors={errors.website}>
          <Input
            name="website"
            type="url"
            placeholder="https://"
            maxLength={TEXT_LIMITS.url}
            defaultValue={editing?.website ?? ""}
          />
        </Field>
        <Field
          id="vendor-logo"
          label="Logo upload"
          hint={`${ACCEPTED_IMAGE_FORMATS}. ${UPLOAD_LIMIT_MESSAGES.image}.`}
          errors={errors.logo}
        >
          <UploadInput name="logo" kind="image" />
        </Field>
        <Field id="vendor-logo-url" label="or Logo URL" errors={errors.logoUrl}>
          <Input
            name="logoUrl"
            type="text"
            inputMode="url"
            maxLength={TEXT_LIMITS.url}
            defaultValue={editing?.logoUrl ?? ""}
          />
        </Field>
        <Field id="vendor-shipping" label="Shipping Cost" errors={errors.shippingCost}>
          <Input
            name="shippingCost"
            placeholder="e.g. Free (orders $75+)"
            maxLength={TEXT_LIMITS.short}
            defaultValue={editing?.shippingCost ?? ""}
          />
        </Field>
        <Field
          id="vendor-currency"
          label="Currency (shipping, fixed coupons)"
          errors={errors.currency}
        >
          <Input
            name="currency"
            maxLength={3}
            placeholder="USD"
            className="uppercase"
            defaultValue={editing?.currency ?? "USD"}
          />
        </Field>
        <Field id="vendor-shipping-fee" label="Shipping fee" errors={errors.shippingFee}>
          <Input
            name="shippingFee"
            type="number"
            min={0}
            step={0.01}
            placeholder="e.g. 4.99"
            defaultValue={editing?.shippingFee ?? ""}
          />
        </Field>
        <Field
          id="vendor-free-shipping"
          label="Free shipping from"
          errors={errors.freeShippingThreshold}
        >
          <Input
            name="freeShippingThreshold"
            type="number"
            min={0}
            step={0.01}
            placeholder="e.g. 75"
            defaultValue={editing?.freeShippingThreshold ?? ""}
          />
        </Field>
        <Field id="vendor-ships-to" label="Ships to (country codes)" errors={errors.shipsTo}>
          <Input
            name="shipsTo"
            placeholder="US, CA, GB"
            maxLength={TEXT_LIMITS.long}
            defaultValue={editing?.shipsTo.join(", ") ?? ""}
          />
        </Field>
        <Field id="vendor-rating" label="Rating (0–5)" errors={errors.rating}>
          <Input
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
      <fieldset className="grid gap-3 rounded-md border p-4">
        <legend className="px-1 text-sm font-medium">Affiliate link</legend>
        <Field
          id="vendor-affiliate-template"
          label="Affiliate template (parameters to add, or an address with {url})"
          errors={errors.affiliateTemplate}
        >
          <Input
            name="affiliateTemplate"
            placeholder="ref=peptideprices"
            maxLength={TEXT_LIMITS.url}
            defaultValue={editing?.affiliateTemplate ?? ""}
            autoComplete="off"
          />
        </Field>
        <div className="flex items-center gap-2">
          <input
            id="vendor-affiliate-other-host"
            name="affiliateOtherHost"
            type="checkbox"
            className="size-4"
          />
          <Label htmlFor="vendor-affiliate-other-host">
            Send clicks through the template's host although it is not the shop's website
          </Label>
        </div>
      </fieldset>
      <fieldset className="grid gap-4 rounded-md border p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">Coupon</legend>
        <Field id="vendor-coupon-code" label="Coupon Code" errors={errors.couponCode}>
          <Input
            name="couponCode"
            autoComplete="off"
            maxLength={TEXT_LIMITS.code}
            defaultValue={editing?.couponCode ?? ""}
          />
        </Field>
        <Field id="vendor-discount-amount" label="Discount Amount" errors={errors.discountAmount}>
          <Input
            name="discountAmount"
            type="number"
            min={0}
            step="0.01"
            defaultValue={editing?.discountAmount ?? ""}
          />
        </Field>
        <Field id="vendor-discount-type" label="Discount Type" errors={errors.discountType}>
          <NativeSelect name="discountType" defaultValue={editing?.discountType ?? "percentage"}>
            <option value="percentage">Percentage</option>
            <option value="fixed">Fixed</option>
          </NativeSelect>
        </Field>
        <Field
          id="vendor-expiration"
          label="Expiration Date"
          hint={expiryHint}
          errors={errors.expirationDate}
        >
          <Input
            name="expirationDate"
            type="date"
            value={expirationDate}
            onChange={(event) => setExpirationDate(event.target.value)}
          />
        </Field>
      </fieldset>
    </FormDialog>
  );
}
