import { useState } from "react";
import { useFetcher } from "react-router";

import { AliasesField } from "~/components/admin/peptides/aliases-field";
import { Field, NativeSelect, type DialogState } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { MAX_POPULAR_ORDER, peptidePageSchema, type EditablePeptide } from "~/lib/forms/peptides";
import { slugify } from "~/lib/slug";
import { ACCEPTED_IMAGE_FORMATS, UPLOAD_LIMIT_MESSAGES } from "~/lib/upload-limits";
import { UploadInput } from "~/components/admin/upload-input";

/** Add or edit a peptide; a refused save keeps the dialog open with the errors under the fields. */
export function PeptideDialog({
  state,
  categories,
  onClose,
}: {
  state: DialogState<EditablePeptide>;
  categories: { id: string; name: string }[];
  onClose: () => void;
}) {
  const editing = state.open ? state.row : null;
  const fetcher = useFetcher<ActionResult>();
  const { errors, onSubmit } = useFieldErrors(peptidePageSchema, fetcher);
  const [name, setName] = useState(editing?.name ?? "");
  const [slug, setSlug] = useState(editing?.slug ?? "");
  const [slugEdited, setSlugEdited] = useState(Boolean(editing));
  const [isPopular, setIsPopular] = useState(editing?.isPopular ?? false);

  return (
    <FormDialog
      open={state.open}
      onClose={onClose}
      fetcher={fetcher}
      title={editing ? "Edit Peptide" : "Add Peptide"}
      description={
        editing ? `Change the details of ${editing.name}.` : "Add a peptide to the catalogue."
      }
      submitLabel={editing ? "Save Changes" : "Add Peptide"}
      contentClassName="sm:max-w-xl"
      version={editing?.version}
      formProps={{ encType: "multipart/form-data", noValidate: true, onSubmit }}
    >
      <input type="hidden" name="intent" value={editing ? "update-peptide" : "create-peptide"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <Field id="peptide-name" label="Name" errors={errors.name}>
        <Input
          name="name"
          value={name}
          maxLength={TEXT_LIMITS.name}
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
        errors={errors.slug}
      >
        <Input
          name="slug"
          value={slug}
          maxLength={TEXT_LIMITS.slug}
          autoComplete="off"
          onChange={(event) => {
            setSlug(event.target.value);
            setSlugEdited(true);
          }}
        />
      </Field>
      <Field id="peptide-category" label="Category" errors={errors.categoryId}>
        <NativeSelect name="categoryId" defaultValue={editing?.categoryId ?? ""}>
          <option value="">Uncategorised</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="peptide-description" label="Description" errors={errors.description}>
        <Textarea
          name="description"
          rows={3}
          maxLength={TEXT_LIMITS.long}
          defaultValue={editing?.description ?? ""}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="peptide-image"
          label="Image upload"
          hint={`${ACCEPTED_IMAGE_FORMATS}. ${UPLOAD_LIMIT_MESSAGES.image}.`}
          errors={errors.image}
        >
          <UploadInput name="image" kind="image" />
        </Field>
        <Field id="peptide-image-url" label="or Image URL" errors={errors.imageUrl}>
          <Input
            name="imageUrl"
            type="text"
            inputMode="url"
            maxLength={TEXT_LIMITS.url}
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
      <Field
        id="peptide-benefits"
        label="Key benefits"
        hint="One per line."
        errors={errors.keyBenefits}
      >
        <Textarea
          name="keyBenefits"
          rows={3}
          maxLength={TEXT_LIMITS.long}
          defaultValue={editing?.keyBenefits.join("\n") ?? ""}
        />
      </Field>
      <AliasesField aliases={editing?.aliases ?? []} errors={errors.aliases} />
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Switch
            id="peptide-published"
            name="published"
            defaultChecked={editing?.published ?? false}
            aria-describedby="peptide-published-hint"
          />
          <Label htmlFor="peptide-published">Published</Label>
        </div>
        <p id="peptide-published-hint" className="text-xs text-muted-foreground">
          Off: the peptide goes public with its first vendor price. On: public at once, even without
          prices.
        </p>
      </div>
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
          <Field
            id="peptide-popular-order"
            label="Popular order (1–3)"
            hint="A slot another peptide holds is handed over to this one."
            className="w-56"
            errors={errors.popularOrder}
          >
            <Input
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
    </FormDialog>
  );
}
