import { Link } from "react-router";

import {
  auditEntryChanges,
  formatAuditValue,
  humaniseAuditKey,
  referencedKind,
  type AuditReference,
} from "~/lib/audit";

/** One side of a change: the named record (linked) when the value is a known record's id. */
function ChangeValue({
  field,
  value,
  references,
}: {
  field: string;
  value: unknown;
  references: Record<string, AuditReference> | undefined;
}) {
  const kind = referencedKind(field);
  if (!kind || typeof value !== "string" || !value) return <>{formatAuditValue(value)}</>;
  const reference = references?.[value];
  // The record was deleted since (its id would tell the reader nothing).
  if (!reference) return <>a deleted {kind}</>;
  return reference.href ? (
    <Link to={reference.href} className="underline underline-offset-2">
      {reference.name}
    </Link>
  ) : (
    <>{reference.name}</>
  );
}

/** "vendorId" reads "Vendor" once the id shows as the vendor's name. */
function fieldLabel(field: string): string {
  return humaniseAuditKey(referencedKind(field) ? field.replace(/Id$/, "") : field);
}

/**
 * An entry's changed fields as "Field: before → after"; entries recorded before diffs were kept
 * show the written value only. Ids of vendors, peptides and categories show as their names.
 */
export function AuditChanges({
  details,
  references,
}: {
  details: unknown;
  references?: Record<string, AuditReference>;
}) {
  const { changes, hasBefore } = auditEntryChanges(details);
  const fields = Object.entries(changes).filter(([field]) => hasBefore || field !== "name");
  if (fields.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-0.5 text-xs" aria-label="Changes">
      {fields.map(([field, change]) => (
        <li key={field}>
          <span className="font-medium">{fieldLabel(field)}:</span>{" "}
          {hasBefore ? (
            <>
              <del className="text-muted-foreground">
                <ChangeValue field={field} value={change.before} references={references} />
              </del>
              {" → "}
              <ins className="no-underline">
                <ChangeValue field={field} value={change.after} references={references} />
              </ins>
            </>
          ) : (
            <span>
              <ChangeValue field={field} value={change.after} references={references} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
