import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { DEAL_TAGS } from "~/lib/constants";
import { DEAL_TAG_LABELS, NOTES_MAX_LENGTH } from "~/lib/forms/deals";

/**
 * A deal's tags and note (optional), the same fields when saving and when editing (issue 30):
 * both post to /deals and are read by dealActionSchema.
 */
export function DealDetailsFields({
  idPrefix,
  tags = [],
  notes = null,
  errors,
}: {
  /** Unique on the page: the note's id is `notes-{idPrefix}`. */
  idPrefix: string;
  tags?: readonly string[];
  notes?: string | null;
  errors?: string[];
}) {
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Tags</legend>
        {DEAL_TAGS.map((tag) => (
          <label key={tag} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="tags"
              value={tag}
              defaultChecked={tags.includes(tag)}
              className="size-4 accent-primary"
            />
            {DEAL_TAG_LABELS[tag]}
          </label>
        ))}
      </fieldset>
      <Field id={`notes-${idPrefix}`} label="Notes" errors={errors}>
        <Textarea name="notes" defaultValue={notes ?? ""} maxLength={NOTES_MAX_LENGTH} rows={4} />
      </Field>
    </>
  );
}
