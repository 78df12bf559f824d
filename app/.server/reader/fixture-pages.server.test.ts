import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import {
  fixturePageNames,
  PAGES_DIR,
  readFixturePage,
  SUGGEST_DIR,
} from "../../../tests/helpers/fixture-pages";

/**
 * The scraper's reference pages are assembled from their themes' layouts and card templates
 * (tests/helpers/fixture-pages.ts). The hashes in tests/fixtures/pages.sha256 are those of the
 * pages as written out whole before the layouts existed: assembling must give those bytes back,
 * so a layout edit cannot quietly change what the extraction tests read.
 */

const HASHES = path.resolve(import.meta.dirname, "../../../tests/fixtures/pages.sha256");

const expected = new Map(
  readFileSync(HASHES, "utf8")
    .trim()
    .split("\n")
    .map((line) => {
      const [hash, file] = line.split(/\s+/);
      return [file, hash] as const;
    }),
);

const assembled = [
  ["pages", PAGES_DIR],
  ["suggest", SUGGEST_DIR],
].flatMap(([folder, dir]) =>
  fixturePageNames(dir).map((name) => [`${folder}/${name}.html`, readFixturePage(dir, name)]),
);

describe("fixture pages assembled from layouts", () => {
  it("are, byte for byte, the pages the hash list records", () => {
    const actual = new Map(
      assembled.map(([file, html]) => [file, createHash("sha256").update(html).digest("hex")]),
    );
    expect(actual).toEqual(expected);
  });

  it("leave no layout directive behind", () => {
    for (const [file, html] of assembled) {
      expect(html, file).not.toMatch(/<!--(layout|extends|use|fill|slot):/);
      expect(html, file).not.toMatch(/\{\{[\w-]+\}\}/);
    }
  });
});

describe("readFixturePage", () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true })));

  function folder(files: Record<string, string>) {
    const dir = mkdtempSync(path.join(tmpdir(), "fixture-pages-"));
    folders.push(dir);
    mkdirSync(path.join(dir, "_layouts"));
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
    return dir;
  }

  it("fills a layout's vars and slots, through the layouts it extends, and expands cards", () => {
    const dir = folder({
      "_layouts/theme.html":
        "<title>{{shop}}</title>\n<!--slot:head-->\n<main>\n<!--slot:main-->\n</main>\n",
      "_layouts/product.html":
        "<!--extends:theme-->\n<!--fill:main-->\n<h1>{{shop}}</h1>\n<!--slot:price-->\n",
      "_layouts/card.html": "<li>{{name}}\n<!--slot:price-->\n</li>\n",
      "page.html": [
        '<!--layout:product {"shop":"Apex"}-->',
        "<!--fill:head-->",
        '<meta name="x">',
        "<!--fill:price-->",
        "<p>$1</p>",
        '  <!--use:card {"name":"A"}-->',
        '  <!--use:card {"name":"B"}-->',
        "  <!--fill:price-->",
        "<s>$3</s>",
        "  <!--end-->",
        "",
      ].join("\n"),
    });
    expect(readFixturePage(dir, "page")).toBe(
      '<title>Apex</title>\n<meta name="x">\n<main>\n<h1>Apex</h1>\n<p>$1</p>\n' +
        "<li>A\n</li>\n<li>B\n<s>$3</s>\n</li>\n</main>\n",
    );
  });

  it("refuses a fill no slot takes and a var the page does not give", () => {
    const dir = folder({
      "_layouts/theme.html": "<title>{{shop}}</title>\n<!--slot:head-->\n",
      "typo.html": '<!--layout:theme {"shop":"Apex"}-->\n<!--fill:haed-->\nx\n',
      "no-var.html": "<!--layout:theme {}-->\n",
    });
    expect(() => readFixturePage(dir, "typo")).toThrow(/no slot haed/);
    expect(() => readFixturePage(dir, "no-var")).toThrow(/needs \{\{shop\}\}/);
  });
});
