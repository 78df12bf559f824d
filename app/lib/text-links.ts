/** A run of plain text, or an address to show as a link. */
export type TextPart = { kind: "text"; text: string } | { kind: "link"; href: string };

/** http(s) addresses up to the next space or angle bracket. */
const ADDRESS = /https?:\/\/[^\s<>"]+/g;

/** Punctuation that ends a sentence rather than the address before it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]']+$/;

/**
 * A plain-text mail's body cut into text and the http(s) addresses in it, so the outbox can
 * show its links as links (a confirmation or reset link is what the operator came to click).
 */
export function splitTextLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, "");
    if (match.index > from) parts.push({ kind: "text", text: text.slice(from, match.index) });
    parts.push({ kind: "link", href });
    from = match.index + href.length;
  }
  if (from < text.length) parts.push({ kind: "text", text: text.slice(from) });
  return parts;
}
