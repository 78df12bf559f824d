import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createBackup } from "~/.server/services/backup.server";
import { getFooterSections } from "~/.server/data/footer.server";
import { getHeroContent } from "~/.server/data/hero.server";
import { getSettings } from "~/.server/data/settings.server";

import { signIn } from "../helpers/auth";
import { rowCountsOfAllTables } from "../helpers/row-counts";
import { startTestServer, type FormFields, type TestServer } from "../helpers/server";

let server: TestServer;
let adminCookie: string;

const LONG = "x".repeat(20_000);
/** Neither the message nor the toast may show SQL, constraint names or a stack. */
const LEAKS = /duplicate key|violates|foreign key|insert into|at .*\.js:\d+/i;

/** Every table's row count plus the settings, hero and footer as stored. */
async function snapshot() {
  const { db } = server.app;
  return {
    counts: await rowCountsOfAllTables(db),
    settings: await getSettings(db),
    hero: await getHeroContent(db),
    footer: await getFooterSections(db),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
});
afterAll(async () => {
  await server?.close();
});

// The version a form just opened posts; any well-formed one: these saves are refused first.
const VERSION = "1";
const VALID_SETTINGS = {
  intent: "save-settings",
  version: VERSION,
  scrapeIntervalSeconds: "3600",
  maxUrlsPerRun: "10",
  requestDelayMs: "100",
  staleAfterMissedRuns: "3",
  priceAlertThresholdPercent: "5",
};
const VALID_HERO = {
  intent: "save",
  version: VERSION,
  title: "A hero",
  subtitle: "Sub",
  description: "Text",
};
const VALID_FOOTER = {
  intent: "save",
  section: "about",
  version: VERSION,
  title: "About",
  content: "<p>Hi</p>",
};

const file = (content: string, name: string, type: string) => new File([content], name, { type });

/** [path, what, fields, a message the answer must show] */
const CASES: [string, string, FormFields, string][] = [
  [
    "/admin/settings",
    "save-settings: a 14-digit interval",
    { ...VALID_SETTINGS, scrapeIntervalSeconds: "12345678901234" },
    "must be a whole number from 60 to 2,592,000",
  ],
  [
    "/admin/settings",
    "save-settings: an over-long interval",
    { ...VALID_SETTINGS, scrapeIntervalSeconds: LONG },
    "must be a whole number from 60 to 2,592,000",
  ],
  [
    "/admin/settings",
    "save-settings: a word for max URLs",
    { ...VALID_SETTINGS, maxUrlsPerRun: "many" },
    "Max URLs per run must be a whole number from 1 to 10,000",
  ],
  [
    "/admin/settings",
    "save-settings: a fractional delay",
    { ...VALID_SETTINGS, requestDelayMs: "1.5" },
    "must be a whole number from 0 to 600,000",
  ],
  [
    "/admin/settings",
    "save-settings: too many missed runs",
    { ...VALID_SETTINGS, staleAfterMissedRuns: "101" },
    "Runs without a price must be a whole number from 1 to 100",
  ],
  [
    "/admin/settings",
    "save-settings: an over-long threshold",
    { ...VALID_SETTINGS, priceAlertThresholdPercent: LONG },
    "between 0 and 100 percent",
  ],
  [
    "/admin/settings",
    "save-settings: no numbers at all",
    { intent: "save-settings" },
    "must be a whole number",
  ],
  ["/admin/settings", "restore: no file", { intent: "restore" }, "Choose a backup file"],
  [
    "/admin/settings",
    "restore: not JSON",
    { intent: "restore", backup: file("{not json", "bad.json", "application/json") },
    "Failed to restore backup",
  ],
  [
    "/admin/settings",
    "add-rate: an over-long currency",
    { intent: "add-rate", currency: LONG, unitsPerUsd: "1" },
    "error",
  ],
  [
    "/admin/settings",
    "update-rate: a malformed rate",
    { intent: "update-rate", currency: "EUR", version: VERSION, unitsPerUsd: LONG },
    "error",
  ],
  [
    "/admin/settings",
    "set-rate-refresh: neither on nor off",
    { intent: "set-rate-refresh", autoRefresh: LONG },
    "Choose on or off",
  ],
  ["/admin/settings", "an unknown intent", { intent: LONG }, "Unknown action"],
  [
    "/admin/hero",
    "save: an over-long title",
    { ...VALID_HERO, title: LONG },
    "Title can be at most 200 characters",
  ],
  [
    "/admin/hero",
    "save: an over-long subtitle",
    { ...VALID_HERO, subtitle: LONG },
    "Subtitle can be at most 500 characters",
  ],
  [
    "/admin/hero",
    "save: an over-long description",
    { ...VALID_HERO, description: LONG },
    "Description can be at most 10,000 characters",
  ],
  [
    "/admin/hero",
    "save: an over-long button text",
    { ...VALID_HERO, primaryButtonText: LONG },
    "Primary button text can be at most 64 characters",
  ],
  [
    "/admin/hero",
    "save: an over-long second button text",
    { ...VALID_HERO, secondaryButtonText: "y".repeat(65) },
    "Secondary button text can be at most 64 characters",
  ],
  ["/admin/hero", "save: an empty title", { ...VALID_HERO, title: "  " }, "Title is required"],
  ["/admin/hero", "upload-image: no file", { intent: "upload-image" }, "Choose an image"],
  [
    "/admin/hero",
    "upload-image: not an image",
    { intent: "upload-image", image: file("<svg onload=alert(1)>", "x.png", "image/png") },
    "Failed to upload image",
  ],
  ["/admin/hero", "an unknown intent", { intent: LONG }, "Unknown action"],
  [
    "/admin/footer",
    "save: an over-long title",
    { ...VALID_FOOTER, title: LONG },
    "Title can be at most 200 characters",
  ],
  [
    "/admin/footer",
    "save: over-long content",
    { ...VALID_FOOTER, content: "z".repeat(100_001) },
    "Content can be at most 100,000 characters",
  ],
  [
    "/admin/footer",
    "save: an unknown section",
    { ...VALID_FOOTER, section: LONG },
    "Unknown footer section",
  ],
  ["/admin/footer", "save: no title", { ...VALID_FOOTER, title: "" }, "Title is required"],
  ["/admin/footer", "an unknown intent", { ...VALID_FOOTER, intent: LONG }, "Unknown action"],
];

describe("bounded settings, hero and footer input: a 4xx with a message, nothing written", () => {
  it.each(CASES)("%s %s", async (path, _what, fields, message) => {
    const before = await snapshot();
    const response = await server.postForm(path, fields, { cookie: adminCookie });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = await response.text();
    expect(body).toContain(message);
    expect(body).not.toMatch(LEAKS);
    expect(await snapshot()).toEqual(before);
  });

  it("a restore the database refuses shows a plain message and changes nothing", async () => {
    const backup = await createBackup(server.app.db);
    const [price] = backup.tables.vendor_peptides;
    expect(price).toBeDefined();
    // A price of a peptide the backup does not hold: the foreign key refuses it.
    price!.peptide_id = "00000000-0000-4000-8000-000000000000";
    const before = await snapshot();
    const response = await server.postForm(
      "/admin/settings",
      {
        intent: "restore",
        backup: file(JSON.stringify(backup), "dangling.json", "application/json"),
      },
      { cookie: adminCookie },
    );
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Failed to restore backup");
    expect(body).toContain("nothing was changed");
    expect(body).not.toMatch(LEAKS);
    expect(body).not.toContain("peptide_id");
    expect(await snapshot()).toEqual(before);
  });
});
