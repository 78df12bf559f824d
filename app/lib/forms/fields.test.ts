import { describe, expect, it } from "vitest";
import { z } from "zod";

import { TEXT_LIMITS } from "~/lib/text-limits";
import { checkbox, integerField, optionalNumber, optionalText, requiredText } from "./fields";
import { optionalLink, optionalWebUrl } from "./link-fields";
import { optionalRecordId, recordId } from "./record-ids";

function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("requiredText", () => {
  const name = requiredText("Vendor name", TEXT_LIMITS.name);

  it("trims and keeps text within the limit", () => {
    expect(name.parse("  Acme  ")).toBe("Acme");
    expect(name.parse("a".repeat(200))).toHaveLength(200);
  });

  it("names the limit when the text is too long", () => {
    expect(messageOf(name, "a".repeat(201))).toBe("Vendor name can be at most 200 characters");
  });

  it("says the field is required when empty, missing or blank", () => {
    expect(messageOf(name, "")).toBe("Vendor name is required");
    expect(messageOf(name, "   ")).toBe("Vendor name is required");
    expect(messageOf(name, undefined)).toBe("Vendor name is required");
    expect(messageOf(requiredText("Name", 10, "Please enter a name"), "")).toBe(
      "Please enter a name",
    );
  });
});

describe("optionalText", () => {
  const notes = optionalText("Notes", TEXT_LIMITS.long);

  it("turns empty or missing into null", () => {
    expect(notes.parse("")).toBeNull();
    expect(notes.parse("  ")).toBeNull();
    expect(notes.parse(undefined)).toBeNull();
    expect(notes.parse(" hi ")).toBe("hi");
  });

  it("names the limit", () => {
    expect(messageOf(notes, "a".repeat(10_001))).toBe("Notes can be at most 10,000 characters");
  });
});

describe("ids", () => {
  const uuid = "0195d3d4-8a4b-7c2e-9f10-1234567890ab";

  it("accepts a uuid and refuses anything else as an unknown record", () => {
    expect(recordId().parse(` ${uuid} `)).toBe(uuid);
    expect(messageOf(recordId(), "42")).toBe("Unknown record");
    expect(messageOf(recordId("Unknown category"), undefined)).toBe("Unknown category");
  });

  it("optional ids: empty is null, junk is unknown", () => {
    expect(optionalRecordId().parse("")).toBeNull();
    expect(optionalRecordId().parse(uuid)).toBe(uuid);
    expect(messageOf(optionalRecordId("Unknown category"), "x")).toBe("Unknown category");
  });
});

describe("links", () => {
  it("web URLs must be http(s)", () => {
    expect(optionalWebUrl("Link").parse("https://shop.example/x")).toBe("https://shop.example/x");
    expect(optionalWebUrl("Link").parse("")).toBeNull();
    expect(messageOf(optionalWebUrl("Link"), "javascript:alert(1)")).toMatch(/http/);
    expect(messageOf(optionalWebUrl("Link"), `https://a.example/${"a".repeat(2048)}`)).toBe(
      "Link can be at most 2,048 characters",
    );
  });

  it("links may be a path on this site but never one a browser resolves off-site", () => {
    expect(optionalLink("Image").parse("/uploads/a.webp")).toBe("/uploads/a.webp");
    expect(messageOf(optionalLink("Image"), "//evil.example/x")).toBeDefined();
    expect(messageOf(optionalLink("Image"), "/\\evil.example/x")).toBeDefined();
  });
});

describe("numbers", () => {
  const interval = integerField("Scrape interval (seconds)", 60, 604_800);

  it("reads whole numbers within bounds", () => {
    expect(interval.parse("3600")).toBe(3600);
  });

  it("names both bounds for anything outside them or not a whole number", () => {
    const message = "Scrape interval (seconds) must be a whole number from 60 to 604,800";
    expect(messageOf(interval, "59")).toBe(message);
    expect(messageOf(interval, "12345678901234")).toBe(message);
    expect(messageOf(interval, "1.5")).toBe(message);
    expect(messageOf(interval, "abc")).toBe(message);
    expect(messageOf(interval, "")).toBe(message);
  });

  it("optional numbers: empty is null, others checked by the given schema", () => {
    const price = optionalNumber(z.number().nonnegative("Price cannot be negative"));
    expect(price.parse("")).toBeNull();
    expect(price.parse("12.5")).toBe(12.5);
    expect(messageOf(price, "-1")).toBe("Price cannot be negative");
  });

  it("checkboxes are on or off", () => {
    expect(checkbox.parse("on")).toBe(true);
    expect(checkbox.parse(undefined)).toBe(false);
  });
});
