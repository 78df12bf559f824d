/**
 * Saving a scrape source and switching sources on or off: each write and its audit entries
 * commit together. A saved source empties the page cache after the commit, as its save always
 * did; the bulk switch changes only what the scraper reads next, so it leaves the cache alone.
 * The admin handler parses the form and turns the outcome into its answer.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import {
  createScrapeSource,
  getScrapeSource,
  setScrapeSourcesActive,
  updateScrapeSource,
  type ScrapeSource,
  type ScrapeSourceInput,
} from "../data/scrape-sources.server";
import { commitAudited, commitPublicChange } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;

/** What the audit log shows of a source: its editable fields, without ids or run state. */
function auditedFields(
  source: Omit<
    ScrapeSource,
    | "id"
    | "status"
    | "lastError"
    | "lastScrapedAt"
    | "createdAt"
    | "currency"
    | "kind"
    | "version"
    | "readCursor"
    | "readProgress"
    | "readTotal"
  > & {
    currency?: string | null;
  },
) {
  return {
    retailerName: source.retailerName,
    url: source.url,
    pageType: source.pageType,
    productSelector: source.productSelector,
    priceSelector: source.priceSelector,
    nameSelector: source.nameSelector,
    linkSelector: source.linkSelector,
    soldOutSelector: source.soldOutSelector,
    paginationSelector: source.paginationSelector,
    nextPageSelector: source.nextPageSelector,
    vendorId: source.vendorId,
    isActive: source.isActive,
    currency: source.currency ?? null,
  };
}

/** Creates a source, or updates `edit.id` while it is still at `edit.version`. */
export async function saveScrapeSource(
  app: App,
  admin: Admin,
  input: ScrapeSourceInput,
  edit?: { id: string; version: string },
): Promise<{ saved: string } | "missing" | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const before = edit ? await getScrapeSource(tx, edit.id) : null;
    if (edit && !before) return "missing";
    let id: string;
    if (edit) {
      const outcome = await updateScrapeSource(tx, edit.id, edit.version, input);
      if (outcome !== "updated") return outcome;
      id = edit.id;
    } else {
      id = await createScrapeSource(tx, input);
    }
    audit({
      action: edit ? "update" : "create",
      entity: "scrape_source",
      entityId: id,
      name: input.retailerName,
      before: before ? auditedFields(before) : null,
      after: auditedFields(input),
    });
    return { saved: id };
  });
}

/** Switches the sources (as the bulk action found them) on or off, each audited when it changes. */
export async function switchScrapeSources(
  app: Pick<AppContext, "db">,
  admin: Admin,
  sources: readonly Pick<ScrapeSource, "id" | "retailerName" | "isActive">[],
  isActive: boolean,
): Promise<void> {
  await commitAudited(app, admin, async (tx, audit) => {
    await setScrapeSourcesActive(
      tx,
      sources.map((source) => source.id),
      isActive,
    );
    audit(
      ...sources
        .filter((source) => source.isActive !== isActive)
        .map((source) => ({
          action: "update" as const,
          entity: "scrape_source",
          entityId: source.id,
          name: source.retailerName,
          before: { isActive: source.isActive },
          after: { isActive },
        })),
    );
  });
}
