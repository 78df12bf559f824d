/**
 * What visitors may see, as SQL conditions every public read model shares: an admin can switch
 * a peptide or a single offer off (the `active` column) without deleting it, and then it
 * is neither shown nor counted on any public page, feed, API answer, optimizer quote or alert.
 * Admin reads never use these: inactive rows stay editable.
 *
 * Each helper takes the table's alias in a raw-SQL query ("p", "vp"), or none in a query built
 * on the Drizzle tables.
 */
import { sql, type SQL } from "drizzle-orm";

import { vendorPeptides } from "../db/schema";

/**
 * The peptide row is public: active, and published or priced (an unpublished peptide goes
 * public with its first active price; vendor_peptides_peptide_idx answers the probe).
 */
export function peptideIsPublic(alias?: string): SQL {
  const peptide = alias ?? `"peptides"`;
  return sql.raw(
    `(${peptide}.active and (${peptide}.published or exists (select 1 from vendor_peptides priced
        where priced.peptide_id = ${peptide}.id and priced.active)))`,
  );
}

/**
 * The offer row is public on its own. Where the query does not already keep to public
 * peptides, use `priceIsPublic` instead.
 */
export function priceIsActive(alias?: string): SQL {
  return alias ? sql.raw(`${alias}.active`) : sql`${vendorPeptides.active}`;
}

/** The offer row is public: active, and so is its peptide. */
export function priceIsPublic(alias?: string): SQL {
  const price = alias ?? `"vendor_peptides"`;
  return sql.raw(
    `(${price}.active and exists (select 1 from peptides public_peptide
        where public_peptide.id = ${price}.peptide_id and public_peptide.active))`,
  );
}
