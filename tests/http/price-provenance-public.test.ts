import { describe, expect, it } from "vitest";

import { givePriceProvenance } from "../helpers/offers";
import { startFileServer } from "../helpers/server";

/** Issue 31 Must 10: the public row's Details says how and when its price was read. */
const site = startFileServer();

/** One offer row's HTML on the page, with the apostrophes React escapes read back. */
function offerRow(html: string, offerId: string): string {
  const start = html.indexOf(`data-offer="${offerId}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</tr>", start)).replaceAll("&#x27;", "'");
}

describe("the detail page's offer Details", () => {
  it("says how each offer's price was read and how long ago, and nothing for an offer without it", async () => {
    const { feed, manual } = await givePriceProvenance(site.server.app.db, "bpc-157");
    const { response, html } = await site.page("/peptide/bpc-157");
    expect(response.status).toBe(200);
    expect(offerRow(html, feed)).toContain("read from the vendor's product feed 2 h ago");
    expect(offerRow(html, manual)).toContain("entered by the site's staff 3 d ago");
    const lines = html.match(/data-testid="price-provenance"/g) ?? [];
    expect(lines).toHaveLength(2);
  });
});
