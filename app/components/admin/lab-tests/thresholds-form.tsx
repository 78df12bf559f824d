import { Loader2 } from "lucide-react";
import { useFetcher } from "react-router";

import { Field } from "~/components/admin/form-controls";
import { usePageForm } from "~/components/admin/use-page-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import type { LabThresholds } from "~/lib/lab-tests";

/** The pass marks every lab test is judged by; a change re-judges every test at once. */
export function LabThresholdsForm({ thresholds }: { thresholds: LabThresholds }) {
  const fetcher = useFetcher<ActionResult>();
  const pageForm = usePageForm(fetcher.data);
  useActionToast(fetcher.data, pageForm.markSaved);
  const saving = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  return (
    <fetcher.Form
      ref={pageForm.ref}
      method="post"
      className="grid gap-4"
      aria-label="Lab test thresholds"
      onInput={pageForm.onEdit}
      onChange={pageForm.onEdit}
    >
      {pageForm.notices}
      <input type="hidden" name="intent" value="save-lab-thresholds" />
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
      <Button type="submit" disabled={saving} className="w-fit">
        {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        Save Thresholds
      </Button>
    </fetcher.Form>
  );
}
