import { useFetcher } from "react-router";

import { Field, type DialogState } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { categoryPageSchema, type EditableCategory } from "~/lib/forms/catalog";
import { TEXT_LIMITS } from "~/lib/text-limits";

/** Add or edit a category; a refused save keeps the dialog open with what was typed. */
export function CategoryDialog({
  state,
  onClose,
}: {
  state: DialogState<EditableCategory>;
  onClose: () => void;
}) {
  const editing = state.open ? state.row : null;
  const fetcher = useFetcher<ActionResult>();
  const { errors, onSubmit } = useFieldErrors(categoryPageSchema, fetcher);
  return (
    <FormDialog
      open={state.open}
      onClose={onClose}
      fetcher={fetcher}
      title={editing ? "Edit Category" : "Add New Category"}
      description="Categories group peptides on the home page."
      submitLabel={editing ? "Save Changes" : "Add Category"}
      version={editing?.version}
      formProps={{ onSubmit }}
    >
      <input type="hidden" name="intent" value={editing ? "update-category" : "create-category"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <Field id="category-name" label="Name" errors={errors?.name}>
        <Input
          id="category-name"
          name="name"
          maxLength={TEXT_LIMITS.name}
          defaultValue={editing?.name ?? ""}
          autoComplete="off"
        />
      </Field>
      <Field id="category-description" label="Description" errors={errors?.description}>
        <Textarea
          id="category-description"
          name="description"
          rows={3}
          maxLength={TEXT_LIMITS.long}
          defaultValue={editing?.description ?? ""}
        />
      </Field>
    </FormDialog>
  );
}
