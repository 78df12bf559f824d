import { useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";

import type { Ad } from "~/lib/ads";
import { Field, NativeSelect } from "~/components/admin/form-controls";
import { FormPanel, type FormPanelHandle } from "~/components/admin/form-dialog";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { AdCard } from "~/components/ad-slot";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { AD_CHOICES, AD_DEFAULTS, AD_LIMITS, adFormSchema } from "~/lib/forms/ads";

import { PLACEMENT_LABELS, SIZE_LABELS, TYPE_LABELS } from "./ad-labels";
import { UploadInput } from "~/components/admin/upload-input";
import { ACCEPTED_IMAGE_FORMATS, UPLOAD_LIMIT_MESSAGES } from "~/lib/upload-limits";

type AdDraft = Omit<Ad, "id">;
type TextKey = keyof typeof AD_LIMITS;

const EMPTY_DRAFT: AdDraft = {
  type: AD_DEFAULTS.type,
  title: "",
  description: null,
  imageUrl: null,
  linkUrl: null,
  ctaText: AD_DEFAULTS.ctaText,
  active: AD_DEFAULTS.active,
  placement: AD_DEFAULTS.placement,
  size: AD_DEFAULTS.size,
  overlayPosition: AD_DEFAULTS.overlayPosition,
  overlayColor: AD_DEFAULTS.overlayColor,
  textColor: AD_DEFAULTS.textColor,
  mediaUrl: null,
  mediaType: AD_DEFAULTS.mediaType,
  logoUrl: null,
};

function draftOf(ad: Ad): AdDraft {
  return {
    ...ad,
    overlayPosition: ad.overlayPosition ?? AD_DEFAULTS.overlayPosition,
    overlayColor: ad.overlayColor ?? AD_DEFAULTS.overlayColor,
    textColor: ad.textColor ?? AD_DEFAULTS.textColor,
    mediaType: ad.mediaType ?? AD_DEFAULTS.mediaType,
  };
}

/**
 * Create or edit an ad beside a live preview. A refused save keeps the form as typed, with each
 * error under its field; a saved one returns to the list.
 */
export function AdForm({
  ad,
  onSaved,
  onCancel,
  ref,
}: {
  /** The ad being edited, with its version (~/lib/edit-conflict); null: a new ad. */
  ad: (Ad & { version: string }) | null;
  onSaved: () => void;
  onCancel: () => void;
  /** Lets the page ask before the Create New or Edit Ad tab is left. */
  ref?: React.Ref<FormPanelHandle>;
}) {
  const fetcher = useFetcher<ActionResult>();
  const [draft, setDraft] = useState<AdDraft>(() => (ad ? draftOf(ad) : EMPTY_DRAFT));
  const { errors, onSubmit } = useFieldErrors(adFormSchema, fetcher);
  const prefix = ad ? `ad-${ad.id}` : "ad-new";

  const set =
    <K extends keyof AdDraft>(key: K) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setDraft((current) => ({ ...current, [key]: event.target.value || null }));

  const text = (key: TextKey, label: string, options: { placeholder?: string } = {}) => (
    <Field id={`${prefix}-${key}`} label={label} errors={errors[key]}>
      <Input
        name={key}
        placeholder={options.placeholder}
        maxLength={AD_LIMITS[key]}
        value={draft[key] ?? ""}
        onChange={set(key)}
      />
    </Field>
  );

  const select = <T extends string>(
    key: keyof AdDraft,
    label: string,
    values: readonly T[],
    labels?: Record<T, string>,
  ) => (
    <Field id={`${prefix}-${key}`} label={label} errors={errors[key]}>
      <NativeSelect name={key} value={(draft[key] as string) ?? values[0]} onChange={set(key)}>
        {values.map((value) => (
          <option key={value} value={value}>
            {labels?.[value] ?? value}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FormPanel
        ref={ref}
        fetcher={fetcher}
        onClose={onCancel}
        onSaved={onSaved}
        submitLabel={ad ? "Update Ad" : "Create Ad"}
        version={ad?.version}
        formProps={{
          encType: "multipart/form-data",
          noValidate: true,
          onSubmit,
          "aria-label": ad ? "Edit ad" : "Create ad",
        }}
      >
        <input type="hidden" name="intent" value={ad ? "update" : "create"} />
        {ad ? <input type="hidden" name="id" value={ad.id} /> : null}
        {select("type", "Type", AD_CHOICES.type, TYPE_LABELS)}
        {text("title", "Title")}
        <Field id={`${prefix}-description`} label="Description" errors={errors.description}>
          <Textarea
            name="description"
            rows={3}
            maxLength={AD_LIMITS.description}
            value={draft.description ?? ""}
            onChange={set("description")}
          />
        </Field>
        {text("imageUrl", "Image URL", { placeholder: "https://… or upload below" })}
        <Field
          id={`${prefix}-imageFile`}
          label="Or upload an image"
          hint={`${ACCEPTED_IMAGE_FORMATS}. ${UPLOAD_LIMIT_MESSAGES.image}.`}
          errors={errors.imageFile}
        >
          <UploadInput name="imageFile" kind="image" />
        </Field>
        {text("linkUrl", "Link URL", { placeholder: "https://…" })}
        {text("ctaText", "Button Text")}
        <div className="grid gap-4 sm:grid-cols-2">
          {select("placement", "Placement", AD_CHOICES.placement, PLACEMENT_LABELS)}
          {select("size", "Size", AD_CHOICES.size, SIZE_LABELS)}
        </div>
        {draft.type === "overlay" ? (
          <fieldset className="grid gap-4 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Overlay</legend>
            {select("overlayPosition", "Overlay Position", AD_CHOICES.overlayPosition)}
            <div className="grid gap-4 sm:grid-cols-2">
              {text("overlayColor", "Overlay Color")}
              {text("textColor", "Text Color")}
            </div>
          </fieldset>
        ) : null}
        {draft.type === "media" ? (
          <fieldset className="grid gap-4 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Media</legend>
            {text("mediaUrl", "Media URL", { placeholder: "https://…" })}
            {select("mediaType", "Media Type", AD_CHOICES.mediaType)}
            {text("logoUrl", "Logo URL (optional)", { placeholder: "https://…" })}
          </fieldset>
        ) : null}
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${prefix}-active`}
            name="active"
            checked={draft.active}
            onCheckedChange={(checked) =>
              setDraft((current) => ({ ...current, active: checked === true }))
            }
          />
          <Label htmlFor={`${prefix}-active`}>Active</Label>
        </div>
      </FormPanel>
      <section aria-label="Preview" className="flex flex-col gap-2">
        <h2 className="text-sm font-medium">Preview</h2>
        {draft.title.trim() ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <AdCard ad={{ ...draft, id: ad?.id ?? "preview", active: true }} />
          </div>
        ) : (
          <p className="rounded-md border border-dashed p-6 text-sm text-muted-foreground">
            Enter a title to see a preview.
          </p>
        )}
      </section>
    </div>
  );
}
