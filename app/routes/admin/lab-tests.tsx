import { FileUp, Plus } from "lucide-react";
import { useMemo, useState } from "react";

import { adminOf } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/platform/context.server";
import { readFileUploadForm, withUploadForm } from "~/.server/http/upload-form.server";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { DataTable } from "~/components/admin/data-table";
import { useDialogState } from "~/components/admin/form-controls";
import { LabTestImportDialog } from "~/components/admin/lab-tests/import-dialog";
import {
  DELETE_LAB_TEST_KEY,
  labTestColumns,
  type LabTestRow,
} from "~/components/admin/lab-tests/lab-test-columns";
import { LabTestDialog } from "~/components/admin/lab-tests/lab-test-dialog";
import { LabThresholdsForm } from "~/components/admin/lab-tests/thresholds-form";
import { VendorLabReports } from "~/components/admin/lab-tests/vendor-reports";
import { SearchControl, TableFilterForm } from "~/components/admin/table-filter-form";
import { Button } from "~/components/ui/button";
import { LAB_TESTS_TABLE } from "~/lib/admin-tables";

import type { Route } from "./+types/lab-tests";
import { handleLabTestAction, loadLabTestsPage } from "./lab-tests.server";

export function meta() {
  return [{ title: "Lab tests · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLabTestsPage(appOf(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  // One file at most: a report (PDF or image) or a CSV import, cut at 5 MB.
  return withUploadForm(readFileUploadForm(request), (formData) =>
    handleLabTestAction(appOf(context), admin, formData),
  );
}

export default function AdminLabTests({ loaderData }: Route.ComponentProps) {
  const { tests, thresholds, vendorReports } = loaderData;
  const dialog = useDialogState<LabTestRow>();
  const openDialog = dialog.open;
  const [importOpen, setImportOpen] = useState(false);
  const [importKey, setImportKey] = useState(0);
  useFetcherToast(DELETE_LAB_TEST_KEY);
  const columns = useMemo(() => labTestColumns({ onEdit: openDialog }), [openDialog]);

  return (
    <div className="space-y-10">
      <section aria-labelledby="lab-tests-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h1 id="lab-tests-heading" className="text-2xl font-semibold tracking-tight">
              Lab tests
            </h1>
            <p className="text-sm text-muted-foreground">
              Independent test results, shown on the vendor and peptide pages. A vendor with a
              passing test of a peptide in the last 12 months gets the Tested badge on its offers.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => {
                setImportKey((key) => key + 1);
                setImportOpen(true);
              }}
            >
              <FileUp aria-hidden />
              Import CSV
            </Button>
            <Button onClick={() => dialog.open()}>
              <Plus aria-hidden />
              Add Lab Test
            </Button>
          </div>
        </div>
        <TableFilterForm label="Search lab tests" table={LAB_TESTS_TABLE} query={tests.query}>
          <SearchControl
            id="lab-test-search"
            table={LAB_TESTS_TABLE}
            query={tests.query}
            placeholder="Lab, batch, vendor or peptide"
          />
        </TableFilterForm>
        <DataTable
          label="Lab tests"
          columns={columns}
          rows={tests.rows}
          total={tests.total}
          table={LAB_TESTS_TABLE}
          query={tests.query}
          emptyMessage="No lab tests yet."
          getRowId={(row) => row.id}
        />
      </section>

      <section aria-labelledby="vendor-lab-reports-heading" className="space-y-4">
        <div>
          <h2 id="vendor-lab-reports-heading" className="text-xl font-semibold tracking-tight">
            Lab reports from vendors
          </h2>
          <p className="text-sm text-muted-foreground">
            Reports a vendor uploaded. None is public until approved: approval adds it as a lab test
            with the report linked; a rejection's reason is shown to the vendor.
          </p>
        </div>
        <VendorLabReports {...vendorReports} />
      </section>

      <section aria-labelledby="lab-thresholds-heading" className="space-y-4">
        <div>
          <h2 id="lab-thresholds-heading" className="text-xl font-semibold tracking-tight">
            Pass thresholds
          </h2>
          <p className="text-sm text-muted-foreground">
            Every test is judged against these; what a report does not measure shows as not
            measured, never as passed.
          </p>
        </div>
        <LabThresholdsForm thresholds={thresholds} />
      </section>

      <LabTestDialog key={dialog.key} state={dialog.state} onClose={dialog.close} />
      <LabTestImportDialog
        key={`import-${importKey}`}
        open={importOpen}
        onClose={() => setImportOpen(false)}
      />
    </div>
  );
}
