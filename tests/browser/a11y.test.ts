import { asc, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { addAxe, axeFindings, type AxeFinding } from "../helpers/axe";
import { createUserWithPassword, signIn } from "../helpers/auth";
import {
  expectConsoleError,
  browserCookies,
  newVerifiedContext,
  waitForHydration,
} from "../helpers/browser";
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

/** A context at `width` whose pages carry axe-core, past the age gate or not. */
async function newAxeContext(browser: Browser, width: number, verified: boolean) {
  const options = { viewport: { width, height: width > 640 ? 900 : 844 } };
  const context = verified
    ? await newVerifiedContext(browser, options)
    : await browser.newContext(options);
  await addAxe(context);
  return context;
}

/** The page's findings, with the figures the issue asks for per page and width printed. */
async function countedAxeFindings(page: Page, label: string): Promise<AxeFinding[]> {
  const findings = await axeFindings(page);
  const count = (impact: string) => findings.filter((finding) => finding.impact === impact);
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

/** axe's rule that a control's accessible name contains its visible text (WCAG 2.5.3). */
const NAME_MISMATCH = "label-content-name-mismatch";

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
          const blocking = (await countedAxeFindings(page, `${name} ${width}`)).filter(isBlocking);
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
        const blocking = (await countedAxeFindings(page, `age gate ${width}`)).filter(isBlocking);
        expect(blocking, describeFindings(blocking)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

/**
 * Signed in, the detail page's offer rows carry "Save deal" buttons and, for a saved offer,
 * "Saved deal": each accessible name must contain the words the button shows (axe's
 * experimental label-content-name-mismatch, run by name), at the width that shows the word and
 * at the phone's, besides every rule above.
 */
describe("accessibility signed in (axe-core)", () => {
  const email = "a11y-signed-in@example.com";
  const password = "a11y-signed-in-pw";
  let cookie = "";

  beforeAll(async () => {
    await createUserWithPassword(site.server.app, email, password);
    const [offer] = await site.server.app.db
      .select({ id: t.vendorPeptides.id })
      .from(t.vendorPeptides)
      .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
      .where(eq(t.peptides.slug, "bpc-157"))
      .orderBy(asc(t.vendorPeptides.id))
      .limit(1);
    cookie = await signIn(site.server, email, password);
    const saved = await site.server.postForm(
      "/deals",
      { intent: "save", vendorPeptideId: offer!.id },
      { cookie },
    );
    expect(saved.status).toBe(200);
  });

  for (const width of WIDTHS) {
    it(`the detail page with Save deal and Saved deal at ${width} px: names hold the visible words`, async () => {
      const context = await newAxeContext(site.browser, width, true);
      try {
        await context.addCookies(browserCookies(cookie, site.server.baseUrl));
        const page = await context.newPage();
        await page.goto(site.url("/peptide/bpc-157"));
        await waitForHydration(page);
        // Both kinds of button are there, so the rule judged each.
        await page.getByRole("button", { name: "Saved deal" }).first().waitFor();
        await page.getByRole("button", { name: "Save deal" }).first().waitFor();
        const findings = await axeFindings(page, { alsoRun: [NAME_MISMATCH] });
        const blocking = findings.filter(
          (finding) => isBlocking(finding) || finding.id === NAME_MISMATCH,
        );
        expect(blocking, describeFindings(blocking)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
