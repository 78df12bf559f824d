/**
 * The admin's "Test selectors" as a background read (issue 37 Must 2): the dialog's request
 * queues it, this reads the page and stores the report (or SPEC's error text) for the dialog.
 */
import type { ShopReadOutcome } from "~/lib/shop-reads";

import type { ScrapeSource } from "../data/scrape-sources.server";
import type { SourceSelectors } from "../reader/extract.server";
import { SCRAPE_MESSAGES } from "./run.server";
import { testSelectors, type ScrapeContext } from "../reader/scrape-page.server";

export type SelectorTestInput = Pick<ScrapeSource, "url"> & SourceSelectors;

export async function readSelectorTest(
  app: ScrapeContext,
  input: SelectorTestInput,
): Promise<ShopReadOutcome> {
  try {
    const result = await testSelectors(app, input);
    return { ok: true, message: SCRAPE_MESSAGES.testSucceeded, result };
  } catch (error) {
    const message = error instanceof Error ? error.message : SCRAPE_MESSAGES.unknown;
    return { ok: false, message: `Error testing selectors: ${message.slice(0, 200)}` };
  }
}
