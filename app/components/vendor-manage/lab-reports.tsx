import { Form } from "react-router";

import { LAB_TEST_LIMITS, MAX_LAB_MASS_MG } from "~/lib/forms/lab-tests";
import { formatDate } from "~/lib/format";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/upload-limits";

import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

export interface VendorSize {
  peptideId: string;
  peptideName: string;
  sizeOptionId: string;
  label: string;
}

export interface OwnLabReport {
  id: string;
  peptideName: string;
  size: string | null;
  labName: string;
  testedOn: string;
  status: string;
  rejectionReason: string | null;
  createdAt: string;
}

const STATUS_TEXT: Record<string, string> = {
  pending: "waiting for an admin",
  approved: "published as a lab test",
  rejected: "not published",
};

function TextField(props: {
  name: string;
  label: string;
  type?: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: string;
}) {
  const { name, label, ...input } = props;
  return (
    <div className="grid gap-1">
      <Label htmlFor={`lab-report-${name}`}>{label}</Label>
      <Input id={`lab-report-${name}`} name={name} {...input} />
    </div>
  );
}

/**
 * The vendor's lab report upload (issue 33 Must 4): the report file and what it measured. It
 * is published only after an admin approves it; the list below says where each one stands.
 */
export function VendorLabReportsSection({
  sizes,
  reports,
}: {
  sizes: VendorSize[];
  reports: OwnLabReport[];
}) {
  const peptides = [...new Map(sizes.map((size) => [size.peptideId, size.peptideName]))];
  return (
    <section aria-labelledby="lab-reports-heading" className="space-y-3">
      <h2 id="lab-reports-heading" className="text-xl font-semibold">
        Upload a lab report
      </h2>
      <p className="text-sm text-muted-foreground">
        A PDF or an image (JPEG, PNG, WebP) of at most 5 MB. It is published as a lab test once an
        admin has checked it against the report.
      </p>
      <Form method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="submit-lab-report" />
        <div className="grid gap-1">
          <Label htmlFor="lab-report-peptideId">Peptide</Label>
          <select
            id="lab-report-peptideId"
            name="peptideId"
            required
            className="rounded border p-2"
          >
            {peptides.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="lab-report-sizeOptionId">Size tested</Label>
          <select id="lab-report-sizeOptionId" name="sizeOptionId" className="rounded border p-2">
            <option value="">Not stated</option>
            {sizes.map((size) => (
              <option key={size.sizeOptionId} value={size.sizeOptionId}>
                {size.peptideName} {size.label}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 sm:col-span-2">
          <input type="checkbox" name="coversAllSizes" /> The report covers every size of the batch
        </label>
        <TextField name="labName" label="Lab" required maxLength={LAB_TEST_LIMITS.labName} />
        <TextField name="testedOn" label="Tested on" type="date" required />
        <TextField name="batch" label="Batch / lot" maxLength={LAB_TEST_LIMITS.batch} />
        <TextField
          name="claimedMassMg"
          label="Claimed mass (mg)"
          type="number"
          step="any"
          min={0}
          max={MAX_LAB_MASS_MG}
        />
        <TextField
          name="measuredMassMg"
          label="Measured mass (mg)"
          type="number"
          step="any"
          min={0}
          max={MAX_LAB_MASS_MG}
        />
        <TextField
          name="purityPercent"
          label="Purity (%)"
          type="number"
          step="any"
          min={0}
          max={100}
        />
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="lab-report-file">Report (PDF or image)</Label>
          <Input
            id="lab-report-file"
            name="report"
            type="file"
            required
            accept={`application/pdf,${ACCEPTED_IMAGE_TYPES}`}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit">Send the lab report</Button>
        </div>
      </Form>
      {reports.length > 0 ? (
        <ul className="space-y-1 text-sm" data-testid="own-lab-reports">
          {reports.map((report) => (
            <li key={report.id}>
              {report.peptideName}
              {report.size ? ` ${report.size}` : ""} · {report.labName} · {report.testedOn} · sent{" "}
              {formatDate(report.createdAt)} — {STATUS_TEXT[report.status] ?? report.status}
              {report.rejectionReason ? `: ${report.rejectionReason}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
