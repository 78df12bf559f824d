import type { IncomingHttpHeaders } from "node:http";

/**
 * Block pages: what a bot shield or a wall answers instead of the shop's page (issue 31
 * Must 8). Recognised by status, headers and markers, as the vendors document and other price
 * trackers' issue trackers show them: Cloudflare's 403/503 challenge (`server: cloudflare`,
 * `cf-ray`, a `__cf_bm` cookie, `cf-mitigated: challenge`, "Just a moment..."), Akamai's
 * "Access Denied … Reference #" page (often status 200 and no title), CAPTCHA pages (DataDome,
 * PerimeterX, reCAPTCHA, hCaptcha, Turnstile) and age or cookie-consent walls. Such a page is
 * never parsed for prices: the read fails as "blocked by the site" with the evidence.
 */

export class BlockedBySiteError extends Error {
  constructor(
    readonly url: string,
    readonly evidence: string,
  ) {
    super(`blocked by the site: ${evidence} (${url})`);
  }
}

/** Visible text of a page, short: how much a wall or challenge page says beside its markers. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function titleOf(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  return match ? match[1].trim() : null;
}

/** Product data a real page carries: a wall overlaid on it does not hide it from us. */
const PRODUCT_DATA =
  /"@type"\s*:\s*"(?:Product|ProductGroup|Offer)"|itemtype="https?:\/\/schema\.org\/(?:Product|Offer)"|property="(?:og:type" content="product|product:price:amount)"/i;

/** Pages with little text beside their markers: a challenge or wall, not a shop page. */
const WALL_TEXT_LIMIT = 1500;

const headerText = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join("; ") : String(value ?? "");
};

function cloudflareEvidence(status: number, headers: IncomingHttpHeaders, html: string) {
  const signs: string[] = [];
  if (/cloudflare/i.test(headerText(headers, "server"))) signs.push("server: cloudflare");
  if (headers["cf-ray"]) signs.push(`cf-ray ${headerText(headers, "cf-ray")}`);
  if (/(^|;\s*|,\s*)__cf_bm=/.test(headerText(headers, "set-cookie")))
    signs.push("a __cf_bm cookie");
  if (/challenge/i.test(headerText(headers, "cf-mitigated"))) signs.push("cf-mitigated: challenge");
  // Cloudflare puts a challenge-platform script on ordinary pages too: only the challenge
  // page's own title and options mark one.
  const challenge =
    /<title>\s*(?:Just a moment|Attention Required!)/i.test(html) || /cf_chl_opt/.test(html);
  if (challenge) signs.push("its challenge page");
  const blocked = status === 403 || status === 503 || status === 429;
  if ((blocked && signs.length > 0) || signs.includes("cf-mitigated: challenge") || challenge)
    return `Cloudflare answered HTTP ${status} (${signs.join(", ")})`;
  return null;
}

function akamaiEvidence(status: number, headers: IncomingHttpHeaders, html: string) {
  const reference = /Reference\s*#\s*[\d.a-f]+/i.exec(html);
  const denied = /Access Denied|You don't have permission to access/i.test(html);
  const akamai = /AkamaiGHost/i.test(headerText(headers, "server")) || /edgesuite\.net/i.test(html);
  if (denied && (reference || akamai))
    return `Akamai answered HTTP ${status} with "Access Denied"${reference ? ` (${reference[0]})` : ""}${titleOf(html) ? "" : " and no title"}`;
  return null;
}

const CAPTCHAS: [RegExp, string][] = [
  [/captcha-delivery\.com|geo\.captcha-delivery/i, "DataDome CAPTCHA"],
  [/px-captcha|perimeterx|_pxCaptcha/i, "PerimeterX CAPTCHA"],
  [/challenges\.cloudflare\.com\/turnstile/i, "Cloudflare Turnstile"],
  [/hcaptcha\.com|class="h-captcha"/i, "hCaptcha"],
  [/google\.com\/recaptcha|class="g-recaptcha"/i, "reCAPTCHA"],
];

function captchaEvidence(status: number, html: string, text: string) {
  const found = CAPTCHAS.find(([marker]) => marker.test(html));
  if (!found) return null;
  // A shop page may carry a CAPTCHA on its review form; a CAPTCHA page says little else.
  const asksHuman =
    /captcha|are you a (?:human|robot)|verify (?:you are|that you're) (?:a )?human|unusual traffic|security check/i.test(
      `${titleOf(html) ?? ""} ${text.slice(0, 600)}`,
    );
  if (PRODUCT_DATA.test(html) || (!asksHuman && text.length > WALL_TEXT_LIMIT)) return null;
  return `a ${found[1]} page (HTTP ${status})`;
}

const WALLS: [RegExp, string][] = [
  [
    /age verification|verify your age|confirm (?:that )?you are (?:over )?(?:18|19|21)|are you (?:over )?(?:18|19|21)|must be (?:at least )?(?:18|19|21)(?: years)?(?: of age| or older)/i,
    "an age wall",
  ],
  [
    /before you continue|we (?:and our partners )?use cookies|cookie consent|manage (?:your )?(?:cookie )?preferences|accept all cookies/i,
    "a consent wall",
  ],
];

/** An amount with a currency: a wall shows none, a small shop page with a cookie banner does. */
const PRICE_TEXT = /[$€£¥]\s?\d|\d[\d.,]*\s?(?:USD|EUR|GBP|CAD|AUD|JPY|KWD|CHF|kr|zł)\b/i;

function wallEvidence(html: string, text: string) {
  if (PRODUCT_DATA.test(html) || text.length > WALL_TEXT_LIMIT || PRICE_TEXT.test(text))
    return null;
  const found = WALLS.find(([marker]) => marker.test(text) || marker.test(titleOf(html) ?? ""));
  if (!found) return null;
  const excerpt = text.slice(0, 80);
  return `${found[1]} ("${excerpt}${text.length > 80 ? "…" : ""}")`;
}

/**
 * The evidence that a response is a block page, or null for an answer to be read. JSON and
 * XML answers (feeds, sitemaps) are judged by status and headers only.
 */
export function blockPageEvidence(
  status: number,
  headers: IncomingHttpHeaders,
  body: string,
): string | null {
  const html =
    /html/i.test(headerText(headers, "content-type")) || /^\s*<(?:!doctype|html)/i.test(body);
  const page = html ? body : "";
  const cloudflare = cloudflareEvidence(status, headers, page);
  if (cloudflare) return cloudflare;
  if (!html) return null;
  const text = visibleText(page);
  return (
    akamaiEvidence(status, headers, page) ??
    captchaEvidence(status, page, text) ??
    wallEvidence(page, text)
  );
}
