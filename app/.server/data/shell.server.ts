import type { AppContext } from "../platform/context.server";
import { getFooterSections } from "./footer.server";
import { listAffiliatedVendorIds } from "./outbound-clicks.server";
import { getPriceConfirmation } from "./vendor-peptides.server";

/** What the header, top bar, footer and Buy buttons of every page show; cached, so a page pays nothing for it. */
export function getShellContent(app: Pick<AppContext, "db" | "cache">) {
  return app.cache.get("shell", async () => {
    const [footer, confirmed, affiliatedVendorIds] = await Promise.all([
      getFooterSections(app.db),
      getPriceConfirmation(app.db),
      // The Buy buttons that say "Affiliate link" (issue 34).
      listAffiliatedVendorIds(app.db),
    ]);
    return {
      // The disclosure is a page of its own (/disclosure): not in every page's data.
      footer: footer.filter((section) => section.section !== "disclosure"),
      pricesConfirmed: {
        median: confirmed.median?.toISOString() ?? null,
        oldest: confirmed.oldest?.toISOString() ?? null,
      },
      affiliatedVendorIds,
    };
  });
}
