import { useState } from "react";
import { useFetcher } from "react-router";

import { Field, NativeSelect, type DialogState } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import type { ActionResult } from "~/lib/action-result";
import { categoryPageSchema, type EditableFilter } from "~/lib/forms/catalog";
import { TEXT_LIMITS } from "~/lib/text-limits";

import { FILTER_FIELD_LABELS, FILTER_TYPE_LABELS } from "./filter-labels";

/** Add or edit a home-page filter; a refused save keeps the dialog open with what was typed. */
export function FilterDialog({
  state,
  onClose,
}: {
  state: DialogState<EditableFilter>;
  onClose: () => void;
}) {
  const editing = state.open ? state.row : null;
  const fetcher = useFetcher<ActionResult>();
  const { errors, onSubmit } = useFieldErrors(categoryPageSchema, fetcher);
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  return (
    <FormDialog
      open={state.open}
      onClose={onClose}
      fetcher={fetcher}
      title={editing ? "Edit Filter" : "Add Filter"}
      description="How visitors narrow the peptides on the home page."
      submitLabel={editing ? "Save Changes" : "Add Filter"}
      version={editing?.version}
      formProps={{ onSubmit }}
    >
      <input type="hidden" name="intent" value={editing ? "update-filter" : "create-filter"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <Field id="filter-name" label="Filter name" errors={errors?.name}>
        <Input
          id="filter-name"
          name="name"
          maxLength={TEXT_LIMITS.name}
          defaultValue={editing?.name ?? ""}
          autoComplete="off"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="filter-type" label="Type" errors={errors?.type}>
          <NativeSelect id="filter-type" name="type" defaultValue={editing?.type ?? "checkbox"}>
            {Object.entries(FILTER_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="filter-field" label="Filters by" errors={errors?.field}>
          <NativeSelect id="filter-field" name="field" defaultValue={editing?.field ?? "size"}>
            {Object.entries(FILTER_FIELD_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="filter-position" label="Position" errors={errors?.position}>
          <Input
            id="filter-position"
            name="position"
            type="number"
            min={0}
            max={1000}
            step={1}
            defaultValue={editing?.position ?? ""}
            placeholder="Last"
          />
        </Field>
        <div className="flex items-center gap-2 self-end pb-2">
          <Switch
            id="filter-enabled"
            name="enabled"
            checked={enabled}
            onCheckedChange={setEnabled}
          />
          <Label htmlFor="filter-enabled">Shown on the home page</Label>
        </div>
      </div>
    </FormDialog>
  );
}
