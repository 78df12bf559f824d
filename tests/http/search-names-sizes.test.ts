/**
 * Search understands sizes and the names buyers type (issue 30, Must 7): in the header's
 * suggestions and on /search, with the demo catalogue, and an alias the admin adds on the
 * peptide form is found once saved.
 */
import { load } from "cheerio";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getAdminPeptide } from "~/.server/data/peptides.server";
import { auditLog, categories, peptides } from "~/.server/db/schema";
import { peptideFormValues } from "~/lib/forms/peptides";

import { startAdminHttp } from "../helpers/admin-http";

const admin = startAdminHttp();

interface Suggestion {
  kind: string;
  label: string;
  detail: string | null;
  href: string;
}

async function suggestions(query: string): Promise<Suggestion[]> {
  const response = await admin.server.fetch(
    `/search/suggestions?${new URLSearchParams({ q: query })}`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { suggestions: Suggestion[] }).suggestions;
}

/** The result rows of /search: the peptide link, the alias line, the size cell. */
async function results(query: string) {
  const response = await admin.server.fetch(`/search?${new URLSearchParams({ q: query })}`);
  expect(response.status).toBe(200);
  const $ = load(await response.text());
  return $('tr[data-testid="search-result"]')
    .toArray()
    .map((row) => {
      const link = $(row).find('a[href^="/peptide/"]').first();
      return {
        name: link.text(),
        href: link.attr("href"),
        size: $(row).find("td").eq(1).text(),
        stackSize: $(row).find('select[name="size"] option[selected]').text(),
        text: $(row).text(),
      };
    });
}

async function categoryPeptideNames(slug: string): Promise<string[]> {
  const rows = await admin
    .db()
    .select({ name: peptides.name })
    .from(peptides)
    .innerJoin(categories, eq(categories.id, peptides.categoryId))
    .where(eq(categories.slug, slug));
  return rows.map((row) => row.name).sort();
}

describe("a size in the query", () => {
  it("opens Semaglutide at 5 mg from the suggestions and lists its 5 mg offer, however the size is written", async () => {
    for (const query of [
      "semaglutide 5mg",
      "semaglutide 5 mg",
      "SEMAGLUTIDE 5MG",
      "semaglutide 5",
    ]) {
      expect((await suggestions(query))[0], query).toMatchObject({
        kind: "peptide",
        label: "Semaglutide",
        detail: "5mg · Metabolic",
        href: "/peptide/semaglutide?size=5mg",
      });
      const [first] = await results(query);
      expect(first, query).toMatchObject({
        name: "Semaglutide",
        href: "/peptide/semaglutide?size=5mg",
      });
      // The offer shown is a 5 mg vial (or a pack of them), not the 2 mg one.
      expect(first!.size, query).toMatch(/^5mg\b/);
      // "Add to stack" is set to it too.
      expect(first!.stackSize, query).toBe("5mg");
    }
  });

  it("the link opens the detail page with that size chosen", async () => {
    const response = await admin.server.fetch("/peptide/semaglutide?size=5mg");
    expect(response.status).toBe(200);
    const $ = load(await response.text());
    expect($('[aria-current="true"]:contains("5mg")').length).toBeGreaterThan(0);
  });
});

describe("brand names and misspellings", () => {
  it.each([
    ["ozempic", "Semaglutide", "Ozempic"],
    ["wegovy", "Semaglutide", "Wegovy"],
    ["mounjaro", "Tirzepatide", "Mounjaro"],
    ["zepbound", "Tirzepatide", "Zepbound"],
    ["bcp", "BPC-157", "BCP-157"],
  ])("'%s' finds %s, saying which name matched", async (query, name, alias) => {
    expect((await suggestions(query))[0]).toMatchObject({
      kind: "peptide",
      label: name,
      detail: `Also known as ${alias}`,
    });
    const [first] = await results(query);
    expect(first!.name).toBe(name);
    expect(first!.text).toContain(`Also known as ${alias}`);
  });
});

describe("a category word", () => {
  it("'healing' lists all four peptides of Healing & Recovery, in the suggestions and the results", async () => {
    const healing = await categoryPeptideNames("healing-recovery");
    expect(healing).toHaveLength(4);
    const suggested = await suggestions("healing");
    expect(
      suggested
        .filter((suggestion) => suggestion.kind === "peptide")
        .map((suggestion) => suggestion.label)
        .slice(0, 4)
        .sort(),
    ).toEqual(healing);
    expect(suggested).toContainEqual(
      expect.objectContaining({ kind: "category", label: "Healing & Recovery" }),
    );
    const listed = (await results("healing")).map((row) => row.name);
    expect(listed.slice(0, 4).sort()).toEqual(healing);
  });
});

describe("aliases the admin edits on the peptide form", () => {
  it("an alias saved on the peptide form is found by the search at once, and the save is audited", async () => {
    const [kpv] = await admin
      .db()
      .select({ id: peptides.id })
      .from(peptides)
      .where(eq(peptides.slug, "kpv"));
    expect((await suggestions("lysivaline")).map((suggestion) => suggestion.label)).not.toContain(
      "KPV",
    );
    expect((await results("lysivaline")).map((row) => row.name)).not.toContain("KPV");

    const current = (await getAdminPeptide(admin.db(), kpv!.id))!;
    const saved = await admin.post("/admin/peptides", {
      ...peptideFormValues(current),
      intent: "update-peptide",
      id: kpv!.id,
      aliases: [...current.aliases, "Lysivaline"].join("\n"),
    });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Peptide updated");

    expect((await suggestions("lysivaline"))[0]).toMatchObject({
      label: "KPV",
      detail: "Also known as Lysivaline",
      href: "/peptide/kpv",
    });
    expect((await results("lysivaline"))[0]).toMatchObject({ name: "KPV" });
    // The new name with a size opens that size, like the names the catalogue came with.
    expect((await suggestions("lysivaline 10mg"))[0]).toMatchObject({
      label: "KPV",
      href: "/peptide/kpv?size=10mg",
    });

    const [entry] = await admin
      .db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "peptide"), eq(auditLog.entityId, kpv!.id)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(JSON.stringify(entry?.details)).toContain("Lysivaline");
  });

  it("refuses an alias longer than the limit with a clear 400 and keeps the aliases", async () => {
    const [semaglutide] = await admin
      .db()
      .select({ id: peptides.id, aliases: peptides.aliases })
      .from(peptides)
      .where(eq(peptides.slug, "semaglutide"));
    const current = (await getAdminPeptide(admin.db(), semaglutide!.id))!;
    const refused = await admin.post("/admin/peptides", {
      ...peptideFormValues(current),
      intent: "update-peptide",
      id: semaglutide!.id,
      aliases: "x".repeat(101),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("An alias");
    const [after] = await admin
      .db()
      .select({ aliases: peptides.aliases })
      .from(peptides)
      .where(eq(peptides.slug, "semaglutide"));
    expect(after!.aliases).toEqual(semaglutide!.aliases);
  });
});
