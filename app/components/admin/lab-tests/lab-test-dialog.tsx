import { useState } from "react";
import { useFetcher } from "react-router";

import { CatalogueCombobox } from "~/components/admin/catalogue-combobox";
import { Field, type DialogState } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ActionResult } from "~/lib/action-result";
import { UploadInput } from "~/components/admin/upload-input";
import { UPLOAD_LIMIT_MESSAGES } from "~/lib/upload-limits";
import {
  LAB_TEST_LIMITS,
  labTestPageSchema,
  MAX_LAB_MASS_MG,
  type EditableLabTest,
} from "~/lib/forms/lab-tests";

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** Add or edit a lab test; a refused save keeps the dialog open with what was typed. */
export function LabTestDialog({
  state,
  onClose,
}: {
  state: DialogState<EditableLabTest>;
  onClose: () => void;
}) {
  const editing = state.open ? state.row : null;
  const fetcher = useFetcher<ActionResult>();
  const { errors, onSubmit } = useFieldErrors(labTestPageSchema, fetcher);
  const [peptideId, setPeptideId] = useState(editing?.peptideId ?? "");
  return (
    <FormDialog
      open={state.open}
      onClose={onClose}
      fetcher={fetcher}
      title={editing ? "Edit Lab Test" : "Add Lab Test"}
      description="An independent lab's result for one vendor's peptide. Leave a value empty when the report does not give it: it then shows as not measured, never as passed."
      submitLabel={editing ? "Save Changes" : "Add Lab Test"}
      contentClassName="sm:max-w-2xl max-h-[90dvh] overflow-y-auto"
      formProps={{ encType: "multipart/form-data", noValidate: true, onSubmit }}
      version={editing?.version}
    >
      <input type="hidden" name="intent" value={editing ? "update-lab-test" : "create-lab-test"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="lab-test-vendor" label="Vendor" errors={errors.vendorId}>
          <CatalogueCombobox
            kind="vendors"
            name="vendorId"
            selected={editing ? { id: editing.vendorId, label: editing.vendorName } : null}
            placeholder="Search vendors"
          />
        </Field>
        <Field id="lab-test-peptide" label="Peptide" errors={errors.peptideId}>
          <CatalogueCombobox
            kind="peptides"
            name="peptideId"
            selected={editing ? { id: editing.peptideId, label: editing.peptideName } : null}
            placeholder="Search peptides"
            onSelect={(option) => setPeptideId(option?.id ?? "")}
          />
        </Field>
        <Field id="lab-test-size" label="Size" errors={errors.sizeOptionId}>
          {/* A new peptide starts its size afresh: its sizes are another list. */}
          <CatalogueCombobox
            key={peptideId}
            kind="sizes"
            scope={{ peptide: peptideId }}
            name="sizeOptionId"
            noneLabel="Not stated"
            selected={
              editing?.peptideId === peptideId && editing.sizeOptionId && editing.size
                ? { id: editing.sizeOptionId, label: editing.size }
                : null
            }
            placeholder={peptideId ? "Search sizes" : "Choose a peptide first"}
          />
        </Field>
        <div className="flex items-center gap-2 sm:col-span-2">
          <input
            id="lab-test-covers-all-sizes"
            name="coversAllSizes"
            type="checkbox"
            className="size-4"
            defaultChecked={editing?.coversAllSizes ?? false}
          />
          <Label htmlFor="lab-test-covers-all-sizes">
            The report covers every size of this batch (else it counts for the size above only)
          </Label>
        </div>
        <Field id="lab-test-lab" label="Lab" errors={errors.labName}>
          <Input
            name="labName"
            maxLength={LAB_TEST_LIMITS.labName}
            defaultValue={editing?.labName ?? ""}
            placeholder="e.g. Janoshik"
            autoComplete="off"
          />
        </Field>
        <Field id="lab-test-date" label="Test date" errors={errors.testedOn}>
          <Input name="testedOn" type="date" defaultValue={editing?.testedOn ?? ""} />
        </Field>
        <Field id="lab-test-batch" label="Batch / lot" errors={errors.batch}>
          <Input
            name="batch"
            maxLength={LAB_TEST_LIMITS.batch}
            defaultValue={text(editing?.batch)}
            autoComplete="off"
          />
        </Field>
        <Field id="lab-test-claimed" label="Claimed mass (mg)" errors={errors.claimedMassMg}>
          <Input
            name="claimedMassMg"
            type="number"
            step="any"
            min={0}
            max={MAX_LAB_MASS_MG}
            inputMode="decimal"
            defaultValue={text(editing?.claimedMassMg)}
          />
        </Field>
        <Field id="lab-test-measured" label="Measured mass (mg)" errors={errors.measuredMassMg}>
          <Input
            name="measuredMassMg"
            type="number"
            step="any"
            min={0}
            max={MAX_LAB_MASS_MG}
            inputMode="decimal"
            defaultValue={text(editing?.measuredMassMg)}
          />
        </Field>
        <Field id="lab-test-purity" label="Purity (%)" errors={errors.purityPercent}>
          <Input
            name="purityPercent"
            type="number"
            step="0.01"
            min={0}
            max={100}
            inputMode="decimal"
            defaultValue={text(editing?.purityPercent)}
          />
        </Field>
        <Field id="lab-test-endotoxin" label="Endotoxin (optional)" errors={errors.endotoxin}>
          <Input
            name="endotoxin"
            maxLength={LAB_TEST_LIMITS.result}
            defaultValue={text(editing?.endotoxin)}
            placeholder="e.g. < 0.5 EU/mg"
          />
        </Field>
        <Field id="lab-test-metals" label="Heavy metals (optional)" errors={errors.heavyMetals}>
          <Input
            name="heavyMetals"
            maxLength={LAB_TEST_LIMITS.result}
            defaultValue={text(editing?.heavyMetals)}
            placeholder="e.g. Pass"
          />
        </Field>
        <Field
          id="lab-test-report"
          label="Report upload (PDF or image)"
          hint={`${UPLOAD_LIMIT_MESSAGES.report}.`}
          errors={errors.report}
        >
          <UploadInput name="report" kind="report" />
        </Field>
        <Field
          id="lab-test-report-url"
          label="or Report link"
          className="sm:col-span-2"
          errors={errors.reportUrl}
        >
          <Input
            name="reportUrl"
            type="text"
            inputMode="url"
            placeholder="https://"
            maxLength={LAB_TEST_LIMITS.reportUrl}
            defaultValue={text(editing?.reportUrl)}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
