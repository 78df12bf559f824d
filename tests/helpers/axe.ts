import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

import type { AxeResults, RunOptions } from "axe-core";
import type { BrowserContext, Page } from "playwright-core";

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Makes axe-core available on every page of `context`. The pages' CSP refuses an injected
 * <script>; a context's init script is the browser's own and runs before the page's.
 */
export async function addAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

/**
 * The page's serious and critical axe-core findings (WCAG 2.1 A/AA and best practice), as
 * "rule (help): targets" lines, so a failing assertion names what to fix. A page whose context
 * had no addAxe gets axe-core evaluated into it first.
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
    };
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      },
    });
    return result.violations
      .filter((finding) => finding.impact === "serious" || finding.impact === "critical")
      .map(
        (finding) =>
          `${finding.impact} ${finding.id} (${finding.help}): ${finding.nodes
            .map((node) => node.target.join(" "))
            .join(", ")}`,
      );
  });
}
