import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * The RFC 4287 rules a feed parser forgives but readers rely on: a well-formed document in
 * the Atom namespace; feed and entries each with exactly one id (an absolute IRI), title and
 * updated (an RFC 3339 date-time); an author on the feed or on every entry; rel="self" on the
 * feed; rel="alternate" on every entry (they carry no content); entry ids unique.
 * Returns the problems found (none = valid).
 */
export function atomProblems(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed XML: ${wellFormed.err.msg}`];
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name) =>
      ["entry", "link", "author", "id", "title", "updated", "summary"].includes(name),
  });
  const document = parser.parse(xml) as { feed?: AtomElement };
  const feed = document.feed;
  if (!feed) return ["the root element is not atom:feed"];
  const problems: string[] = [];
  if (feed.xmlns !== "http://www.w3.org/2005/Atom")
    problems.push("feed is not in the Atom namespace");
  problems.push(...commonProblems(feed, "feed"));
  const links = feed.link ?? [];
  if (!links.some((link) => link.rel === "self")) problems.push("feed has no link rel=self");
  const entries = feed.entry ?? [];
  const ids = new Set<string>();
  entries.forEach((entry, index) => {
    const where = `entry ${index + 1}`;
    problems.push(...commonProblems(entry, where));
    if (!(entry.link ?? []).some((link) => (link.rel ?? "alternate") === "alternate")) {
      problems.push(`${where} has no link rel=alternate`);
    }
    if ((feed.author ?? []).length === 0 && (entry.author ?? []).length === 0) {
      problems.push(`${where} has no author, and neither has the feed`);
    }
    if ((entry.summary ?? []).length > 1) problems.push(`${where} has several summaries`);
    const id = textOf(entry.id?.[0]);
    if (ids.has(id)) problems.push(`${where} repeats the id ${id}`);
    ids.add(id);
  });
  return problems;
}

interface AtomElement {
  xmlns?: string;
  id?: unknown[];
  title?: unknown[];
  updated?: unknown[];
  summary?: unknown[];
  author?: { name?: unknown }[];
  link?: { rel?: string; href?: string; type?: string }[];
  entry?: AtomElement[];
}

const IRI = /^[a-z][a-z0-9+.-]*:[^\s<>"]+$/i;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function textOf(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (value && typeof value === "object" && "#text" in value) return String(value["#text"]);
  return "";
}

function commonProblems(element: AtomElement, where: string): string[] {
  const problems: string[] = [];
  for (const name of ["id", "title", "updated"] as const) {
    const count = element[name]?.length ?? 0;
    if (count !== 1) problems.push(`${where} has ${count} atom:${name} elements, not one`);
  }
  const id = textOf(element.id?.[0]);
  if (!IRI.test(id)) problems.push(`${where}'s id "${id}" is not an absolute IRI`);
  const updated = textOf(element.updated?.[0]);
  if (!RFC3339.test(updated)) problems.push(`${where}'s updated "${updated}" is not RFC 3339`);
  for (const author of element.author ?? []) {
    if (!textOf(author.name)) problems.push(`${where} has an author without a name`);
  }
  return problems;
}
