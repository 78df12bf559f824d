/**
 * The public "Lab tests" section of the vendor and peptide pages (issue 23), and the result
 * badge the admin's table shows too. Plain props (~/lib/lab-tests PublicLabTest): a table on
 * wide screens, cards on phones. A failed test reads "Failed", in the destructive colour, never
 * hidden; what a report did not measure reads "Not measured".
 */
import { FileText } from "lucide-react";

import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/lib/format";
import {
  describeMeasurements,
  FAILED_LAB_TEST,
  LAB_CHECK_LABELS,
  type LabCheck,
  type LabWarning,
  type PublicLabTest,
} from "~/lib/lab-tests";

const BADGE_VARIANTS = {
  passed: "success",
  failed: "destructive",
  not_measured: "secondary",
} as const;

export function LabResultBadge({ verdict }: { verdict: LabCheck }) {
  return (
    <Badge variant={BADGE_VARIANTS[verdict]} data-lab-result={verdict}>
      {LAB_CHECK_LABELS[verdict]}
    </Badge>
  );
}

/** "Report" link: uploads and links open in a new tab; a PDF of ours downloads. */
export function LabReportLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return <span className="text-muted-foreground">No report</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="inline-flex items-center gap-1 font-medium underline underline-offset-4"
      aria-label={`Report: ${label}`}
    >
      <FileText className="size-4" aria-hidden />
      Report
    </a>
  );
}

function purityText(test: PublicLabTest): string {
  return test.purityPercent === null ? "Not measured" : `${Number(test.purityPercent.toFixed(2))}%`;
}

function massText(test: PublicLabTest): string {
  if (test.measuredMassMg === null) return "Not measured";
  const measured = `${Number(test.measuredMassMg.toFixed(3))} mg`;
  return test.claimedMassMg === null
    ? measured
    : `${measured} of ${Number(test.claimedMassMg.toFixed(3))} mg`;
}

function extrasText(test: PublicLabTest): string | null {
  const parts = [
    test.endotoxin ? `Endotoxin: ${test.endotoxin}` : null,
    test.heavyMetals ? `Heavy metals: ${test.heavyMetals}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

export interface LabTestsSectionProps {
  tests: PublicLabTest[];
  /** Which side the page is about: a vendor page names the peptide, a peptide page the vendor. */
  subject: "vendor" | "peptide";
  /** The section heading's id (for aria-labelledby and in-page links). */
  headingId?: string;
  /** The vendor's reply to a test, by test id, shown beneath it (issue 33). */
  replies?: Record<string, string>;
}

/** A vendor's answer beneath what it answers: a lab result here, a review on the vendor page. */
export function VendorReply({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="text-sm whitespace-pre-line text-muted-foreground" data-testid="vendor-reply">
      <span className="font-medium">The vendor&apos;s reply:</span> {text}
    </p>
  );
}

export function LabTestsSection({
  tests,
  subject,
  headingId = "lab-tests-heading",
  replies = {},
}: LabTestsSectionProps) {
  const otherHeader = subject === "vendor" ? "Peptide" : "Vendor";
  const otherOf = (test: PublicLabTest) =>
    subject === "vendor" ? test.peptide.name : test.vendor.name;
  const labelOf = (test: PublicLabTest) =>
    `${otherOf(test)}${test.size ? ` ${test.size}` : ""}, ${test.labName}, ${formatDate(test.testedOn)}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="lab-tests">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        Lab tests
      </h2>
      <p className="text-sm text-muted-foreground">
        Independent lab results, the latest of each {subject === "vendor" ? "peptide" : "vendor"}{" "}
        and size. A test fails when purity or the measured mass is outside the site&apos;s
        thresholds.
      </p>
      {tests.length === 0 ? (
        <p className="rounded-md border p-4 text-sm text-muted-foreground">
          No independent lab tests recorded yet.
        </p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-md border md:block">
            <table className="w-full text-sm">
              <thead className="bg-muted/50 text-left">
                <tr>
                  <th scope="col" className="p-2 font-medium">
                    {otherHeader}
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Size
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Lab
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Tested
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Purity
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Mass
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Result
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Report
                  </th>
                </tr>
              </thead>
              <tbody>
                {tests.flatMap((test) => [
                  <tr key={test.id} className="border-t" data-lab-test={test.result.verdict}>
                    <td className="p-2 font-medium">{otherOf(test)}</td>
                    <td className="p-2">{test.size ?? "—"}</td>
                    <td className="p-2">
                      {test.labName}
                      {test.batch ? (
                        <span className="block text-xs text-muted-foreground">
                          Batch {test.batch}
                        </span>
                      ) : null}
                    </td>
                    <td className="p-2 whitespace-nowrap">{formatDate(test.testedOn)}</td>
                    <td className="p-2 tabular-nums">{purityText(test)}</td>
                    <td className="p-2 tabular-nums">{massText(test)}</td>
                    <td className="p-2">
                      <LabResultBadge verdict={test.result.verdict} />
                      {extrasText(test) ? (
                        <span className="block text-xs text-muted-foreground">
                          {extrasText(test)}
                        </span>
                      ) : null}
                    </td>
                    <td className="p-2">
                      <LabReportLink url={test.reportUrl} label={labelOf(test)} />
                    </td>
                  </tr>,
                  ...(replies[test.id]
                    ? [
                        <tr key={`${test.id}-reply`}>
                          <td colSpan={8} className="px-2 pb-2">
                            <VendorReply text={replies[test.id]} />
                          </td>
                        </tr>,
                      ]
                    : []),
                ])}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden">
            {tests.map((test) => (
              <li
                key={test.id}
                className="space-y-1 rounded-md border p-3 text-sm"
                data-lab-test={test.result.verdict}
              >
                <div className="flex items-start justify-between gap-2">
                  <span className="font-medium">
                    {otherOf(test)}
                    {test.size ? ` ${test.size}` : ""}
                  </span>
                  <LabResultBadge verdict={test.result.verdict} />
                </div>
                <p className="text-muted-foreground">
                  {test.labName}, {formatDate(test.testedOn)}
                  {test.batch ? ` · Batch ${test.batch}` : ""}
                </p>
                <p>{describeMeasurements(test)}</p>
                {extrasText(test) ? (
                  <p className="text-muted-foreground">{extrasText(test)}</p>
                ) : null}
                <LabReportLink url={test.reportUrl} label={labelOf(test)} />
                <VendorReply text={replies[test.id]} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The "Tested" badge beside an offer: its title and accessible text say lab, date and result. */
export function TestedOfferBadge({ text }: { text: string }) {
  return (
    <Badge variant="success" title={text} data-tested-badge>
      Tested
      <span className="sr-only">: {text}</span>
    </Badge>
  );
}

/**
 * The "Failed lab test" warning of an offer row (issue 30): the newest judged test of this
 * vendor, peptide and size failed. Its words (lab, date, what was measured) are the tooltip and
 * reach a screen reader; the report is linked beside it.
 */
export function FailedLabTestWarning({ warning }: { warning: LabWarning }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1 text-xs" data-lab-warning>
      <Badge variant="destructive" title={warning.text}>
        {FAILED_LAB_TEST}
        <span className="sr-only">: {warning.text}</span>
      </Badge>
      {warning.reportUrl ? <LabReportLink url={warning.reportUrl} label={warning.text} /> : null}
    </span>
  );
}
