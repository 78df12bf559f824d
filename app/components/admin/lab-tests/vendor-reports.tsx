import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { formatDate } from "~/lib/format";
import type { TableQuery } from "~/lib/table-query";
import { VENDOR_LAB_REPORTS_LIST } from "~/lib/trust/review-lists";
import { LAB_REPORT_REJECTION_MAX } from "~/lib/vendor-accounts";

import { TablePager } from "../table-pager";

import { Button } from "../../ui/button";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";

export interface PendingLabReport {
  id: string;
  vendorName: string;
  peptideName: string;
  size: string | null;
  coversAllSizes: boolean;
  labName: string;
  testedOn: string;
  batch: string | null;
  claimedMassMg: number | null;
  measuredMassMg: number | null;
  purityPercent: number | null;
  reportUrl: string;
  createdAt: string;
}

const measured = (value: number | null, suffix: string) =>
  value === null ? "not stated" : `${value}${suffix}`;

function Decision({ report }: { report: PendingLabReport }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap items-end gap-2">
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={report.id} />
        <Button type="submit" name="intent" value="approve-lab-report" size="sm" disabled={busy}>
          Approve and publish
        </Button>
      </fetcher.Form>
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="reject-lab-report" />
        <input type="hidden" name="id" value={report.id} />
        <Field id={`reject-reason-${report.id}`} label="Reason (the vendor sees it)">
          <Input name="reason" required maxLength={LAB_REPORT_REJECTION_MAX} />
        </Field>
        <Button type="submit" size="sm" variant="outline" disabled={busy}>
          Reject
        </Button>
      </fetcher.Form>
    </div>
  );
}

/**
 * Vendors' uploaded lab reports waiting for an admin, a page at a time: nothing here is public
 * yet.
 */
export function VendorLabReports({
  rows: reports,
  query,
  total,
}: {
  rows: PendingLabReport[];
  query: TableQuery;
  total: number;
}) {
  if (total === 0) return <p className="text-sm">No vendor report waits.</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {reports.map((report) => (
          <li
            key={report.id}
            className="flex flex-col gap-2 rounded-lg border p-3 text-sm"
            data-testid="pending-lab-report"
          >
            <p className="font-medium">
              {report.vendorName}: {report.peptideName}
              {report.size ? ` ${report.size}` : ""}
              {report.coversAllSizes ? " (every size of the batch)" : ""}
            </p>
            <p>
              {report.labName} · tested {report.testedOn}
              {report.batch ? ` · batch ${report.batch}` : ""} · claimed{" "}
              {measured(report.claimedMassMg, " mg")} · measured{" "}
              {measured(report.measuredMassMg, " mg")} · purity{" "}
              {measured(report.purityPercent, "%")}
            </p>
            <p className="text-muted-foreground">
              Sent {formatDate(report.createdAt)} ·{" "}
              <a href={report.reportUrl} className="underline" target="_blank" rel="noreferrer">
                Open the report
              </a>
            </p>
            <Decision report={report} />
          </li>
        ))}
      </ul>
      <TablePager
        label="Vendor lab reports"
        table={VENDOR_LAB_REPORTS_LIST}
        query={query}
        total={total}
      />
    </div>
  );
}
