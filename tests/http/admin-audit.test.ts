import { load } from "cheerio";
import { describe, expect, it } from "vitest";

import { recordAuditEntries } from "~/.server/data/audit.server";
import { auditLog, categories, peptides } from "~/.server/db/schema";

import { DEMO_ADMIN, startAdminHttp } from "../helpers/admin-http";
import { versionOf } from "../helpers/row-version";

const PLAIN = { email: "audit-user@peptideprices.test", password: "audit-user-password" };

const session = startAdminHttp({ plainUser: PLAIN });
const { db } = session;

/** The demo admin as the audit log names an actor. */
const admin = () => ({ id: session.adminId, email: DEMO_ADMIN.email });

async function auditPage(search = "", cookie: string | null = session.adminCookie) {
  const response = await session.server.fetch(`/admin/audit${search}`, {
    headers: cookie ? { cookie } : {},
  });
  const html = await response.text();
  return { status: response.status, html, $: load(html) };
}

/** The audit table's rows as their cells' text. */
function tableRows($: ReturnType<typeof load>): string[][] {
  return $('table[aria-label="Audit log"] tbody tr')
    .toArray()
    .map((row) =>
      $(row)
        .find("td")
        .toArray()
        .map((cell) => $(cell).text()),
    );
}

describe("/admin/audit", () => {
  it("refuses visitors and plain users", async () => {
    const visitor = await auditPage("", null);
    expect(visitor.status).toBe(403);
    expect(visitor.html).toContain("Admin Access Required");
    expect((await auditPage("", session.userCookie)).status).toBe(403);
  });

  it("shows who edited which category by name, field by field, with a link to it", async () => {
    const [category] = await db()
      .select({ id: categories.id, name: categories.name, description: categories.description })
      .from(categories)
      .limit(1);
    const response = await session.server.postForm(
      "/admin/categories",
      {
        intent: "update-category",
        id: category!.id,
        version: await versionOf(db(), categories, category!.id),
        name: `${category!.name} Renamed`,
        description: category!.description ?? "",
      },
      { cookie: session.adminCookie },
    );
    expect(response.status).toBe(200);

    const { status, $ } = await auditPage("?entity=category");
    expect(status).toBe(200);
    expect($("title").text()).toMatch(/^Audit log/);
    const [time, actor, action, entity, changes] = tableRows($)[0]!;
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(actor).toBe(DEMO_ADMIN.email);
    expect(action).toBe("update");
    expect(entity).toContain(`${category!.name} Renamed`);
    expect(entity).not.toContain(category!.id);
    expect(changes).toContain(`Name: ${category!.name} → ${category!.name} Renamed`);
    expect(changes).toMatch(/Slug: \S+ → \S+-renamed/);
    // Unchanged fields are not listed.
    expect(changes).not.toContain("Description");
    expect($(`a:contains("${category!.name} Renamed")`).attr("href")).toBe("/admin/categories");
  });

  it("links a deleted item to the trash, and falls back to the id for old entries", async () => {
    const legacyId = crypto.randomUUID();
    await recordAuditEntries(db(), admin(), [
      { action: "delete", entity: "ads", entityId: legacyId },
    ]);
    await recordAuditEntries(db(), admin(), [
      {
        action: "delete",
        entity: "vendor",
        entityId: crypto.randomUUID(),
        name: "Gone Labs",
        before: { name: "Gone Labs", website: "https://gone.example" },
      },
    ]);

    const rows = tableRows((await auditPage()).$);
    const vendorRow = rows.find((row) => row[3]!.includes("Gone Labs"));
    const adsRow = rows.find((row) => row[3]!.startsWith("Ads"));
    expect(vendorRow![3]).toContain("Gone Labs");
    expect(vendorRow![4]).toContain("Website: https://gone.example → —");
    expect(adsRow![3]).toContain(legacyId);
    const { $ } = await auditPage();
    // A deleted item waits in the trash for 30 days: its entry opens the trash on it.
    expect($('a:contains("Gone Labs")').attr("href")).toBe("/admin/trash?q=Gone+Labs");
  });

  it("links an edited item to its table, searched down to that item", async () => {
    const rows = await db()
      .select({ id: peptides.id, name: peptides.name })
      .from(peptides)
      .orderBy(peptides.name)
      .limit(2);
    const [edited, other] = rows;
    await recordAuditEntries(db(), admin(), [
      {
        action: "update",
        entity: "peptide",
        entityId: edited!.id,
        name: edited!.name,
        before: { description: "old" },
        after: { description: "new" },
      },
    ]);

    const { $ } = await auditPage("?entity=peptide");
    const href = $(`a:contains("${edited!.name}")`).first().attr("href");
    expect(href).toBe(`/admin/peptides?${new URLSearchParams({ q: edited!.name })}`);
    const table = await session.server.fetch(href!, { headers: { cookie: session.adminCookie } });
    expect(table.status).toBe(200);
    const html = await table.text();
    expect(html).toContain(edited!.name);
    expect(html).not.toContain(other!.name);
  });

  it("filters by entity and by actor e-mail, keeping the filters in the page links", async () => {
    const other = { id: session.adminId, email: "second-admin@peptideprices.test" };
    // Explicit times a second apart: the embedded database's clock may give equal timestamps.
    const start = Date.now() - 60_000;
    await db()
      .insert(auditLog)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          actorUserId: other.id,
          actorEmail: other.email,
          action: "update",
          entity: "hero_content",
          entityId: "1",
          details: { name: `Hero edit ${i}` },
          createdAt: new Date(start + i * 1000),
        })),
      );

    const byActor = await auditPage("?actor=SECOND-ADMIN");
    const actorRows = tableRows(byActor.$);
    expect(actorRows).toHaveLength(25);
    expect(actorRows.every((row) => row[1] === other.email)).toBe(true);
    expect(byActor.$('input[name="actor"]').attr("value")).toBe("SECOND-ADMIN");
    expect(byActor.html).toContain("Page 1 of 2");
    const next = byActor.$('a[href*="page=2"]').attr("href");
    expect(next).toBe("/admin/audit?actor=SECOND-ADMIN&page=2");

    const secondPage = tableRows((await auditPage("?actor=SECOND-ADMIN&page=2")).$);
    expect(secondPage).toHaveLength(5);
    // Newest first: the second page holds the oldest five.
    expect(secondPage.map((row) => row[3])).toEqual(
      [4, 3, 2, 1, 0].map((i) => expect.stringContaining(`Hero edit ${i}`) as unknown as string),
    );
    // The Time column's other direction puts the oldest first.
    const oldestFirst = tableRows((await auditPage("?actor=SECOND-ADMIN&dir=asc")).$);
    expect(oldestFirst[0]![3]).toContain("Hero edit 0");

    const byEntity = await auditPage("?entity=vendor");
    const entityRows = tableRows(byEntity.$);
    expect(entityRows.length).toBeGreaterThan(0);
    expect(entityRows.every((row) => row[3]!.startsWith("Vendor"))).toBe(true);
    expect(byEntity.$('select[name="entity"] option[selected]').attr("value")).toBe("vendor");

    const none = await auditPage("?actor=nobody%25");
    expect(tableRows(none.$)[0]![0]).toBe("No entry matches the filter.");
  });

  it("searches the entries by the item's name or id, keeping the search in the page links", async () => {
    const itemId = crypto.randomUUID();
    const start = Date.now() - 120_000;
    await db()
      .insert(auditLog)
      .values([
        ...Array.from({ length: 26 }, (_, i) => ({
          actorUserId: session.adminId,
          actorEmail: DEMO_ADMIN.email,
          action: "update",
          entity: "peptide",
          entityId: itemId,
          details: { name: "Searchable Peptide 10%" },
          createdAt: new Date(start + i * 1000),
        })),
        {
          actorUserId: session.adminId,
          actorEmail: DEMO_ADMIN.email,
          action: "update",
          entity: "peptide",
          entityId: crypto.randomUUID(),
          details: { name: "Searchable Peptide 10 mg" },
          createdAt: new Date(start),
        },
      ]);

    const byName = await auditPage("?q=searchable+peptide+10%25");
    expect(tableRows(byName.$)).toHaveLength(25);
    expect(byName.$("body").text()).toContain("26 entries match the filter");
    expect(byName.$("#audit-q").attr("value")).toBe("searchable peptide 10%");
    expect(byName.$("#audit-q").attr("maxlength")).toBe("200");
    expect(byName.$('a[href*="page=2"]').attr("href")).toBe(
      "/admin/audit?q=searchable+peptide+10%25&page=2",
    );

    const byId = tableRows((await auditPage(`?q=${itemId}`)).$);
    expect(byId).toHaveLength(25);
    expect(byId.every((row) => row[3]!.includes("Searchable Peptide 10%"))).toBe(true);
  });

  it("reads a bad page number as page 1 instead of failing", async () => {
    for (const page of ["0", "abc", "2.5"]) {
      const { status, html } = await auditPage(`?page=${page}`);
      expect(status).toBe(200);
      expect(html).toContain("Page 1 of");
    }
  });
});
