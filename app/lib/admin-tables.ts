/**
 * The catalogue, scraping and audit tables' URL state (`app/lib/table-query.ts`), shared by
 * each loader (which parses it) and its page (which writes the links). Each table's sorts are
 * the columns its data function can order by.
 */
import { z } from "~/lib/forms/zod";

import { ADMIN_PAGE_SIZE, ADMIN_VENDOR_PEPTIDES_PAGE_SIZE } from "./constants";
import { SOURCE_STATUS_FILTERS } from "./forms/scraping";
import { defineTableQuery, idFilter, textFilter } from "./table-query";

/** Shown on the public side or hidden (the bulk bar's Activate / Deactivate). */
export const ACTIVE_STATUSES = ["active", "inactive"] as const;

export const PEPTIDES_TABLE = defineTableQuery({
  id: "peptides",
  sorts: ["name", "category", "popular"],
  defaultSort: "name",
  pageSize: ADMIN_PAGE_SIZE,
  filters: {
    category: idFilter,
    /** "1": popular only; "0": the others. */
    popular: z.enum(["1", "0"]),
    status: z.enum(ACTIVE_STATUSES),
  },
});

export const VENDOR_PRICES_TABLE = defineTableQuery({
  id: "vendor-prices",
  sorts: [
    "peptide",
    "vendor",
    "price",
    "currency",
    "quantity",
    "unit",
    "purity",
    "notes",
    "link",
    "stock",
    "checked",
  ],
  defaultSort: "peptide",
  pageSize: ADMIN_VENDOR_PEPTIDES_PAGE_SIZE,
  filters: {
    peptide: idFilter,
    vendor: idFilter,
    stock: z.enum(["in", "out"]),
    /** The dashboard's stale rule; a checkbox, so "1". */
    stale: z.literal("1"),
    status: z.enum(ACTIVE_STATUSES),
  },
});

export const VENDORS_TABLE = defineTableQuery({
  id: "vendors",
  sorts: ["name", "preferred", "coupon", "expiration", "rating"],
  defaultSort: "name",
  pageSize: ADMIN_PAGE_SIZE,
  filters: { coupon: z.literal("expiring") },
});

/** Sources: newest first until a column is clicked (SPEC.md §7). */
export const SOURCES_TABLE = defineTableQuery({
  id: "sources",
  sorts: ["created", "retailer", "url", "status", "lastScraped"],
  defaultSort: "created",
  defaultDir: "desc",
  pageSize: ADMIN_PAGE_SIZE,
  filters: { status: z.enum(SOURCE_STATUS_FILTERS) },
});

/** The scraping page's second table: its page is `?logs=`, newest first. */
export const SCRAPE_LOGS_TABLE = defineTableQuery({
  id: "scrape-logs",
  sorts: ["created"],
  defaultSort: "created",
  defaultDir: "desc",
  pageSize: 10,
  params: { q: "logsQ", sort: "logsSort", dir: "logsDir", page: "logs", size: "logsSize" },
  /** One source's lines: where a failed run's "View log" link goes. */
  filters: { logsSource: idFilter },
});

export const AUDIT_ACTOR_MAX = 254;

export const AUDIT_TABLE = defineTableQuery({
  id: "audit",
  sorts: ["time"],
  defaultSort: "time",
  defaultDir: "desc",
  pageSize: 25,
  filters: { entity: textFilter(64), actor: textFilter(AUDIT_ACTOR_MAX) },
});

export const CATEGORIES_TABLE = defineTableQuery({
  id: "categories",
  sorts: ["name"],
  defaultSort: "name",
  pageSize: ADMIN_PAGE_SIZE,
});

/** The categories page's second table: `?sizesPage=`. */
export const SIZES_TABLE = defineTableQuery({
  id: "sizes",
  sorts: ["peptide", "unit", "prices"],
  defaultSort: "peptide",
  pageSize: ADMIN_PAGE_SIZE,
  params: {
    q: "sizesQ",
    sort: "sizesSort",
    dir: "sizesDir",
    page: "sizesPage",
    size: "sizesSize",
  },
});

/** Lab tests: newest test first until a column is clicked. */
export const LAB_TESTS_TABLE = defineTableQuery({
  id: "lab-tests",
  sorts: ["tested", "vendor", "peptide", "lab", "purity"],
  defaultSort: "tested",
  defaultDir: "desc",
  pageSize: ADMIN_PAGE_SIZE,
});
