import { Wand2 } from "lucide-react";

import { Button } from "~/components/ui/button";
import type { ScrapedDataArrays } from "~/lib/scrape-run";

/** What a selector test answers (scrape-page.server.ts testSelectors), as the dialog reads it. */
export interface SelectorTestReportData {
  url: string;
  structuredData: { method: string | null; listings: number };
  selectors: ScrapedDataArrays;
  proposedSelectors: ProposedSelectors | null;
}

interface ProposedSelectors {
  productSelector: string;
  nameSelector: string;
  priceSelector: string;
  linkSelector: string | null;
  soldOutSelector: string | null;
  matches: number;
}

/** The dialog's fields a proposal fills, and where each value comes from. */
const PROPOSED_FIELDS = [
  ["product_selector", "productSelector", "Product"],
  ["name_selector", "nameSelector", "Name"],
  ["price_selector", "priceSelector", "Price"],
  ["link_selector", "linkSelector", "Link"],
  ["sold_out_selector", "soldOutSelector", "Sold out"],
] as const;

/** How many of the listings the selectors found are listed; the count says how many in all. */
const SHOWN_LISTINGS = 10;

/**
 * Writes a proposal into the dialog's fields as if typed: the input events mark the form
 * changed (so closing asks before discarding) and the next save or test uses them.
 */
function applyProposal(form: HTMLFormElement | null, proposal: ProposedSelectors) {
  if (!form) return;
  for (const [field, key] of PROPOSED_FIELDS) {
    const input = form.elements.namedItem(field);
    if (!(input instanceof HTMLInputElement)) continue;
    input.value = proposal[key] ?? "";
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/**
 * A selector test as the admin reads it: what the selectors found (name, price, stock), what
 * structured data finds, and when the selectors found nothing, the proposed selectors with
 * "Use these selectors".
 */
export function SelectorTestReport({ report }: { report: SelectorTestReportData }) {
  const found = report.selectors.name.length;
  const proposal = report.proposedSelectors;
  return (
    <section
      aria-label="Selector test result"
      className="grid gap-2 rounded-md bg-muted p-3 text-sm wrap-anywhere"
    >
      <p>
        {found === 1 ? "1 product" : `${found} products`} found by the selectors on{" "}
        <span className="font-mono text-xs">{report.url}</span>.{" "}
        {report.structuredData.method
          ? `Structured data (${report.structuredData.method}) finds ${report.structuredData.listings}.`
          : "The page has no structured product data."}
      </p>
      {found > 0 ? (
        <ul className="grid gap-0.5 text-xs" aria-label="Products found">
          {report.selectors.name.slice(0, SHOWN_LISTINGS).map((name, index) => (
            <li key={index}>
              {name || "(no name)"} —{" "}
              {report.selectors.price[index] === null
                ? "no price"
                : String(report.selectors.price[index])}
              {report.selectors.sold_out[index] ? " · sold out" : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {proposal ? (
        <div className="grid gap-2">
          <p>Proposed selectors, finding {proposal.matches} on this page:</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
            {PROPOSED_FIELDS.map(([field, key, label]) => (
              <div key={field} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="min-w-0 font-mono">{proposal[key] ?? "—"}</dd>
              </div>
            ))}
          </dl>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="justify-self-start"
            onClick={(event) => applyProposal(event.currentTarget.form, proposal)}
          >
            <Wand2 aria-hidden />
            Use these selectors
          </Button>
        </div>
      ) : null}
    </section>
  );
}
