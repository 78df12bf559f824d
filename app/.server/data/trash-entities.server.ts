/**
 * What the trash keeps of each kind of record: its own row (`root`), the rows that depend on it
 * and vanish with it through ON DELETE CASCADE (`dependants`, re-inserted after the root in this
 * order, parents first), and the references other rows lose through ON DELETE SET NULL
 * (`links`, set back on restore while still null). Registering an entity is one entry here;
 * its admin action then calls moveToTrash(db, { entity, ids, actorId }).
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import {
  ads,
  categories,
  categoryFilters,
  coupons,
  labTests,
  peptides,
  peptideSlugHistory,
  priceHistory,
  savedDeals,
  scrapedData,
  scrapeLogs,
  scrapeReviewItems,
  scrapeRuns,
  scrapeSources,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "../db/schema";

export interface TrashTableSpec {
  /** Key in the stored payload; the table's SQL name. */
  name: string;
  table: PgTable;
  /** The rows of this table that belong to the trashed record `id`. */
  where: (id: string) => SQL;
}

export interface TrashLinkSpec {
  name: string;
  table: PgTable;
  /** The referencing row's own key. */
  rowId: PgColumn;
  /** The column ON DELETE SET NULL empties. */
  column: PgColumn;
  where: (id: string) => SQL;
}

export interface TrashEntity {
  /** Singular, for messages and the Trash view ("Category"). */
  label: string;
  root: TrashTableSpec;
  id: PgColumn;
  /** What the Trash view and the audit log call the record. */
  name: SQL<string>;
  dependants?: TrashTableSpec[];
  links?: TrashLinkSpec[];
}

/** `column = id` for a uuid column. */
const is = (column: PgColumn) => (id: string) => sql`${column} = ${id}::uuid`;

function table(name: string, table: PgTable, where: (id: string) => SQL): TrashTableSpec {
  return { name, table, where };
}

function link(
  name: string,
  linkTable: PgTable,
  rowId: PgColumn,
  column: PgColumn,
  where: (id: string) => SQL = is(column),
): TrashLinkSpec {
  return { name, table: linkTable, rowId, column, where };
}

/** Vendor prices of a peptide, vendor or size, as a subquery. */
const pricesWhere = (column: PgColumn, id: string) =>
  sql`select ${vendorPeptides.id} from ${vendorPeptides} where ${column} = ${id}::uuid`;

/** The price history of the offers whose `column` is the trashed record. */
const historyOfPricesBy = (column: PgColumn) =>
  table(
    "price_history",
    priceHistory,
    (id) => sql`${priceHistory.vendorPeptideId} in (${pricesWhere(column, id)})`,
  );

/** The saved deals of the offers whose `column` is the trashed record. */
const savedDealsOfPricesBy = (column: PgColumn) =>
  link(
    "saved_deals",
    savedDeals,
    savedDeals.id,
    savedDeals.vendorPeptideId,
    (id) => sql`${savedDeals.vendorPeptideId} in (${pricesWhere(column, id)})`,
  );

/** The review items that point at the trashed record through `column`. */
const reviewItemsBy = (column: PgColumn) =>
  link("scrape_review_items", scrapeReviewItems, scrapeReviewItems.id, column);

/** "Vendor – Peptide" of a row holding both ids. */
const vendorAndPeptideName = (vendorId: PgColumn, peptideId: PgColumn) =>
  sql`(select ${vendors.name} from ${vendors} where ${vendors.id} = ${vendorId}) || ' – ' || (select ${peptides.name} from ${peptides} where ${peptides.id} = ${peptideId})`;

export const TRASH_ENTITIES = {
  category: {
    label: "Category",
    root: table("categories", categories, is(categories.id)),
    id: categories.id,
    name: sql<string>`${categories.name}`,
    links: [link("peptides", peptides, peptides.id, peptides.categoryId)],
  },
  category_filter: {
    label: "Filter",
    root: table("category_filters", categoryFilters, is(categoryFilters.id)),
    id: categoryFilters.id,
    name: sql<string>`${categoryFilters.name}`,
  },
  ad: {
    label: "Ad",
    root: table("ads", ads, is(ads.id)),
    id: ads.id,
    name: sql<string>`${ads.title}`,
  },
  size_option: {
    label: "Size",
    root: table("size_options", sizeOptions, is(sizeOptions.id)),
    id: sizeOptions.id,
    name: sql<string>`(select ${peptides.name} from ${peptides} where ${peptides.id} = ${sizeOptions.peptideId}) || ' ' || trim(trailing '.' from trim(trailing '0' from ${sizeOptions.quantity}::text)) || ' ' || coalesce(${sizeOptions.unitLabel}, ${sizeOptions.unit})`,
    dependants: [
      table("vendor_peptides", vendorPeptides, is(vendorPeptides.sizeOptionId)),
      historyOfPricesBy(vendorPeptides.sizeOptionId),
    ],
    links: [
      link("lab_tests", labTests, labTests.id, labTests.sizeOptionId),
      reviewItemsBy(scrapeReviewItems.suggestedSizeOptionId),
      savedDealsOfPricesBy(vendorPeptides.sizeOptionId),
    ],
  },
  vendor_price: {
    label: "Vendor price",
    root: table("vendor_peptides", vendorPeptides, is(vendorPeptides.id)),
    id: vendorPeptides.id,
    name: sql<string>`${vendorAndPeptideName(vendorPeptides.vendorId, vendorPeptides.peptideId)}`,
    dependants: [table("price_history", priceHistory, is(priceHistory.vendorPeptideId))],
    links: [link("saved_deals", savedDeals, savedDeals.id, savedDeals.vendorPeptideId)],
  },
  peptide: {
    label: "Peptide",
    root: table("peptides", peptides, is(peptides.id)),
    id: peptides.id,
    name: sql<string>`${peptides.name}`,
    dependants: [
      table("peptide_slug_history", peptideSlugHistory, is(peptideSlugHistory.peptideId)),
      table("size_options", sizeOptions, is(sizeOptions.peptideId)),
      table("vendor_peptides", vendorPeptides, is(vendorPeptides.peptideId)),
      historyOfPricesBy(vendorPeptides.peptideId),
      table("lab_tests", labTests, is(labTests.peptideId)),
    ],
    links: [
      savedDealsOfPricesBy(vendorPeptides.peptideId),
      reviewItemsBy(scrapeReviewItems.suggestedPeptideId),
      link(
        "scrape_review_items.size",
        scrapeReviewItems,
        scrapeReviewItems.id,
        scrapeReviewItems.suggestedSizeOptionId,
        (id) =>
          sql`${scrapeReviewItems.suggestedSizeOptionId} in (select ${sizeOptions.id} from ${sizeOptions} where ${sizeOptions.peptideId} = ${id}::uuid)`,
      ),
    ],
  },
  vendor: {
    label: "Vendor",
    root: table("vendors", vendors, is(vendors.id)),
    id: vendors.id,
    name: sql<string>`${vendors.name}`,
    dependants: [
      table("coupons", coupons, is(coupons.vendorId)),
      table("vendor_peptides", vendorPeptides, is(vendorPeptides.vendorId)),
      historyOfPricesBy(vendorPeptides.vendorId),
      table("scrape_review_items", scrapeReviewItems, is(scrapeReviewItems.vendorId)),
      table("lab_tests", labTests, is(labTests.vendorId)),
    ],
    links: [
      link("scrape_sources", scrapeSources, scrapeSources.id, scrapeSources.vendorId),
      savedDealsOfPricesBy(vendorPeptides.vendorId),
    ],
  },
  lab_test: {
    label: "Lab test",
    root: table("lab_tests", labTests, is(labTests.id)),
    id: labTests.id,
    name: sql<string>`${vendorAndPeptideName(labTests.vendorId, labTests.peptideId)} || ' (' || ${labTests.labName} || ', ' || ${labTests.testedOn}::text || ')'`,
  },
  scrape_source: {
    label: "Scrape source",
    root: table("scrape_sources", scrapeSources, is(scrapeSources.id)),
    id: scrapeSources.id,
    name: sql<string>`${scrapeSources.retailerName}`,
    dependants: [table("scraped_data", scrapedData, is(scrapedData.sourceId))],
    links: [
      link("scrape_logs", scrapeLogs, scrapeLogs.id, scrapeLogs.sourceId),
      reviewItemsBy(scrapeReviewItems.sourceId),
      link("scrape_runs", scrapeRuns, scrapeRuns.id, scrapeRuns.sourceId),
    ],
  },
} satisfies Record<string, TrashEntity>;

export type TrashEntityName = keyof typeof TRASH_ENTITIES;

export const TRASH_ENTITY_NAMES = Object.keys(TRASH_ENTITIES) as TrashEntityName[];
