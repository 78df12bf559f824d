/**
 * Affiliate links (issue 34): how a vendor's template turns an offer's stored address into the
 * address a Buy click is sent to. A template is either
 * - a query string to add to the shop's own address: "ref=peptideprices" or "?aff=12&src=pp"
 *   (a parameter the address already has is replaced, not repeated), or
 * - a full http(s) address containing {url}, which is replaced by the shop's address, encoded
 *   (a network's tracking redirect: "https://track.example/c?id=7&to={url}").
 * Used by /go only; the API and the pages' data keep the shop's own address.
 */
export const AFFILIATE_URL_PLACEHOLDER = "{url}";

/** The disclosure page: who pays us, and how offers are ranked regardless (footer section "disclosure"). */
export const DISCLOSURE_PATH = "/disclosure";

/** The way out to a shop: every Buy link goes through here (app/routes/go.server.ts). */
export function offerLinkPath(offerId: string): string {
  return `/go/${encodeURIComponent(offerId)}`;
}

/** A vendor page's link to the shop's website. */
export function vendorLinkPath(vendorId: string): string {
  return `/go/vendor/${encodeURIComponent(vendorId)}`;
}

/** rel of a link out: "sponsored" too when the shop pays for it (Google's link attributes). */
export function outboundRel(affiliated: boolean): string {
  return affiliated ? "sponsored nofollow noopener" : "nofollow noopener";
}

export type AffiliateTemplate =
  { kind: "query"; params: URLSearchParams } | { kind: "wrap"; template: string };

/** Reads a stored or typed template; null when it is neither form (or empty). */
export function parseAffiliateTemplate(raw: string | null | undefined): AffiliateTemplate | null {
  const template = (raw ?? "").trim();
  if (template === "") return null;
  if (template.includes(AFFILIATE_URL_PLACEHOLDER)) {
    const probe = safeUrl(template.replaceAll(AFFILIATE_URL_PLACEHOLDER, ""));
    return probe && isHttp(probe) ? { kind: "wrap", template } : null;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(template) || template.includes("/")) return null;
  const params = new URLSearchParams(template.replace(/^[?&]+/, ""));
  const names = [...params.keys()];
  if (names.length === 0 || names.some((name) => name.trim() === "")) return null;
  return { kind: "query", params };
}

/** The host a template sends visitors to: the tracking host of a {url} template, null for a query. */
export function affiliateTemplateHost(template: AffiliateTemplate): string | null {
  if (template.kind === "query") return null;
  return safeUrl(template.template.replaceAll(AFFILIATE_URL_PLACEHOLDER, ""))?.hostname ?? null;
}

/**
 * The address a click on `url` goes to with the template applied; the plain address when there is
 * no template. Null when `url` itself is not an http(s) address: /go never sends anywhere else.
 */
export function applyAffiliateTemplate(
  url: string,
  template: AffiliateTemplate | null,
): string | null {
  const target = safeUrl(url);
  if (!target || !isHttp(target)) return null;
  if (!template) return target.href;
  if (template.kind === "query") {
    for (const [name, value] of template.params) target.searchParams.set(name, value);
    return target.href;
  }
  const wrapped = safeUrl(
    template.template.replaceAll(AFFILIATE_URL_PLACEHOLDER, encodeURIComponent(target.href)),
  );
  return wrapped && isHttp(wrapped) ? wrapped.href : null;
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function isHttp(url: URL): boolean {
  return url.protocol === "http:" || url.protocol === "https:";
}
