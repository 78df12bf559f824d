/**
 * An admin table's state in the URL: `?q=&sort=&dir=&page=&<filters>`.
 *
 * ```ts
 * // app/lib/… (shared by loader and page)
 * export const USERS_TABLE = defineTableQuery({
 *   sorts: ["email", "createdAt", "deals"],
 *   defaultSort: "createdAt",
 *   defaultDir: "desc",
 *   filters: { role: z.enum(["admin", "user"]) },
 * });
 * // loader
 * const query = USERS_TABLE.parse(new URL(request.url).searchParams);
 * const { rows, total } = await getUsersPage(db, { ...query, pageSize: USERS_PAGE_SIZE });
 * // page: <DataTable server={{ query, total, pageSize, table: USERS_TABLE }} … />
 * ```
 *
 * Parsing never fails: `q` is trimmed and cut to 200 characters, a page below 1 or not a
 * number is 1 (`clampPage` brings a page past the end back to the last one), an unknown sort
 * or direction is the default, a filter its schema refuses is dropped. `hrefFor` writes a
 * change (a new sort, page, search or filter) while keeping every other parameter, leaving
 * defaults out of the URL; `toggleSort` sorts a new column ascending first, then flips it.
 */
import { z } from "~/lib/forms/zod";

export const TABLE_QUERY_MAX = 200;

export type SortDir = "asc" | "desc";

type FilterShape = Record<string, z.ZodType>;

export interface TableQuerySpec<Sort extends string, Filters extends FilterShape> {
  sorts: readonly [Sort, ...Sort[]];
  defaultSort: Sort;
  defaultDir?: SortDir;
  filters?: Filters;
}

export interface TableQuery<Sort extends string = string, FilterValues = Record<string, unknown>> {
  q: string;
  sort: Sort;
  dir: SortDir;
  page: number;
  filters: FilterValues;
}

export type TableQueryChange<Sort extends string, FilterValues> = Partial<
  Omit<TableQuery<Sort, FilterValues>, "filters">
> & { filters?: Partial<FilterValues> };

type FilterValuesOf<Filters extends FilterShape> = {
  [K in keyof Filters]?: z.output<Filters[K]>;
};

export interface TableQueryDefinition<Sort extends string, Filters extends FilterShape> {
  spec: TableQuerySpec<Sort, Filters>;
  parse: (params: URLSearchParams) => TableQuery<Sort, FilterValuesOf<Filters>>;
  serialize: (query: TableQuery<Sort, FilterValuesOf<Filters>>) => URLSearchParams;
  /** `?…` for the query with `change` applied; a change of search, sort or filter goes to page 1. */
  hrefFor: (
    query: TableQuery<Sort, FilterValuesOf<Filters>>,
    change: TableQueryChange<Sort, FilterValuesOf<Filters>>,
  ) => string;
  /** The query after a click on column `sort`: ascending first, then the other way. */
  toggleSort: (
    query: TableQuery<Sort, FilterValuesOf<Filters>>,
    sort: Sort,
  ) => TableQuery<Sort, FilterValuesOf<Filters>>;
  isSort: (value: string) => value is Sort;
}

/** Pages needed for `total` rows; at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page brought within 1 … the last page. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

/** Offset of the first row of `page`. */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, page) - 1) * pageSize;
}

const pageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const dirSchema = z.enum(["asc", "desc"]);

function stringValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "boolean") return value ? "true" : undefined;
  return String(value);
}

export function defineTableQuery<Sort extends string, Filters extends FilterShape = FilterShape>(
  spec: TableQuerySpec<Sort, Filters>,
): TableQueryDefinition<Sort, Filters> {
  type Query = TableQuery<Sort, FilterValuesOf<Filters>>;
  const defaultDir = spec.defaultDir ?? "asc";
  const isSort = (value: string): value is Sort =>
    (spec.sorts as readonly string[]).includes(value);
  const filterNames = Object.keys(spec.filters ?? {});

  const parse = (params: URLSearchParams): Query => {
    const rawSort = params.get("sort") ?? "";
    const sort = isSort(rawSort) ? rawSort : spec.defaultSort;
    const dir = dirSchema.safeParse(params.get("dir"));
    const filters: Record<string, unknown> = {};
    for (const name of filterNames) {
      const raw = params.get(name);
      if (raw === null || raw === "") continue;
      const parsed = spec.filters![name]!.safeParse(raw);
      if (parsed.success && parsed.data !== undefined) filters[name] = parsed.data;
    }
    return {
      q: (params.get("q") ?? "").trim().slice(0, TABLE_QUERY_MAX),
      sort,
      // A sort named without a direction is ascending: what the first click asks for.
      dir: dir.success ? dir.data : isSort(rawSort) ? "asc" : defaultDir,
      page: pageSchema.parse(params.get("page") ?? 1),
      filters: filters as FilterValuesOf<Filters>,
    };
  };

  const serialize = (query: Query): URLSearchParams => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    for (const name of filterNames) {
      const value = stringValue((query.filters as Record<string, unknown>)[name]);
      if (value !== undefined) params.set(name, value);
    }
    if (query.sort !== spec.defaultSort || query.dir !== defaultDir) {
      params.set("sort", query.sort);
      params.set("dir", query.dir);
    }
    if (query.page > 1) params.set("page", String(query.page));
    return params;
  };

  const hrefFor = (query: Query, change: TableQueryChange<Sort, FilterValuesOf<Filters>>) => {
    const resetsPage =
      change.q !== undefined ||
      change.sort !== undefined ||
      change.dir !== undefined ||
      change.filters !== undefined;
    const next: Query = {
      ...query,
      ...change,
      filters: { ...query.filters, ...change.filters } as FilterValuesOf<Filters>,
      page: change.page ?? (resetsPage ? 1 : query.page),
    };
    const search = serialize(next).toString();
    return search ? `?${search}` : "?";
  };

  const toggleSort = (query: Query, sort: Sort): Query => ({
    ...query,
    sort,
    dir: query.sort === sort ? (query.dir === "asc" ? "desc" : "asc") : "asc",
    page: 1,
  });

  return { spec, parse, serialize, hrefFor, toggleSort, isSort };
}
