import { Download } from "lucide-react";
import { useFetcher } from "react-router";

import { Field } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { Input } from "~/components/ui/input";
import type { ActionResult } from "~/lib/action-result";
import { LAB_TEST_CSV_COLUMNS, LAB_TEST_CSV_TEMPLATE } from "~/lib/forms/lab-tests";

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(LAB_TEST_CSV_TEMPLATE)}`;

/**
 * Imports a CSV of lab tests: every line is checked first, and any problem (listed by line
 * number under the file field) imports nothing.
 */
export function LabTestImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const lineErrors =
    fetcher.data && !fetcher.data.ok && fetcher.state === "idle"
      ? fetcher.data.fieldErrors?.file
      : undefined;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      fetcher={fetcher}
      title="Import Lab Tests"
      description={
        <>
          One test per line, with the columns {LAB_TEST_CSV_COLUMNS.join(", ")}. Vendor and peptide
          take a name or a slug; size_mg must be one of the peptide&apos;s sizes. If any line has a
          problem, nothing is imported.
        </>
      }
      submitLabel="Import"
      contentClassName="sm:max-w-xl"
      formProps={{ encType: "multipart/form-data" }}
    >
      <input type="hidden" name="intent" value="import-lab-tests" />
      <a
        href={TEMPLATE_HREF}
        download="lab-tests-template.csv"
        className="inline-flex w-fit items-center gap-1 text-sm font-medium underline underline-offset-4"
      >
        <Download className="size-4" aria-hidden />
        Download the CSV template
      </a>
      <Field id="lab-test-import-file" label="CSV file">
        <Input name="file" type="file" accept=".csv,text/csv" required />
      </Field>
      {lineErrors && lineErrors.length > 0 ? (
        <ul
          role="alert"
          aria-label="Import problems"
          className="max-h-60 list-disc space-y-1 overflow-y-auto rounded-md border border-destructive/50 p-3 pl-6 text-sm text-destructive"
        >
          {lineErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </FormDialog>
  );
}
