/**
 * Every admin table's state in the URL: `?q=&sort=&dir=&page=&<filters>`, the one module the
 * loaders parse it with and the pages write their links with.
 *
 * ```ts
 * // app/lib/… (shared by loader and page)
 * export const USERS_TABLE = defineTableQuery({
 *   id: "users",
 *   sorts: ["email", "createdAt", "deals"],
 *   defaultSort: "createdAt",
 *   defaultDir: "desc",
 *   pageSize: 25,
 *   filters: { role: z.enum(["admin", "user"]) },
 * });
 * // loader
 * const query = USERS_TABLE.parse(url.searchParams);
 * const { query: shown, rows, total } = await readTablePage(query, (page) =>
 *   getUsersPage(db, { ...query, page }),
 * );
 * // page: <DataTable table={USERS_TABLE} query={shown} total={total} … />
 * ```
 *
 * Rows per page: `?size=` picks one of the definition's `pageSizes` (its `pageSize` first, then
 * 25, 50 and 100); the table component remembers the choice per table (`storageKey`) and asks
 * for it again when the URL names no size.
 *
 * Parsing never fails: `q` loses control characters, is trimmed and cut to 200 characters, a
 * page below 1 or not a whole number is 1 (`readTablePage` brings a page past the end back to
 * the last one), an unknown sort or direction is the default, a filter its schema refuses is
 * dropped. `hrefFor` writes a change (a new sort, page, search or filter) while keeping every
 * other parameter, the page's own included, leaving defaults out of the URL; `toggleSort`
 * sorts a new column ascending first, then flips it. A page with two tables renames the
 * second one's parameters (`params: { page: "logs" }`).
 */
import { z } from "~/lib/forms/zod";

export const TABLE_QUERY_MAX = 200;

/** The most rows a table shows at once; a definition asking for more is a programming error. */
export const MAX_PAGE_SIZE = 100;

const MAX_PAGE = 1_000_000;

export type SortDir = "asc" | "desc";

type FilterShape = Record<string, z.ZodType>;

type OwnParam = "q" | "sort" | "dir" | "page" | "size";

/** Rows per page offered beside a table's own default. */
export const PAGE_SIZE_CHOICES = [25, 50, 100] as const;

export interface TableQuerySpec<Sort extends string, Filters extends FilterShape> {
  /** Names the table where its remembered rows per page are kept. */
  id: string;
  sorts: readonly [Sort, ...Sort[]];
  defaultSort: Sort;
  defaultDir?: SortDir;
  /** Default rows per page, 1 … MAX_PAGE_SIZE. */
  pageSize: number;
  /** URL parameters parsed as their schema's output; a refused value is left out. */
  filters?: Filters;
  /** Other names for the table's own parameters, for a second table on one page. */
  params?: Partial<Record<OwnParam, string>>;
}

export interface TableQuery<Sort extends string = string, FilterValues = Record<string, unknown>> {
  q: string;
  sort: Sort;
  dir: SortDir;
  page: number;
  pageSize: number;
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
  /** The default rows per page. */
  pageSize: number;
  /** The rows-per-page choices, the default first. */
  pageSizes: readonly number[];
  /** Where the table component remembers the rows per page chosen last. */
  storageKey: string;
  /** The URL names of the table's own parameters (q, sort, dir, page, size and the filters). */
  paramNames: Record<OwnParam, string> & { filters: string[] };
  parse: (params: URLSearchParams) => TableQuery<Sort, FilterValuesOf<Filters>>;
  serialize: (query: TableQuery<Sort, FilterValuesOf<Filters>>) => URLSearchParams;
  /**
   * `?…` for the query with `change` applied; a change of search, sort or filter goes to page 1.
   * Parameters of `current` (the page's URL) that are not the table's own are kept.
   */
  hrefFor: (
    query: TableQuery<Sort, FilterValuesOf<Filters>>,
    change: TableQueryChange<Sort, FilterValuesOf<Filters>>,
    current?: URLSearchParams | string,
  ) => string;
  /** The query after a click on column `sort`: ascending first, then the other way. */
  toggleSort: (
    query: TableQuery<Sort, FilterValuesOf<Filters>>,
    sort: Sort,
  ) => TableQuery<Sort, FilterValuesOf<Filters>>;
  isSort: (value: string) => value is Sort;
}

/** Any table definition, for code (the table component) that works with every table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTableQueryDefinition = TableQueryDefinition<any, any>;

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

/** Filter: a record id (uuid), lower-cased; anything else is no filter. */
export const idFilter = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
  .transform((value) => value.toLowerCase());

/** Filter: free text (a name, an e-mail), trimmed and cut to `max`; empty is no filter. */
export const textFilter = (max: number) =>
  z
    .string()
    .transform((value) => value.trim().slice(0, max))
    .transform((value) => value || undefined);

const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

/**
 * A page number from the URL (?page=, ?alertsPage=) for the public lists too (home, /deals,
 * /stack): anything but a whole number from 1 up is page 1.
 */
export function parsePage(value: string | null): number {
  return pageSchema.parse(value ?? undefined);
}
const dirSchema = z.enum(["asc", "desc"]);

function cleanSearch(value: string | null): string {
  return (value ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, TABLE_QUERY_MAX);
}

function stringValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "boolean") return value ? "true" : undefined;
  return String(value);
}

export function defineTableQuery<Sort extends string, Filters extends FilterShape = FilterShape>(
  spec: TableQuerySpec<Sort, Filters>,
): TableQueryDefinition<Sort, Filters> {
  type Query = TableQuery<Sort, FilterValuesOf<Filters>>;
  if (!Number.isInteger(spec.pageSize) || spec.pageSize < 1 || spec.pageSize > MAX_PAGE_SIZE)
    throw new RangeError(`A table's page size is 1 to ${MAX_PAGE_SIZE}, not ${spec.pageSize}`);
  const defaultDir = spec.defaultDir ?? "asc";
  const isSort = (value: string): value is Sort =>
    (spec.sorts as readonly string[]).includes(value);
  const filterNames = Object.keys(spec.filters ?? {});
  const names = {
    q: spec.params?.q ?? "q",
    sort: spec.params?.sort ?? "sort",
    dir: spec.params?.dir ?? "dir",
    page: spec.params?.page ?? "page",
    size: spec.params?.size ?? "size",
  };
  const ownNames = new Set([...Object.values(names), ...filterNames]);

  const pageSizes = [spec.pageSize, ...PAGE_SIZE_CHOICES.filter((size) => size !== spec.pageSize)];
  const pageSizeOf = (raw: string | null): number | undefined => {
    const size = Number(raw);
    return raw && pageSizes.includes(size) ? size : undefined;
  };

  const parse = (params: URLSearchParams): Query => {
    const rawSort = params.get(names.sort) ?? "";
    const sort = isSort(rawSort) ? rawSort : spec.defaultSort;
    const dir = dirSchema.safeParse(params.get(names.dir));
    const filters: Record<string, unknown> = {};
    for (const name of filterNames) {
      const raw = params.get(name);
      if (raw === null || raw === "") continue;
      const parsed = spec.filters![name]!.safeParse(raw);
      if (parsed.success && parsed.data !== undefined) filters[name] = parsed.data;
    }
    return {
      q: cleanSearch(params.get(names.q)),
      sort,
      // A sort named without a direction is ascending: what the first click asks for.
      dir: dir.success ? dir.data : isSort(rawSort) ? "asc" : defaultDir,
      page: pageSchema.parse(params.get(names.page) ?? 1),
      pageSize: pageSizeOf(params.get(names.size)) ?? spec.pageSize,
      filters: filters as FilterValuesOf<Filters>,
    };
  };

  const serialize = (query: Query): URLSearchParams => {
    const params = new URLSearchParams();
    if (query.q) params.set(names.q, query.q);
    for (const name of filterNames) {
      const value = stringValue((query.filters as Record<string, unknown>)[name]);
      if (value !== undefined) params.set(name, value);
    }
    if (query.sort !== spec.defaultSort || query.dir !== defaultDir) {
      params.set(names.sort, query.sort);
      // A named sort is ascending unless the URL says otherwise (see parse).
      if (query.dir === "desc") params.set(names.dir, "desc");
    }
    if (query.page > 1) params.set(names.page, String(query.page));
    if (query.pageSize !== spec.pageSize) params.set(names.size, String(query.pageSize));
    return params;
  };

  const hrefFor = (
    query: Query,
    change: TableQueryChange<Sort, FilterValuesOf<Filters>>,
    current?: URLSearchParams | string,
  ) => {
    const resetsPage =
      change.q !== undefined ||
      change.sort !== undefined ||
      change.dir !== undefined ||
      change.pageSize !== undefined ||
      change.filters !== undefined;
    const next: Query = {
      ...query,
      ...change,
      filters: { ...query.filters, ...change.filters } as FilterValuesOf<Filters>,
      page: change.page ?? (resetsPage ? 1 : query.page),
    };
    const params = new URLSearchParams();
    for (const [name, value] of new URLSearchParams(current))
      if (!ownNames.has(name)) params.append(name, value);
    for (const [name, value] of serialize(next)) params.append(name, value);
    const search = params.toString();
    return search ? `?${search}` : "?";
  };

  const toggleSort = (query: Query, sort: Sort): Query => ({
    ...query,
    sort,
    dir: query.sort === sort ? (query.dir === "asc" ? "desc" : "asc") : "asc",
    page: 1,
  });

  return {
    spec,
    pageSize: spec.pageSize,
    pageSizes,
    storageKey: `admin-table-rows:${spec.id}`,
    paramNames: { ...names, filters: filterNames },
    parse,
    serialize,
    hrefFor,
    toggleSort,
    isSort,
  };
}

/**
 * Reads the page the query asks for; when it is past the end (rows were deleted, an old link)
 * reads the last page instead. Returns the query of the page read.
 */
export async function readTablePage<Q extends TableQuery, Result extends { total: number }>(
  query: Q,
  read: (page: number) => Promise<Result>,
): Promise<Result & { query: Q }> {
  let result = await read(query.page);
  const page = clampPage(query.page, result.total, query.pageSize);
  if (page !== query.page) result = await read(page);
  return { ...result, query: { ...query, page } };
}
