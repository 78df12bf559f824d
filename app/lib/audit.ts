/** Reading the audit log: field-by-field changes, display names, links and times. */

export interface FieldChange {
  before: unknown;
  after: unknown;
}

export type AuditChanges = Record<string, FieldChange>;

/** Values as they are stored in jsonb, so a Date and its ISO string compare equal. */
function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/**
 * The fields whose value differs between two snapshots of an entity: a creation diffs against
 * nothing (every field "before" is null), a deletion against nothing after.
 */
export function diffAuditFields(
  before: object | null | undefined,
  after: object | null | undefined,
): AuditChanges {
  const previousValues = new Map<string, unknown>(Object.entries(before ?? {}));
  const nextValues = new Map<string, unknown>(Object.entries(after ?? {}));
  const changes: AuditChanges = {};
  for (const field of new Set([...previousValues.keys(), ...nextValues.keys()])) {
    const previous = normalise(previousValues.get(field));
    const next = normalise(nextValues.get(field));
    if (JSON.stringify(previous) !== JSON.stringify(next)) {
      changes[field] = { before: previous, after: next };
    }
  }
  return changes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Detail keys that name the entity in entries recorded before names were stored. */
const NAME_KEYS = ["name", "retailerName", "title", "email", "code"] as const;

/** The entity's display name from an entry's details, else its id (old or nameless entries). */
export function auditEntityName(details: unknown, entityId: string | null): string | null {
  if (isRecord(details)) {
    for (const key of NAME_KEYS) {
      const value = details[key];
      if (typeof value === "string" && value.trim()) return value.trim();
    }
  }
  return entityId;
}

function isFieldChange(value: unknown): value is FieldChange {
  return isRecord(value) && "before" in value && "after" in value;
}

/**
 * The changes an entry records: its stored diff, or (older entries, which kept only the values
 * written) each written value as an "after" with an unknown "before".
 */
export function auditEntryChanges(details: unknown): { changes: AuditChanges; hasBefore: boolean } {
  if (!isRecord(details)) return { changes: {}, hasBefore: false };
  const stored = details.changes;
  if (isRecord(stored)) {
    const changes: AuditChanges = {};
    for (const [field, change] of Object.entries(stored)) {
      if (isFieldChange(change)) changes[field] = change;
    }
    return { changes, hasBefore: true };
  }
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(details)) {
    changes[field] = { before: null, after: value };
  }
  return { changes, hasBefore: false };
}

/** Admin page of each audited entity kind. */
const ENTITY_PAGES: Record<string, string> = {
  peptide: "/admin/peptides",
  vendor_peptide: "/admin/prices",
  category: "/admin/categories",
  category_filter: "/admin/categories",
  size_option: "/admin/categories",
  vendor: "/admin/vendors",
  coupon: "/admin/vendors",
  offer_report: "/admin/reports",
  vendor_review: "/admin/reviews",
  scrape_source: "/admin/scraping",
  scrape_run: "/admin/scraping",
  scrape_review: "/admin/scraping",
  ads: "/admin/ads",
  hero_content: "/admin/hero",
  hero: "/admin/hero",
  footer_content: "/admin/footer",
  admin_users: "/admin/users",
  password_reset: "/admin/users",
  user: "/admin/users",
  settings: "/admin/settings",
  "exchange-rate": "/admin/settings",
  backup: "/admin/settings",
  cache: "/admin/settings",
  trash: "/admin/trash",
};

/** Pages whose table searches its rows by name (`?q=`), so a link can open on the one item. */
const SEARCHABLE_PAGES = new Set([
  "/admin/peptides",
  "/admin/prices",
  "/admin/vendors",
  "/admin/scraping",
  "/admin/users",
]);

/** Entity kinds whose deletion goes to the trash (as their pages record them). */
const TRASHED_ENTITIES = new Set([
  "peptide",
  "vendor_peptide",
  "category",
  "category_filter",
  "size_option",
  "vendor",
  "scrape_source",
  "ads",
]);

function searchFor(page: string, name: string | null): string {
  return name ? `${page}?${new URLSearchParams({ q: name })}` : page;
}

/**
 * Where the entry's item can be seen: its admin page, searched for the item's name where the
 * table searches; a deleted item in the trash (kept 30 days); nowhere for other deletions.
 */
export function auditEntityLink(entry: {
  entity: string;
  action: string;
  name: string | null;
}): string | null {
  if (entry.action === "delete") {
    return TRASHED_ENTITIES.has(entry.entity) ? searchFor("/admin/trash", entry.name) : null;
  }
  const page = ENTITY_PAGES[entry.entity];
  if (!page) return null;
  return SEARCHABLE_PAGES.has(page) ? searchFor(page, entry.name) : page;
}

/** Fields that hold another record's id, and the entity kind of that record. */
const REFERENCE_FIELDS: Record<string, ReferencedKind> = {
  vendorId: "vendor",
  peptideId: "peptide",
  categoryId: "category",
};

export type ReferencedKind = "vendor" | "peptide" | "category";

/** The record an id in a change stands for: its name, and the page that shows it. */
export interface AuditReference {
  name: string;
  href: string | null;
}

/** The kind of record a changed field points at ("vendorId" → vendor), if it is an id field. */
export function referencedKind(field: string): ReferencedKind | null {
  return REFERENCE_FIELDS[field] ?? null;
}

/** Every id an entry's changes point at, by kind, so the log can show names instead. */
export function auditReferencedIds(details: unknown): { kind: ReferencedKind; id: string }[] {
  const found: { kind: ReferencedKind; id: string }[] = [];
  for (const [field, change] of Object.entries(auditEntryChanges(details).changes)) {
    const kind = referencedKind(field);
    if (!kind) continue;
    for (const value of [change.before, change.after]) {
      if (typeof value === "string" && value) found.push({ kind, id: value });
    }
  }
  return found;
}

/** A referenced record as the log links it: its name, on its admin page searched for it. */
export function auditReference(kind: ReferencedKind, name: string): AuditReference {
  return { name, href: auditEntityLink({ entity: kind, action: "update", name }) };
}

/** "peptide" → "Peptide", "vendor_peptide" → "Vendor peptide", "exchange-rate" → "Exchange rate". */
export function humaniseAuditKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One side of a change, short enough for a table cell. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value.length > 120 ? `${value.slice(0, 119)}…` : value;
  if (typeof value === "number") return String(value);
  const json = JSON.stringify(value);
  return json.length > 120 ? `${json.slice(0, 119)}…` : json;
}

/**
 * "2026-11-22 20:31 UTC": always UTC, so the server's render and the browser's hydration show the
 * same text whatever the admin's time zone.
 */
export function formatUtcTimestamp(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "—";
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** One entry of the audit log as its page shows it (components/admin/audit). */
export interface AuditLogEntry {
  id: string;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  details: unknown;
  createdAt: Date;
  /** The names of the records its changes point at by id (vendorId, peptideId…), by id. */
  references?: Record<string, AuditReference>;
}
