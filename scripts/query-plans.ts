/**
 * What the planner makes of the statements behind a page: `npm run bench:admin` and the
 * admin-table plan test (tests/integration/admin-table-plans.test.ts) record the statements
 * node-postgres sends and read their plans with EXPLAIN (not ANALYZE: nothing runs twice).
 */
import type pg from "pg";

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

/** A pg.Client or pg.Pool. */
interface Queryable {
  query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

/** The plan of one statement, a line a node; none for statements other than reads. */
export async function planOf(client: Queryable, query: CapturedQuery): Promise<string[]> {
  if (!/^\s*(select|with)\b/i.test(query.text)) return [];
  const { rows } = await client.query<{ "QUERY PLAN": string }>(
    `explain ${query.text}`,
    query.values,
  );
  return rows.map((row) => row["QUERY PLAN"]);
}

/** Sequential scans of the big tables in one statement's plan. */
export async function seqScansOf(
  client: Queryable,
  query: CapturedQuery,
  bigTables: Set<string>,
): Promise<string[]> {
  // A table's total row count (the pager's "N rows") reads the whole table or an index of it.
  const wholeCount = /^select count\(\*\) from "\w+"$/i.test(query.text.trim());
  const scans = new Set<string>();
  for (const line of await planOf(client, query)) {
    const match = /Seq Scan on (\w+)/.exec(line);
    if (match && bigTables.has(match[1]!)) {
      scans.add(wholeCount ? `${match[1]} (total count)` : match[1]!);
    }
  }
  return [...scans];
}
