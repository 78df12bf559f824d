import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  auditLog,
  labTests,
  peptides,
  settings,
  sizeOptions,
  trashItems,
  vendors,
} from "~/.server/db/schema";
import { rowVersion } from "~/.server/data/row-version.server";
import { REPORT_UPLOAD_MESSAGES } from "~/.server/services/uploads.server";

import { createUserWithPassword, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let adminCookie: string;
let userCookie: string;
let vendorId: string;
let peptideId: string;
let sizeId: string;
let otherPeptideSizeId: string;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const PAGE = "/admin/lab-tests";

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
  await createUserWithPassword(server.app, "lab-user@peptideprices.test", "lab-password");
  userCookie = await signIn(server, "lab-user@peptideprices.test", "lab-password");
  const db = server.app.db;
  [{ id: vendorId }] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.name, "Helix Source"));
  [{ id: peptideId }] = await db
    .select({ id: peptides.id })
    .from(peptides)
    .where(eq(peptides.name, "BPC-157"));
  [{ id: sizeId }] = await db
    .select({ id: sizeOptions.id })
    .from(sizeOptions)
    .where(and(eq(sizeOptions.peptideId, peptideId), eq(sizeOptions.quantity, 10)));
  const [tb500] = await db
    .select({ id: peptides.id })
    .from(peptides)
    .where(eq(peptides.name, "TB-500"));
  [{ id: otherPeptideSizeId }] = await db
    .select({ id: sizeOptions.id })
    .from(sizeOptions)
    .where(eq(sizeOptions.peptideId, tb500!.id))
    .limit(1);
});
afterAll(async () => {
  await server?.close();
});

const validTest = (overrides: Record<string, string | Blob> = {}) => ({
  intent: "create-lab-test",
  vendorId,
  peptideId,
  sizeOptionId: sizeId,
  labName: "HTTP Test Lab",
  testedOn: "2026-06-01",
  batch: "HTTP-1",
  claimedMassMg: "10",
  measuredMassMg: "10.2",
  purityPercent: "99.3",
  endotoxin: "",
  heavyMetals: "",
  reportUrl: "",
  ...overrides,
});

async function post(fields: Record<string, string | Blob>, cookie = adminCookie) {
  const response = await server.postForm(PAGE, fields, { cookie });
  return { status: response.status, text: await response.text() };
}

async function testCount() {
  const [row] = await server.app.db.select({ n: count() }).from(labTests);
  return row!.n;
}

async function testByBatch(batch: string) {
  const [row] = await server.app.db.select().from(labTests).where(eq(labTests.batch, batch));
  return row;
}

async function versionOf(id: string): Promise<string> {
  const [row] = await server.app.db
    .select({ version: rowVersion(labTests) })
    .from(labTests)
    .where(eq(labTests.id, id));
  return row!.version;
}

describe("adding, editing and deleting a lab test", () => {
  it("adds a test, audited, and shows it on the page", async () => {
    const { status, text } = await post(validTest({ batch: "HTTP-ADD" }));
    expect(status).toBe(200);
    expect(text).toContain("Lab test added");
    const saved = await testByBatch("HTTP-ADD");
    expect(saved).toMatchObject({
      vendorId,
      peptideId,
      sizeOptionId: sizeId,
      labName: "HTTP Test Lab",
      testedOn: "2026-06-01",
      claimedMassMg: 10,
      measuredMassMg: 10.2,
      purityPercent: 99.3,
      endotoxin: null,
    });
    const [audit] = await server.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "lab_test"), eq(auditLog.entityId, saved!.id)));
    expect(audit?.action).toBe("create");

    const page = await server.fetch(`${PAGE}?q=HTTP-ADD`, { headers: { cookie: adminCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("HTTP Test Lab");
    expect(html).toContain("Passed");
  });

  it("edits a test at its version, and refuses a stale version with 409", async () => {
    await post(validTest({ batch: "HTTP-EDIT" }));
    const saved = (await testByBatch("HTTP-EDIT"))!;
    const version = await versionOf(saved.id);
    const edit = validTest({
      intent: "update-lab-test",
      id: saved.id,
      version,
      batch: "HTTP-EDIT",
      purityPercent: "95.5",
    });
    const first = await post(edit);
    expect(first.status).toBe(200);
    expect(first.text).toContain("Lab test updated");
    expect((await testByBatch("HTTP-EDIT"))!.purityPercent).toBe(95.5);

    const stale = await post({ ...edit, purityPercent: "97" });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain("Changed by someone else since you opened it");
    expect((await testByBatch("HTTP-EDIT"))!.purityPercent).toBe(95.5);
  });

  it("deletes a test into the trash", async () => {
    await post(validTest({ batch: "HTTP-DEL" }));
    const saved = (await testByBatch("HTTP-DEL"))!;
    const { status, text } = await post({ intent: "delete-lab-test", id: saved.id });
    expect(status).toBe(200);
    expect(text).toContain("Lab test deleted");
    expect(await testByBatch("HTTP-DEL")).toBeUndefined();
    const [trashed] = await server.app.db
      .select({ entity: trashItems.entity })
      .from(trashItems)
      .where(eq(trashItems.entityId, saved.id));
    expect(trashed?.entity).toBe("lab_test");
  });
});

describe("bad input is refused with a 4xx and a message, writing nothing", () => {
  const cases = (): [string, Record<string, string>, number, string][] => [
    ["no vendor", validTest({ vendorId: "" }), 400, "Choose a vendor"],
    ["unknown vendor", validTest({ vendorId: UNKNOWN_ID }), 400, "Choose a vendor"],
    ["no lab", validTest({ labName: " " }), 400, "Lab is required"],
    ["lab too long", validTest({ labName: "x".repeat(201) }), 400, "Lab can be at most 200"],
    ["purity over 100", validTest({ purityPercent: "140" }), 400, "Purity must be a percentage"],
    ["mass not a number", validTest({ measuredMassMg: "ten" }), 400, "Measured mass must be"],
    ["claimed mass zero", validTest({ claimedMassMg: "0" }), 400, "Claimed mass must be"],
    ["date malformed", validTest({ testedOn: "01/06/2026" }), 400, "YYYY-MM-DD"],
    ["date in the future", validTest({ testedOn: "2999-01-01" }), 400, "cannot be in the future"],
    [
      "size of another peptide",
      validTest({ sizeOptionId: otherPeptideSizeId }),
      400,
      "That size is not one of the peptide",
    ],
    [
      "script link as report",
      validTest({ reportUrl: "javascript:alert(1)" }),
      400,
      "Enter a full URL",
    ],
    [
      "update without version",
      validTest({ intent: "update-lab-test", id: UNKNOWN_ID }),
      400,
      "This form is out of date",
    ],
    [
      "update unknown id",
      validTest({ intent: "update-lab-test", id: UNKNOWN_ID, version: "1" }),
      404,
      "Lab test not found",
    ],
    ["delete malformed id", { intent: "delete-lab-test", id: "x" }, 400, "Unknown lab test"],
    ["delete unknown id", { intent: "delete-lab-test", id: UNKNOWN_ID }, 404, "Lab test not found"],
    ["unknown intent", { intent: "drop-tables" }, 400, "Unknown action"],
    [
      "threshold purity over 100",
      { intent: "save-lab-thresholds", minPurityPercent: "101", maxMassDeviationPercent: "10" },
      400,
      "Minimum purity must be a percentage from 0 to 100",
    ],
    [
      "threshold deviation zero",
      { intent: "save-lab-thresholds", minPurityPercent: "98", maxMassDeviationPercent: "0" },
      400,
      "Maximum mass deviation must be above 0",
    ],
  ];

  it("answers each with its status and message", async () => {
    for (const [label, fields, status, message] of cases()) {
      const before = await testCount();
      const result = await post(fields);
      expect({ label, status: result.status }).toEqual({ label, status });
      expect(result.text, label).toContain(message);
      expect(await testCount(), label).toBe(before);
    }
  });

  it("holds the same bounds in the database", async () => {
    await expect(
      server.app.db.insert(labTests).values({
        vendorId,
        peptideId,
        labName: "x".repeat(201),
        testedOn: "2026-01-01",
      }),
    ).rejects.toThrow();
    await expect(
      server.app.db.insert(labTests).values({
        vendorId,
        peptideId,
        labName: "Lab",
        testedOn: "2026-01-01",
        purityPercent: 101,
      }),
    ).rejects.toThrow();
  });
});

describe("the report upload", () => {
  const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

  it("stores a PDF, served as a sandboxed download", async () => {
    const report = new File([PDF], "report.pdf", { type: "application/pdf" });
    const { status, text } = await post(validTest({ batch: "HTTP-PDF", report }));
    expect(status, text).toBe(200);
    const saved = (await testByBatch("HTTP-PDF"))!;
    expect(saved.reportUrl).toMatch(/^\/uploads\/lab-report-[0-9a-f]{24}\.pdf$/);
    const served = await server.fetch(saved.reportUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await served.text()).toBe(PDF);
  });

  it("re-encodes an image report like every other upload", async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#3366aa" },
    })
      .png()
      .toBuffer();
    const report = new File([new Uint8Array(png)], "scan.png", { type: "image/png" });
    const { status } = await post(validTest({ batch: "HTTP-PNG", report }));
    expect(status).toBe(200);
    expect((await testByBatch("HTTP-PNG"))!.reportUrl).toMatch(
      /^\/uploads\/lab-report-[0-9a-f]{24}\.webp$/,
    );
  });

  it("refuses a renamed file that is not a PDF, storing and recording nothing", async () => {
    const fake = new File(["<html><script>alert(1)</script></html>"], "report.pdf", {
      type: "application/pdf",
    });
    const before = await testCount();
    const { status, text } = await post(validTest({ batch: "HTTP-FAKE", report: fake }));
    expect(status).toBe(400);
    expect(text).toContain(REPORT_UPLOAD_MESSAGES.notAReport);
    expect(await testCount()).toBe(before);
  });
});

describe("the CSV import", () => {
  const HEADER = "vendor,peptide,size_mg,lab,test_date,batch,claimed_mg,measured_mg,purity_percent";
  const csv = (lines: string[]) =>
    new File([[HEADER, ...lines].join("\n")], "tests.csv", { type: "text/csv" });

  it("imports nothing when a line is wrong, listing the line by number", async () => {
    const before = await testCount();
    const { status, text } = await post({
      intent: "import-lab-tests",
      file: csv([
        "Helix Source,BPC-157,10,Janoshik,2026-05-01,CSV-OK,10,10,99.1",
        "Helix Source,bpc-157,10,Janoshik,2026-05-02,CSV-BAD,10,10,150",
        "Nobody,BPC-157,,Janoshik,2026-05-03,CSV-NOVENDOR,,,",
      ]),
    });
    expect(status).toBe(400);
    expect(text).toContain("2 lines have problems; nothing was imported");
    expect(text).toContain("Line 3: Purity must be a percentage from 0 to 100");
    expect(text).toContain("Line 4: No vendor is named");
    expect(await testCount()).toBe(before);
    expect(await testByBatch("CSV-OK")).toBeUndefined();
  });

  it("imports every line of a good file, matching names and slugs", async () => {
    const { status, text } = await post({
      intent: "import-lab-tests",
      file: csv([
        "Helix Source,BPC-157,10,Janoshik,2026-05-01,CSV-A,10,10,99.1",
        "helix-source,bpc-157,,Vanguard,2026-05-02,CSV-B,,,97",
      ]),
    });
    expect(status, text).toBe(200);
    expect(text).toContain("Imported 2 lab tests");
    expect(await testByBatch("CSV-A")).toMatchObject({ sizeOptionId: sizeId, purityPercent: 99.1 });
    expect(await testByBatch("CSV-B")).toMatchObject({ sizeOptionId: null, labName: "Vanguard" });
  });

  it("refuses a Latin-1 file instead of storing mojibake (issue 37)", async () => {
    const before = await testCount();
    // "Labor Zürich" as Windows' Latin-1 "CSV" writes it: ü is the single byte 0xFC.
    const line = "Helix Source,BPC-157,10,Labor Z\u00fcrich,2026-05-01,CSV-LATIN1,10,10,99";
    const bytes = Uint8Array.from(`${HEADER}\n${line}\n`, (char) => char.charCodeAt(0));
    const { status, text } = await post({
      intent: "import-lab-tests",
      file: new File([bytes], "tests.csv", { type: "text/csv" }),
    });
    expect(status).toBe(400);
    expect(text).toContain("The file is not UTF-8 text");
    expect(await testCount()).toBe(before);
  });

  it("asks for a file", async () => {
    const { status, text } = await post({ intent: "import-lab-tests" });
    expect(status).toBe(400);
    expect(text).toContain("Choose a CSV file to import");
  });
});

describe("the thresholds", () => {
  it("are saved and audited", async () => {
    const { status, text } = await post({
      intent: "save-lab-thresholds",
      minPurityPercent: "97.5",
      maxMassDeviationPercent: "12",
    });
    expect(status).toBe(200);
    expect(text).toContain("Lab test thresholds saved");
    const [row] = await server.app.db
      .select({
        purity: settings.labTestMinPurityPercent,
        deviation: settings.labTestMaxMassDeviationPercent,
      })
      .from(settings);
    expect(row).toEqual({ purity: 97.5, deviation: 12 });
    // Back to the defaults the other tests judge by.
    await post({
      intent: "save-lab-thresholds",
      minPurityPercent: "98",
      maxMassDeviationPercent: "10",
    });
  });
});

describe("a signed-in non-admin", () => {
  it("is refused every intent, and nothing changes", async () => {
    const before = await testCount();
    const response = await server.postForm(PAGE, validTest({ batch: "HTTP-USER" }), {
      cookie: userCookie,
    });
    expect([401, 403]).toContain(response.status);
    const page = await server.fetch(PAGE, { headers: { cookie: userCookie } });
    expect(page.status).toBe(403);
    expect(await testCount()).toBe(before);
  });
});
