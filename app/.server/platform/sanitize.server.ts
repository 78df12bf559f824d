import sanitizeHtml from "sanitize-html";

/**
 * The allowlist for admin-authored HTML (footer sections): paragraphs, links with
 * http/https/mailto only, lists, emphasis and line breaks. Everything else is dropped,
 * scripts and event handlers included.
 */
const FOOTER_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "a", "ul", "ol", "li", "strong", "em", "b", "i", "u", "br"],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
  },
};

export function sanitizeFooterHtml(html: string): string {
  return sanitizeHtml(html, FOOTER_HTML_OPTIONS);
}
