/**
 * Values read out of a shop's structured data (JSON-LD, inline product JSON, microdata
 * attributes): untyped as the page wrote them, and read leniently, because shops write them by
 * hand.
 */
import { load } from "cheerio";

import { isoCurrencyCode } from "~/lib/currency";
import { parsePrice } from "~/lib/price";

export type Json = unknown;
export type JsonObject = Record<string, Json>;

export const isObject = (value: Json): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Values as a flat list: one value, an array, or arrays nested in arrays. */
export function asArray(value: Json): Json[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.flatMap((item) => asArray(item)) : [value];
}

/** Structured data's strings, with the HTML entities some platforms leave in them decoded. */
export const text = (value: Json): string | null => {
  if (typeof value === "string") {
    const decoded = /&(?:#\d+|#x[\da-f]+|[a-z]+);/i.test(value)
      ? load(`<p>${value.replace(/</g, "&lt;")}</p>`, null, false).text()
      : value;
    return decoded.replace(/\s+/g, " ").trim() || null;
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
};

const SOLD_OUT_AVAILABILITY = /(?:OutOfStock|SoldOut|Discontinued|out of stock|oos|sold out)$/i;

export const isSoldOut = (availability: string | null | undefined) =>
  SOLD_OUT_AVAILABILITY.test(availability?.trim() ?? "");

export function amountOf(value: Json): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value === "string") {
    const amount = parsePrice(value).amount;
    return amount !== null && amount > 0 ? amount : null;
  }
  return null;
}

export const currencyOf = (value: Json) => isoCurrencyCode(text(value));

/** JSON that shops write by hand: comments, trailing commas, raw line breaks inside strings. */
export function parseLooseJson(source: string): Json {
  const trimmed = source
    .trim()
    .replace(/^<!--|-->$/g, "")
    .replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, "")
    .trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    return JSON.parse(repairJson(trimmed));
  }
}

function repairJson(source: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (inString) {
      if (char === "\\") {
        out += char + (source[i + 1] ?? "");
        i += 1;
      } else if (char === '"') {
        inString = false;
        out += char;
      } else if (char === "\n" || char === "\r" || char === "\t") {
        out += " ";
      } else {
        out += char;
      }
      continue;
    }
    if (char === '"') {
      inString = true;
      out += char;
    } else if (char === "/" && source[i + 1] === "/") {
      while (i < source.length && source[i] !== "\n") i += 1;
    } else if (char === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? source.length : end + 1;
    } else {
      out += char;
    }
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

/** Keys lower-cased all the way down, so `Offers` and `offers` read alike. */
export function lowerKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(lowerKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), lowerKeys(v)]));
}
