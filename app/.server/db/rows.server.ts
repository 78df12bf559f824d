/** Reading the rows of raw `db.execute` queries, alike on PostgreSQL and PGlite. */

export type Row = Record<string, unknown>;

/** `db.execute` answers `{ rows }` on both drivers; its static type does not say so. */
export function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** A timestamp column as ISO text: drivers answer a Date or the database's text. */
export function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}
