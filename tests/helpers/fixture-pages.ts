import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The one reader of the scraper's reference pages (tests/fixtures/pages/, tests/fixtures/suggest/).
 * A page file holds only what makes its case; a shop theme's shared markup lives once in the
 * folder's `_layouts/` (format: tests/fixtures/pages/README.md):
 *
 * - a first line `<!--layout:NAME {"var":"value"}-->` builds the page from `_layouts/NAME.html`:
 *   every `{{var}}` there becomes its value, and every line `<!--slot:SLOT-->` becomes the lines
 *   that follow `<!--fill:SLOT-->` in the page file (nothing when the page has no such fill);
 * - a layout whose first line is `<!--extends:PARENT-->` is itself fills of PARENT, with slots
 *   of its own for the page (a theme's variable-product form inside the theme's page);
 * - a line `<!--use:NAME {"var":"value"}-->` in a page file becomes `_layouts/NAME.html` the
 *   same way: one product card of a listing, say; fills for its slots follow it, up to a line
 *   `<!--end-->`.
 *
 * Every test reads the assembled page, byte for byte the page a shop would serve.
 */

export const PAGES_DIR = path.resolve(import.meta.dirname, "../fixtures/pages");
export const SUGGEST_DIR = path.resolve(import.meta.dirname, "../fixtures/suggest");

const LAYOUTS = "_layouts";
const LAYOUT_LINE = /^<!--layout:([\w-]+) (\{.*\})-->$/;
const EXTENDS_LINE = /^<!--extends:([\w-]+)-->$/;
const USE_LINE = /^\s*<!--use:([\w-]+) (\{.*\})-->$/;
const END_LINE = /^\s*<!--end-->$/;
const FILL_LINE = /^\s*<!--fill:([\w-]+)-->$/;
const SLOT_LINE = /^\s*<!--slot:([\w-]+)-->$/;

/** The page names (without `.html`) of a fixture folder, sorted. */
export function fixturePageNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".html"))
    .map((file) => file.replace(/\.html$/, ""))
    .sort();
}

/** The page `name` of a fixture folder, assembled as every test receives it. */
export function readFixturePage(dir: string, name: string): string {
  const lines = expandUses(dir, readFileSync(path.join(dir, `${name}.html`), "utf8").split("\n"));
  const layout = LAYOUT_LINE.exec(lines[0]);
  if (!layout) return lines.join("\n");
  const fills = parseFills(withoutFinalNewline(lines.slice(1)), name);
  const page = renderLayout(dir, layout[1], layout[2], fills);
  if (fills.size > 0) throw new Error(`${name}: ${layout[1]} has no slot ${[...fills.keys()]}`);
  return page.join("\n");
}

/** A file's last newline ends the file, not the markup of its last fill or card. */
const withoutFinalNewline = (lines: string[]) => (lines.at(-1) === "" ? lines.slice(0, -1) : lines);

function readTemplate(dir: string, name: string, varsJson: string): string[] {
  const vars = JSON.parse(varsJson) as Record<string, string>;
  return readFileSync(path.join(dir, LAYOUTS, `${name}.html`), "utf8")
    .replace(/\{\{([\w-]+)\}\}/g, (_, key: string) => {
      const value = vars[key];
      if (value === undefined) throw new Error(`${name} needs {{${key}}}`);
      return value;
    })
    .split("\n");
}

/** The fills of a page, a card or a layout that extends another, by slot name. */
function parseFills(lines: string[], usedBy: string): Map<string, string[]> {
  const fills = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of lines) {
    const fill = FILL_LINE.exec(line);
    if (fill) {
      current = [];
      fills.set(fill[1], current);
    } else if (current) {
      current.push(line);
    } else {
      throw new Error(`${usedBy}: markup before the first <!--fill:…-->`);
    }
  }
  return fills;
}

/** Replaces each slot line by its fill (taken out of `fills`), or by nothing. */
function fillSlots(lines: string[], fills: Map<string, string[]>): string[] {
  return lines.flatMap((line) => {
    const slot = SLOT_LINE.exec(line);
    if (!slot) return [line];
    const filled = fills.get(slot[1]) ?? [];
    fills.delete(slot[1]);
    return filled;
  });
}

/** Replaces each `use` line (and the fills up to its `end`) by its template. */
function expandUses(dir: string, lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const use = USE_LINE.exec(lines[i]);
    if (!use) {
      out.push(lines[i]);
      continue;
    }
    let fills = new Map<string, string[]>();
    if (FILL_LINE.test(lines[i + 1] ?? "")) {
      const end = lines.findIndex((line, j) => j > i && END_LINE.test(line));
      if (end < 0) throw new Error(`${use[1]}: fills without <!--end-->`);
      fills = parseFills(lines.slice(i + 1, end), use[1]);
      i = end;
    }
    out.push(...fillSlots(withoutFinalNewline(readTemplate(dir, use[1], use[2])), fills));
    if (fills.size > 0) throw new Error(`${use[1]} has no slot ${[...fills.keys()]}`);
  }
  return out;
}

function renderLayout(
  dir: string,
  name: string,
  varsJson: string,
  fills: Map<string, string[]>,
): string[] {
  const lines = readTemplate(dir, name, varsJson);
  const parent = EXTENDS_LINE.exec(lines[0]);
  if (!parent) return fillSlots(lines, fills);
  const ownFills = parseFills(withoutFinalNewline(lines.slice(1)), name);
  for (const [slot, filled] of ownFills) ownFills.set(slot, fillSlots(filled, fills));
  for (const [slot, filled] of fills) {
    if (ownFills.has(slot)) throw new Error(`${name} fills ${slot} itself`);
    ownFills.set(slot, filled);
  }
  fills.clear();
  const page = renderLayout(dir, parent[1], varsJson, ownFills);
  // What no layout took goes back to the caller, which reports it.
  for (const [slot, filled] of ownFills) fills.set(slot, filled);
  return page;
}
