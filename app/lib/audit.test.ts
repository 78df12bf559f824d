import { describe, expect, it } from "vitest";

import {
  auditEntityLink,
  auditEntityName,
  auditEntryChanges,
  diffAuditFields,
  formatAuditValue,
  formatUtcTimestamp,
  humaniseAuditKey,
} from "./audit";

describe("diffAuditFields", () => {
  it("keeps only the fields whose value changed", () => {
    expect(
      diffAuditFields(
        { name: "BPC-157", description: "Same", isPopular: false },
        { name: "BPC-157 Arginate", description: "Same", isPopular: true },
      ),
    ).toEqual({
      name: { before: "BPC-157", after: "BPC-157 Arginate" },
      isPopular: { before: false, after: true },
    });
  });

  it("diffs a creation against nothing and a deletion to nothing", () => {
    expect(diffAuditFields(null, { code: "SAVE10" })).toEqual({
      code: { before: null, after: "SAVE10" },
    });
    expect(diffAuditFields({ code: "SAVE10" }, undefined)).toEqual({
      code: { before: "SAVE10", after: null },
    });
  });

  it("compares dates by instant and nested values by content", () => {
    const when = "2026-01-02T03:04:05.000Z";
    expect(
      diffAuditFields({ at: new Date(when), tags: ["a", "b"] }, { at: when, tags: ["a", "b"] }),
    ).toEqual({});
  });
});

describe("auditEntityName", () => {
  it("reads the stored name, then other naming details, then falls back to the id", () => {
    expect(auditEntityName({ name: "Vendor A", email: "x@y" }, "id-1")).toBe("Vendor A");
    expect(auditEntityName({ retailerName: "Shop" }, "id-1")).toBe("Shop");
    expect(auditEntityName({ email: "a@b.test" }, "id-1")).toBe("a@b.test");
    expect(auditEntityName({ price: 3 }, "id-1")).toBe("id-1");
    expect(auditEntityName(null, null)).toBeNull();
  });
});

describe("auditEntryChanges", () => {
  it("returns a stored diff with its before values", () => {
    const details = { name: "X", changes: { price: { before: 10, after: 12 } } };
    expect(auditEntryChanges(details)).toEqual({
      changes: { price: { before: 10, after: 12 } },
      hasBefore: true,
    });
  });

  it("shows the written values of an entry recorded without a diff", () => {
    expect(auditEntryChanges({ unitsPerUsd: 0.9 })).toEqual({
      changes: { unitsPerUsd: { before: null, after: 0.9 } },
      hasBefore: false,
    });
    expect(auditEntryChanges(null)).toEqual({ changes: {}, hasBefore: false });
  });
});

describe("display helpers", () => {
  it("links a live item to its page, searched for it where the table searches", () => {
    const link = (entity: string, action: string, name: string | null = null) =>
      auditEntityLink({ entity, action, name });
    expect(link("peptide", "update", "BPC-157 & TB")).toBe("/admin/peptides?q=BPC-157+%26+TB");
    expect(link("vendor", "create", "Alpha Labs")).toBe("/admin/vendors?q=Alpha+Labs");
    expect(link("vendor_peptide", "update", "Alpha Labs price for BPC-157")).toBe(
      "/admin/prices?q=Alpha+Labs+price+for+BPC-157",
    );
    expect(link("scrape_source", "update", "Shop")).toBe("/admin/scraping?q=Shop");
    expect(link("admin_users", "grant", "a@b.test")).toBe("/admin/users?q=a%40b.test");
    // Tables without a search box, and entries without a name, open the page itself.
    expect(link("category", "update", "Healing")).toBe("/admin/categories");
    expect(link("size_option", "update", "BPC-157 5 mg")).toBe("/admin/categories");
    expect(link("peptide", "update")).toBe("/admin/peptides");
    expect(link("trash", "restore", "Gone")).toBe("/admin/trash");
    expect(link("something-new", "update", "X")).toBeNull();
  });

  it("links a deleted item to the trash, where it can be restored, and other deletions nowhere", () => {
    expect(auditEntityLink({ entity: "peptide", action: "delete", name: "Gone" })).toBe(
      "/admin/trash?q=Gone",
    );
    expect(auditEntityLink({ entity: "category_filter", action: "delete", name: "Size" })).toBe(
      "/admin/trash?q=Size",
    );
    expect(auditEntityLink({ entity: "exchange-rate", action: "delete", name: "EUR" })).toBeNull();
  });

  it("turns keys into words", () => {
    expect(humaniseAuditKey("vendor_peptide")).toBe("Vendor peptide");
    expect(humaniseAuditKey("popularOrder")).toBe("Popular order");
    expect(humaniseAuditKey("exchange-rate")).toBe("Exchange rate");
  });

  it("formats values briefly", () => {
    expect(formatAuditValue(null)).toBe("—");
    expect(formatAuditValue(true)).toBe("yes");
    expect(formatAuditValue(12.5)).toBe("12.5");
    expect(formatAuditValue(["a"])).toBe('["a"]');
    expect(formatAuditValue("x".repeat(200))).toHaveLength(120);
  });

  it("formats times in UTC whatever the input form", () => {
    expect(formatUtcTimestamp(new Date("2026-11-22T20:31:59.999Z"))).toBe("2026-11-22 20:31 UTC");
    expect(formatUtcTimestamp("2026-11-22T23:05:00+02:00")).toBe("2026-11-22 21:05 UTC");
    expect(formatUtcTimestamp("nonsense")).toBe("—");
  });
});
