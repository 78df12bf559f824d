import { Field } from "~/components/admin/form-controls";
import { PageForm, useSavingPageForm } from "~/components/admin/use-page-form";
import { Input } from "~/components/ui/input";
import type { LabThresholds } from "~/lib/lab-tests";

/** The pass marks every lab test is judged by; a change re-judges every test at once. */
export function LabThresholdsForm({ thresholds }: { thresholds: LabThresholds }) {
  const { errors, ...form } = useSavingPageForm();
  return (
    <PageForm
      form={form}
      label="Lab test thresholds"
      intent="save-lab-thresholds"
      submitLabel="Save Thresholds"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="lab-min-purity"
          label="Minimum purity (%)"
          hint="A test below it fails. From 0 to 100."
          errors={errors?.minPurityPercent}
        >
          <Input
            name="minPurityPercent"
            type="number"
            min={0}
            max={100}
            step={0.01}
            required
            defaultValue={thresholds.minPurityPercent}
          />
        </Field>
        <Field
          id="lab-max-deviation"
          label="Maximum mass deviation (%)"
          hint="A measured mass further than this from the label fails. Above 0, at most 100."
          errors={errors?.maxMassDeviationPercent}
        >
          <Input
            name="maxMassDeviationPercent"
            type="number"
            min={0.01}
            max={100}
            step={0.01}
            required
            defaultValue={thresholds.maxMassDeviationPercent}
          />
        </Field>
      </div>
    </PageForm>
  );
}
