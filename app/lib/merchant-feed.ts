/**
 * A vendor's product feed in Google Merchant Center's format (issue 33 Must 4): RSS 2.0 / Atom
 * XML with the g: namespace, or tab-separated text with a header row. The fields read are id,
 * title, link, price, sale_price, availability ("in stock", "out of stock", "preorder",
 * "backorder") and image_link; shipping is left to the vendor's terms on the site.
 */
import { XMLParser } from "fast-xml-parser";

export interface MerchantFeedItem {
  id: string;
  title: string;
  link: string;
  /** What a buyer pays today: the sale price when there is one. */
  price: number;
  regularPrice: number;
  salePrice: number | null;
  currency: string | null;
  inStock: boolean;
  /** The product's image (`image_link`), an absolute http(s) URL; null when the feed names none. */
  imageLink: string | null;
}

/** "39.99 USD" (Merchant Center's form), "USD 39.99" or a bare "39.99". */
export function parseMerchantPrice(
  text: string,
): { amount: number; currency: string | null } | null {
  const match = /^\s*(?:([A-Z]{3})\s+)?(\d+(?:\.\d+)?)\s*(?:([A-Z]{3}))?\s*$/.exec(text);
  if (!match) return null;
  const amount = Number(match[2]);
  return Number.isFinite(amount) ? { amount, currency: match[1] ?? match[3] ?? null } : null;
}

type Fields = Record<string, string>;

function itemFrom(fields: Fields): MerchantFeedItem | null {
  const get = (name: string) => (fields[name] ?? "").trim();
  const regular = parseMerchantPrice(get("price"));
  const sale = get("sale_price") ? parseMerchantPrice(get("sale_price")) : null;
  const link = get("link");
  if (!regular || !get("title") || !/^https?:\/\//i.test(link)) return null;
  const availability = get("availability").toLowerCase().replace(/_/g, " ");
  const imageLink = get("image_link");
  return {
    id: get("id"),
    title: get("title"),
    link,
    price: sale?.amount ?? regular.amount,
    regularPrice: regular.amount,
    salePrice: sale?.amount ?? null,
    currency: sale?.currency ?? regular.currency,
    inStock: availability !== "out of stock",
    imageLink: /^https?:\/\//i.test(imageLink) ? imageLink : null,
  };
}

function textOf(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (value && typeof value === "object" && "#text" in value)
    return textOf((value as { "#text": unknown })["#text"]);
  return "";
}

function xmlItems(xml: string): Fields[] {
  const parsed = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true }).parse(xml) as {
    rss?: { channel?: { item?: unknown } };
    feed?: { entry?: unknown };
  };
  const raw = parsed.rss?.channel?.item ?? parsed.feed?.entry ?? [];
  const items = (Array.isArray(raw) ? raw : [raw]) as Record<string, unknown>[];
  return items.map((item) =>
    Object.fromEntries(Object.entries(item).map(([key, value]) => [key, textOf(value)])),
  );
}

function tsvItems(text: string): Fields[] {
  const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (!header) return [];
  const names = header.split("\t").map((name) => name.trim().toLowerCase());
  return lines.map((line) => {
    const cells = line.split("\t");
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? ""]));
  });
}

/** The feed's items that have a title, a link and a price; XML when it starts with "<". */
export function parseMerchantFeed(body: string): MerchantFeedItem[] {
  const items = body.trimStart().startsWith("<") ? xmlItems(body) : tsvItems(body);
  return items.flatMap((fields) => itemFrom(fields) ?? []);
}
