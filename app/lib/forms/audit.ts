/** The audit log's filter form (`GET /admin/audit?entity=&actor=&page=`), read by the loader. */
import { z } from "./zod";

export const AUDIT_PAGE_SIZE = 25;

const PAGE_MESSAGE = "Page must be a whole number of 1 or more";

const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "Filter is too long")
    .optional()
    .transform((value) => value || undefined);

export const auditLogQuerySchema = z.object({
  entity: optionalFilter(64),
  actor: optionalFilter(254),
  page: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === "" ? 1 : Number(value)))
    .pipe(
      z
        .number({ error: PAGE_MESSAGE })
        .int(PAGE_MESSAGE)
        .min(1, PAGE_MESSAGE)
        .max(1_000_000, PAGE_MESSAGE),
    ),
});

export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** The URL of one page of the log with the same filters. */
export function auditLogHref(query: Partial<AuditLogQuery>): string {
  const params = new URLSearchParams();
  if (query.entity) params.set("entity", query.entity);
  if (query.actor) params.set("actor", query.actor);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/admin/audit?${search}` : "/admin/audit";
}
