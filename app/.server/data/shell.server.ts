import type { AppContext } from "../infra/context.server";
import { getFooterSections } from "./footer.server";
import { getLatestPriceCheck } from "./vendor-peptides.server";

/** What the header, top bar and footer of every page show; cached, so a page pays nothing for it. */
export function getShellContent(app: Pick<AppContext, "db" | "cache">) {
  return app.cache.get("shell", async () => {
    const [footer, latestPriceCheck] = await Promise.all([
      getFooterSections(app.db),
      getLatestPriceCheck(app.db),
    ]);
    return { footer, latestPriceCheck: latestPriceCheck?.toISOString() ?? null };
  });
}
