import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

import type { AxeResults, RunOptions } from "axe-core";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { expectConsoleError, newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startPublicBrowser } from "../helpers/public-browser";

/**
 * Every public page a buyer reaches, checked by axe-core at a desktop and a phone width.
 * A new public page joins by one line here.
 */
const PUBLIC_PAGES: { name: string; path: string; status?: number }[] = [
  { name: "home", path: "/" },
  { name: "detail", path: "/peptide/bpc-157" },
  { name: "detail market", path: "/peptide/bpc-157?chart=market" },
  { name: "compare", path: "/compare?peptide=bpc-157" },
  { name: "catalog", path: "/catalog" },
  { name: "search", path: "/search?q=bpc" },
  { name: "stack", path: "/stack?items=bpc-157:5mg:1,tb-500:5mg:1,ghk-cu:50mg:1" },
  { name: "vendor", path: "/vendor/apex-peptide-labs" },
  { name: "vendors", path: "/vendors" },
  { name: "disclosure", path: "/disclosure" },
  { name: "login", path: "/login" },
  { name: "reset password", path: "/reset-password?error=INVALID_TOKEN" },
  { name: "404", path: "/no-such-page", status: 404 },
];

const WIDTHS = [1366, 390];

/**
 * Serious and critical findings fail the page, and so does content outside every landmark
 * (axe rates that "moderate", but a screen reader's landmark list then misses it).
 */
const isBlocking = (finding: AxeFinding) =>
  finding.impact === "serious" || finding.impact === "critical" || finding.id === "region";

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The pages' CSP refuses an injected <script>; a context's init script is the browser's own
 * and runs before the page's, so axe-core reaches every page of the context that way.
 */
async function newAxeContext(browser: Browser, width: number, verified: boolean) {
  const options = { viewport: { width, height: width > 640 ? 900 : 844 } };
  const context = verified
    ? await newVerifiedContext(browser, options)
    : await browser.newContext(options);
  await context.addInitScript({ content: axeSource });
  return context;
}

async function axeFindings(page: Page, label: string): Promise<AxeFinding[]> {
  const findings = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
    };
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      },
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
  });
  const count = (impact: string) => findings.filter((finding) => finding.impact === impact);
  // The figures the issue asks for, per page and width, in the test run's output.
  console.info(
    `axe ${label}: ${count("critical").length} critical, ${count("serious").length} serious ` +
      `(${count("serious")
        .map((finding) => `${finding.id}×${finding.nodes.length}`)
        .join(", ")}), ` +
      `${findings.filter((finding) => finding.id === "region").length} region`,
  );
  return findings;
}

function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.impact} ${finding.id} (${finding.help}):\n` +
        finding.nodes
          .map((node) => `  ${node.target.join(" ")}\n    ${node.failureSummary ?? ""}`)
          .join("\n"),
    )
    .join("\n");
}

const site = startPublicBrowser();

describe("accessibility (axe-core)", () => {
  for (const width of WIDTHS) {
    for (const { name, path, status = 200 } of PUBLIC_PAGES) {
      it(`${name} at ${width} px has no serious or critical findings`, async () => {
        if (status === 404) expectConsoleError(/status of 404/);
        const context = await newAxeContext(site.browser, width, true);
        try {
          const page = await context.newPage();
          const response = await page.goto(site.url(path));
          expect(response?.status()).toBe(status);
          await waitForHydration(page);
          const blocking = (await axeFindings(page, `${name} ${width}`)).filter(isBlocking);
          expect(blocking, describeFindings(blocking)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }

    it(`the age gate over the home page at ${width} px has no serious or critical findings`, async () => {
      const context = await newAxeContext(site.browser, width, false);
      try {
        const page = await context.newPage();
        await page.goto(site.url("/"));
        await page.getByRole("alertdialog").waitFor({ state: "visible" });
        await waitForHydration(page);
        const blocking = (await axeFindings(page, `age gate ${width}`)).filter(isBlocking);
        expect(blocking, describeFindings(blocking)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
