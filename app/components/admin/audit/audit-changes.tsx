import { auditEntryChanges, formatAuditValue, humaniseAuditKey } from "~/lib/audit";

/**
 * An entry's changed fields as "Field: before → after"; entries recorded before diffs were kept
 * show the written value only.
 */
export function AuditChanges({ details }: { details: unknown }) {
  const { changes, hasBefore } = auditEntryChanges(details);
  const fields = Object.entries(changes).filter(([field]) => hasBefore || field !== "name");
  if (fields.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-0.5 text-xs" aria-label="Changes">
      {fields.map(([field, change]) => (
        <li key={field}>
          <span className="font-medium">{humaniseAuditKey(field)}:</span>{" "}
          {hasBefore ? (
            <>
              <del className="text-muted-foreground">{formatAuditValue(change.before)}</del>
              {" → "}
              <ins className="no-underline">{formatAuditValue(change.after)}</ins>
            </>
          ) : (
            <span>{formatAuditValue(change.after)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
