/** Atom 1.0 documents (RFC 4287): the price-drop feeds are built with this. */

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";

export interface AtomEntry {
  /** A permanent, unique IRI (a tag: URI): readers tell entries apart by it. */
  id: string;
  title: string;
  /** ISO 8601 timestamp with a zone (RFC 3339). */
  updated: string;
  /** The page the entry is about (link rel="alternate"). */
  link: string;
  summary: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  updated: string;
  /** Where this feed itself is served (link rel="self"). */
  selfUrl: string;
  /** The web page the feed follows (link rel="alternate"). */
  alternateUrl: string;
  author: { name: string; uri?: string };
  entries: AtomEntry[];
}

// Characters XML 1.0 forbids outright; a stray one from a shop's page would break every reader.
// eslint-disable-next-line no-control-regex
const NOT_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const ENTITIES: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
};

export function escapeXml(value: string): string {
  return value.replace(NOT_XML_CHARACTERS, "").replace(/[<>&'"]/g, (c) => ENTITIES[c]!);
}

/**
 * A tag URI (RFC 4151): `tag:example.com,2026:specific`. The authority is a host name only
 * (no port), the date a fixed day on which it was the site's, so ids never change.
 */
export function tagUri(authority: string, date: string, specific: string): string {
  return `tag:${authority.toLowerCase()},${date}:${specific}`;
}

/** RFC 3339 as Atom wants it: UTC, whole seconds. */
export function atomDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function element(name: string, text: string, indent: string): string {
  return `${indent}<${name}>${escapeXml(text)}</${name}>`;
}

function link(rel: string, href: string, type: string, indent: string): string {
  return `${indent}<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`;
}

function author(feed: AtomFeed, indent: string): string[] {
  return [
    `${indent}<author>`,
    element("name", feed.author.name, `${indent}  `),
    ...(feed.author.uri ? [element("uri", feed.author.uri, `${indent}  `)] : []),
    `${indent}</author>`,
  ];
}

export function buildAtomFeed(feed: AtomFeed): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element("id", feed.id, "  "),
    element("title", feed.title, "  "),
    ...(feed.subtitle ? [element("subtitle", feed.subtitle, "  ")] : []),
    element("updated", feed.updated, "  "),
    link("self", feed.selfUrl, "application/atom+xml", "  "),
    link("alternate", feed.alternateUrl, "text/html", "  "),
    ...author(feed, "  "),
  ];
  for (const entry of feed.entries) {
    lines.push(
      "  <entry>",
      element("id", entry.id, "    "),
      element("title", entry.title, "    "),
      element("updated", entry.updated, "    "),
      link("alternate", entry.link, "text/html", "    "),
      ...author(feed, "    "),
      element("summary", entry.summary, "    "),
      "  </entry>",
    );
  }
  lines.push("</feed>", "");
  return lines.join("\n");
}
