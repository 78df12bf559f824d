import { ConfirmDeleteButton } from "~/components/admin/confirm-delete-button";
import type { DataColumn } from "~/components/admin/data-table";
import { EditButton } from "~/components/edit-button";
import { LabReportLink, LabResultBadge } from "~/components/lab-tests-section";
import { formatDate } from "~/lib/format";
import { describeMeasurements, type LabTestJudgement } from "~/lib/lab-tests";

import type { EditableLabTest } from "~/lib/forms/lab-tests";

export const DELETE_LAB_TEST_KEY = "delete-lab-test";

export interface LabTestRow extends EditableLabTest {
  result: LabTestJudgement;
}

function testName(row: LabTestRow): string {
  return `${row.vendorName} ${row.peptideName}${row.size ? ` ${row.size}` : ""} (${row.labName}, ${formatDate(row.testedOn)})`;
}

/** The lab tests table's columns: Tested, Vendor, Peptide, Lab, Result, Report, Actions. */
export function labTestColumns({
  onEdit,
}: {
  onEdit: (row: LabTestRow) => void;
}): DataColumn<LabTestRow>[] {
  return [
    {
      id: "tested",
      header: "Tested",
      sortKey: "tested",
      cell: (row) => <span className="whitespace-nowrap">{formatDate(row.testedOn)}</span>,
    },
    {
      id: "vendor",
      header: "Vendor",
      sortKey: "vendor",
      cell: (row) => <span className="font-medium">{row.vendorName}</span>,
    },
    {
      id: "peptide",
      header: "Peptide",
      sortKey: "peptide",
      cell: (row) => (
        <span>
          {row.peptideName}
          {row.size ? <span className="text-muted-foreground"> {row.size}</span> : null}
          {row.coversAllSizes ? (
            <span className="block text-xs text-muted-foreground">all sizes of the batch</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "lab",
      header: "Lab",
      sortKey: "lab",
      cell: (row) => (
        <span>
          {row.labName}
          {row.batch ? (
            <span className="block text-xs text-muted-foreground">Batch {row.batch}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "purity",
      header: "Result",
      sortKey: "purity",
      cell: (row) => (
        <div className="min-w-40 space-y-1">
          <LabResultBadge verdict={row.result.verdict} />
          <p className="text-xs text-muted-foreground">{describeMeasurements(row)}</p>
        </div>
      ),
    },
    {
      id: "report",
      header: "Report",
      cell: (row) => <LabReportLink url={row.reportUrl} label={testName(row)} />,
    },
    {
      id: "actions",
      header: "Actions",
      cell: (row) => (
        <div className="flex items-center gap-1">
          <EditButton label={`Edit lab test ${testName(row)}`} onClick={() => onEdit(row)} />
          <ConfirmDeleteButton
            fetcherKey={DELETE_LAB_TEST_KEY}
            fields={{ intent: "delete-lab-test", id: row.id }}
            itemName={`lab test ${testName(row)}`}
            description={`The lab test ${testName(row)} will be moved to the trash and leaves the public pages until it is restored.`}
          />
        </div>
      ),
    },
  ];
}
