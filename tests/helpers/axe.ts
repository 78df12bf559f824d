import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

import type { AxeResults, RunOptions } from "axe-core";
import type { BrowserContext, Page } from "playwright-core";

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** One axe-core rule a page breaks, with the elements that break it. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Makes axe-core available on every page of `context`. The pages' CSP refuses an injected
 * <script>; a context's init script is the browser's own and runs before the page's.
 */
export async function addAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

/**
 * Every axe-core finding on the page (WCAG 2.1 A/AA and best practice), and those of the rules
 * named in `alsoRun`: axe's experimental rules (label-content-name-mismatch) run only when named.
 * A page whose context had no addAxe gets axe-core evaluated into it first.
 */
export async function axeFindings(
  page: Page,
  { alsoRun = [] }: { alsoRun?: string[] } = {},
): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (extraRules) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
    };
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      },
      rules: Object.fromEntries(extraRules.map((id) => [id, { enabled: true }])),
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({
        target: target.map(String),
        failureSummary,
      })),
    }));
  }, alsoRun);
}

/**
 * The page's serious and critical axe-core findings as "rule (help): targets" lines, so a
 * failing assertion names what to fix.
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  return (await axeFindings(page))
    .filter((finding) => finding.impact === "serious" || finding.impact === "critical")
    .map(
      (finding) =>
        `${finding.impact} ${finding.id} (${finding.help}): ${finding.nodes
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}
