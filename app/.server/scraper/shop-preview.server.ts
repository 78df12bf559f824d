/**
 * What an Add-shop preview does in its background job: detect the shop's platform, read its
 * catalogue politely, and store each offer with what a run would make of it. Matching runs
 * again (without the shop) after each decision the operator takes on a listing.
 */
import type { AppContext } from "~/.server/platform/context.server";
import { getAllPeptideNames } from "~/.server/data/peptides.server";
import {
  finishShopPreview,
  getAllPreviewOffers,
  insertPreviewOffers,
  updatePreviewMatches,
  updateShopPreviewProgress,
  type PreviewRowMatch,
} from "~/.server/data/shop-previews.server";
import { getAllSizeOptions } from "~/.server/data/size-options.server";
import { previewMatch } from "~/lib/shop-preview";
import type { PreviewOffer } from "~/lib/forms/add-shop";

import { detectShopPlatform, readShopCatalogue } from "./platforms/shop-catalogue.server";
import type { ShopOffer } from "./platforms/shop-offer.server";
import { createFetcher } from "../reader/scrape-page.server";

type PreviewContext = Pick<AppContext, "db" | "env" | "baseUrl">;

/** How often the job writes its request count (also its heartbeat) while it reads. */
const PROGRESS_INTERVAL_MS = 2_000;

/** A matcher against today's catalogue, read once. */
async function catalogueMatcher(app: Pick<AppContext, "db">) {
  const [peptides, sizes] = await Promise.all([
    getAllPeptideNames(app.db),
    getAllSizeOptions(app.db),
  ]);
  const names = new Map(peptides.map((p) => [p.id, p.name]));
  return (name: string): PreviewRowMatch => {
    const match = previewMatch(name, peptides, sizes);
    const peptideName = match.peptideId ? (names.get(match.peptideId) ?? null) : null;
    return { ...match, peptideName };
  };
}

const previewOffer = (offer: ShopOffer): PreviewOffer => ({
  name: offer.name,
  price: offer.price,
  regularPrice: offer.regularPrice,
  salePrice: offer.salePrice,
  currency: offer.currency,
  link: offer.link,
  soldOut: offer.soldOut,
});

/** Detects, reads and stores the preview; its end (found or refused) is recorded on it. */
export async function readShopPreview(
  app: PreviewContext,
  preview: { id: string; address: string },
): Promise<void> {
  const fetcher = await createFetcher(app);
  let phase = "Detecting the shop's platform";
  const report = () =>
    updateShopPreviewProgress(app.db, preview.id, { phase, requests: fetcher.budget.spent });
  await report();
  const timer = setInterval(() => void report().catch(() => undefined), PROGRESS_INTERVAL_MS);
  try {
    const detection = await detectShopPlatform(fetcher, preview.address);
    if (!detection.kind) {
      await finishShopPreview(app.db, preview.id, {
        ok: false,
        message: "No catalogue feed or product sitemap found",
        findings: detection.findings.slice(0, 10),
        requests: fetcher.budget.spent,
      });
      return;
    }
    phase = "Reading the catalogue";
    await report();
    let read;
    try {
      read = await readShopCatalogue(fetcher, detection.kind, detection.shopUrl);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await finishShopPreview(app.db, preview.id, {
        ok: false,
        message: `Reading the catalogue failed: ${reason}`,
        findings: detection.findings.slice(0, 10),
        requests: fetcher.budget.spent,
      });
      return;
    }
    phase = `Matching ${read.offers.length} offers against the catalogue`;
    await report();
    const match = await catalogueMatcher(app);
    const offers = read.offers.map(previewOffer);
    await insertPreviewOffers(
      app.db,
      preview.id,
      offers.map((offer) => ({ offer, match: match(offer.name) })),
    );
    const notes = read.complete ? [] : ["The per-run URL limit stopped the reading before the end"];
    await finishShopPreview(app.db, preview.id, {
      ok: true,
      message: `Found ${offers.length} offers`,
      shopUrl: detection.shopUrl,
      kind: detection.kind,
      findings: [...detection.findings, ...notes, ...read.warnings, ...read.truncated].slice(0, 10),
      complete: read.complete,
      requests: fetcher.budget.spent,
      offersFound: offers.length,
    });
  } finally {
    clearInterval(timer);
  }
}

/** Field by field: jsonb gives the stored match back with its keys in another order. */
const sameMatch = (a: PreviewRowMatch, b: PreviewRowMatch) =>
  (Object.keys(a) as (keyof PreviewRowMatch)[]).every((key) => a[key] === b[key]);

/** After a new alias, peptide or size: what matching now makes of each stored offer. */
export async function rematchPreview(app: Pick<AppContext, "db">, previewId: string) {
  const [match, rows] = await Promise.all([
    catalogueMatcher(app),
    getAllPreviewOffers(app.db, previewId),
  ]);
  const changed = rows.flatMap((row) => {
    const now = match(row.offer.name);
    return sameMatch(now, row.match) ? [] : [{ id: row.id, match: now }];
  });
  await updatePreviewMatches(app.db, changed);
}
