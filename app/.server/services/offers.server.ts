/**
 * The one way an offer is written (admin dialog, inline edit, scraper, review approval):
 * the upsert keeps price_history, every written price goes to the alerts (saved-deal drops and
 * target prices, notifyPriceChanges), and the page cache is emptied so visitors see the price at
 * once (PostgreSQL's NOTIFY trigger tells the other instances; this instance's cache is emptied
 * here, which also covers PGlite). An admin's price writes (`addOffer`, `editOffer`,
 * `switchOffers`) commit with their audit entries; their alerts are evaluated after the
 * commit.
 */
import { TEXT_LIMITS } from "~/lib/text-limits";

import { notifyPriceChanges, notifyPriceChangesAfter } from "../alerts/notify.server";
import type { Database } from "../db/client";
import type { AppContext } from "../platform/context.server";
import type { SessionUser } from "./auth.server";
import { commitPublicChange, type Audit } from "./audited-change.server";
import {
  getAdminOffer,
  setOffersActive,
  upsertOffer,
  type OfferInput,
  type OfferResult,
} from "../data/vendor-peptides.server";

export type OfferWriter = Pick<
  AppContext,
  "db" | "env" | "mailer" | "logger" | "baseUrl" | "cache"
>;

function isKeptLink(url: string): boolean {
  if (url.length > TEXT_LIMITS.url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

export async function saveOffer(app: OfferWriter, input: OfferInput): Promise<OfferResult> {
  // A link that is not http(s) (javascript:, data:) or longer than the column allows is never
  // kept; the offer's previous link stays.
  const url = input.url && !isKeptLink(input.url) ? undefined : input.url;
  const result = await upsertOffer(app.db, { ...input, url });
  if (!result.vendorPeptideId) return result;
  app.cache.clear();
  if (result.newPrice !== null) {
    // The price is saved either way; a failed alert evaluation must not turn the save into an
    // error (its e-mails are only queued: the delivery job sends and retries them).
    await notifyPriceChanges(app, [
      {
        vendorPeptideId: result.vendorPeptideId,
        oldPrice: result.oldPrice ?? result.newPrice,
        newPrice: result.newPrice,
      },
    ]).catch((error: unknown) => app.logger.error({ err: error }, "price alerts failed"));
  }
  return result;
}

/**
 * Shows or hides offers on the public side. The cache is emptied, and the alerts on
 * their sizes are evaluated at once: the lowest price visitors see may have moved (an offer
 * coming back below a target is a crossing, as when it comes back in stock). Returns the ids
 * that changed.
 */
export async function setOffersVisible(
  app: OfferWriter,
  ids: readonly string[],
  active: boolean,
): Promise<string[]> {
  const changed = await setOffersActive(app.db, ids, active);
  if (changed.length === 0) return changed;
  app.cache.clear();
  // The state is saved either way; a failed alert evaluation must not turn it into an error.
  await notifyPriceChanges(
    app,
    // Same price before and after: no saved-deal drop mail, only the target-price alerts.
    changed.map((vendorPeptideId) => ({ vendorPeptideId, oldPrice: 0, newPrice: 0 })),
  ).catch((error: unknown) => app.logger.error({ err: error }, "price alerts failed"));
  return changed;
}

type Admin = Pick<SessionUser, "id" | "email">;
type AdminOffer = NonNullable<Awaited<ReturnType<typeof getAdminOffer>>>;

/** The name the audit log and the admin's answers give an offer. */
export function priceName(row: { vendorName: string; peptideName: string }): string {
  return `${row.vendorName} price for ${row.peptideName}`;
}

/**
 * An admin's price write: `write` runs in one transaction with its audit entries, its own
 * cache clear left to the commit (commitPublicChange empties the cache once committed), and
 * the alerts it set off are evaluated after the commit. (Also a held vendor submission's
 * approval, vendor-submissions.server.ts.)
 */
export function adminPriceChange<T>(
  app: OfferWriter,
  admin: Admin,
  write: (tx: OfferWriter, audit: Audit) => Promise<T>,
): Promise<T> {
  return notifyPriceChangesAfter(app, () =>
    commitPublicChange(app, admin, (tx: Database, audit) =>
      write({ ...app, db: tx, cache: { ...app.cache, clear: () => {} } }, audit),
    ),
  );
}

/** The admin's new price (or a price for an offer that exists), audited with what was entered. */
export async function addOffer(
  app: OfferWriter,
  admin: Admin,
  input: OfferInput,
): Promise<OfferResult> {
  return adminPriceChange(app, admin, async (tx, audit) => {
    const saved = await saveOffer(tx, input);
    if (!saved.vendorPeptideId) return saved;
    const after = await getAdminOffer(tx.db, saved.vendorPeptideId);
    audit({
      action: saved.created ? "create" : "update",
      entity: "vendor_peptide",
      entityId: saved.vendorPeptideId,
      name: after ? priceName(after) : null,
      before: saved.created ? null : { price: saved.oldPrice },
      after: {
        price: saved.newPrice,
        currency: input.currency,
        url: input.url,
        purity: input.purity,
        notes: input.notes,
      },
    });
    return saved;
  });
}

/**
 * The admin's edit of a row (`before`, as the form was checked against), audited with its
 * price, stock and link before and after; a stale version writes nothing (`stale`).
 */
export async function editOffer(
  app: OfferWriter,
  admin: Admin,
  before: AdminOffer,
  input: OfferInput,
): Promise<OfferResult> {
  const fields = (row: AdminOffer) => ({
    price: row.price,
    stockStatus: row.stockStatus,
    url: row.url,
  });
  return adminPriceChange(app, admin, async (tx, audit) => {
    const saved = await saveOffer(tx, input);
    if (saved.stale) return saved;
    const after = await getAdminOffer(tx.db, before.id);
    audit({
      action: "update",
      entity: "vendor_peptide",
      entityId: before.id,
      name: priceName(before),
      before: fields(before),
      after: after ? fields(after) : null,
    });
    return saved;
  });
}

/** Shows or hides the rows (as the bulk action found them); each one that changes is audited. */
export async function switchOffers(
  app: OfferWriter,
  admin: Admin,
  found: readonly AdminOffer[],
  active: boolean,
): Promise<void> {
  await adminPriceChange(app, admin, async (tx, audit) => {
    const changed = new Set(
      await setOffersVisible(
        tx,
        found.map((row) => row.id),
        active,
      ),
    );
    audit(
      ...found
        .filter((row) => changed.has(row.id))
        .map((row) => ({
          action: "update" as const,
          entity: "vendor_peptide",
          entityId: row.id,
          name: priceName(row),
          before: { active: row.active },
          after: { active },
        })),
    );
  });
}
