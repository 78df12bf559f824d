/**
 * Price parsing for scraped text. Vendors write prices in every local style
 * ("$1,299.99", "1.299,99 €", "CHF 1'049,95", "₹ 1,20,000"), so the parser guesses
 * the decimal separator from the shape of the number rather than from a locale.
 */

export type ParsedPrice = { amount: number | null; currency: string | null };

// Dollar variants carry a country prefix or suffix (US$, C$, NT$, $U) that tells them apart;
// the prefix must start a word so "Sale price$39.99" reads "$", not "ice$".
const DOLLAR = String.raw`(?<![\p{L}])[A-Z]{1,3}\$|\$[A-Z]{1,2}(?![\p{L}])|\$`;
const SYMBOL = "[€£¥₹₩₪₫₺₽₴₦₱฿₡₲₵₭₮₸₼₾៛৳֏₨₤₶円원]";
// ISO codes seen on shop pages, plus a few retired ones still in old listings (PTE, DEM).
const CODES =
  "USD|EUR|GBP|CHF|CAD|AUD|NZD|JPY|CNY|INR|PLN|CZK|HUF|RON|SEK|NOK|DKK|BGN|HRK|RUB|UAH|TRY|" +
  "BRL|MXN|ZAR|SGD|HKD|AED|SAR|OMR|KWD|BHD|JOD|QAR|ILS|THB|IDR|MYR|PHP|VND|KRW|TWD|KMF|PTE|DEM";
// Local abbreviations as they appear on shop pages; a longer form comes before its prefix.
const WORDS = String.raw`zł|Kč|рублей|руб\.?|грн\.?|р\.|Р|лв\.?|lei|Ft|kn|kr|Rp|Rs|RM|TL|Fr\.|Br|KD|euro|Dinara|Nu\.|Nfk|LD|ZK|FG|S/\.|đ|تومان|ريال|ریال|درهم|جنيه`;
const CURRENCY_RE = new RegExp(
  `${DOLLAR}|${SYMBOL}|(?<![\\p{L}])(?:${CODES}|${WORDS})(?![\\p{L}])`,
  "giu",
);

/*
 * A number: digits joined by single separators. A space only joins a group of exactly three
 * digits ("1 120 900") so that "4.81 16" stays two numbers; a separator may be followed by
 * one space before two digits, a typo common on shop pages ("$119. 95").
 */
const NUMBER_RE =
  /(?<![\d])[.,]?\d+(?:(?:[.,'’](?:\s(?=\d{2}(?!\d)))?|[\s\u00a0\u202f](?=\d{3}(?!\d)))\d+)*/gu;
// Numbers that are quantities, not prices: "10mg", "20%", "12x de R$ 44,00". A spaced
// "x" is left alone because "$50 x 2" is a price times a count.
const NOT_A_PRICE_AFTER = /^(?:\s?(?:%|mg|mcg|µg|ug|ml|iu)|x)(?![\p{L}])/iu;
// Currencies whose minor unit has three digits, so "423.923" is not a thousands group.
const THREE_DECIMALS = new Set(["KD", "KWD", "OMR", "BHD", "JOD"]);

type Span = { start: number; end: number; text: string };

function spans(re: RegExp, text: string): Span[] {
  return [...text.matchAll(re)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    text: m[0],
  }));
}

/** Turns one number token into a value, deciding which separator (if any) is the decimal one. */
function toAmount(token: string, currency: string | null): number {
  let s = token.replace(/[\s\u00a0\u202f'’]/g, "");
  // "$.750.30": a stray leading separator before a number that has its own.
  if (/^[.,]/.test(s) && /[.,]/.test(s.slice(1))) s = s.slice(1);
  if (/^[.,]/.test(s)) return Number(`0.${s.slice(1)}`);

  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const group = decimal === "." ? "," : ".";
    return Number(s.split(group).join("").replace(decimal, "."));
  }
  const sep = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
  if (sep === null) return Number(s);

  const parts = s.split(sep);
  if (parts.length > 2) return Number(parts.join(""));
  const [whole, fraction] = parts;
  const threeDecimals = currency !== null && THREE_DECIMALS.has(currency.toUpperCase());
  const isGroup = fraction.length === 3 && whole !== "0" && !(sep === "." && threeDecimals);
  return Number(isGroup ? whole + fraction : `${whole}.${fraction}`);
}

function onlyGap(text: string): boolean {
  return /^[\s\u00a0:]*$/.test(text);
}

/**
 * Parses the first price in scraped text. A number written next to a currency wins over a
 * bare number before it, so "BPC-157 10mg $49.99" reads 49.99; otherwise the first number
 * counts. Text with no number, including "Free", has no amount: a scraped zero price would
 * wrongly become everyone's best deal.
 */
function parseFirstPrice(source: string, currencyHint?: string | null): ParsedPrice {
  const currencies = spans(CURRENCY_RE, source);
  const hinted = currencyHint ? spans(CURRENCY_RE, currencyHint)[0]?.text : undefined;
  const currency = currencies[0]?.text ?? hinted ?? null;

  const numbers = spans(NUMBER_RE, source).filter(
    (n) => !NOT_A_PRICE_AFTER.test(source.slice(n.end)),
  );
  const nextToCurrency = numbers.find((n) =>
    currencies.some(
      (c) =>
        (c.end <= n.start && onlyGap(source.slice(c.end, n.start))) ||
        (n.end <= c.start && onlyGap(source.slice(n.end, c.start))),
    ),
  );
  const chosen = nextToCurrency ?? numbers[0];
  if (!chosen) return { amount: null, currency };

  const amount = toAmount(chosen.text, currency);
  return { amount: Number.isFinite(amount) ? amount : null, currency };
}

const ENTITIES: Record<string, string> = {
  nbsp: "\u00a0",
  amp: "&",
  euro: "€",
  pound: "£",
  dollar: "$",
  yen: "¥",
  quot: '"',
  apos: "'",
  lt: "<",
  gt: ">",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith("#")) {
      const code =
        body[1].toLowerCase() === "x" ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : entity;
    }
    return ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * Sale markup as shops print it: `<del>` (or `<s>`, `<strike>`) holds the old price and
 * `<ins>` the current one, as in WooCommerce's price HTML.
 */
function withoutStruckPrices(html: string): string {
  if (!/<\/?[a-z][^>]*>/i.test(html)) return html;
  const inserted = /<ins\b[^>]*>([\s\S]*?)<\/ins>/i.exec(html);
  const kept = inserted
    ? inserted[1]
    : html.replace(/<(del|s|strike)\b[^>]*>[\s\S]*?<\/\1>/gi, " ");
  return decodeEntities(kept.replace(/<[^>]*>/g, " "));
}

// Words that introduce the price a buyer pays now, and those that introduce a former one.
const CURRENT_LABEL =
  /\b(?:now|sale price|sale|current price(?: is)?|special price|offer price|discounted price|deal price|you pay|price now|jetzt|maintenant|ahora|nu)\b\s*:?/giu;
const FORMER_LABEL =
  /\b(?:was|regular price|original price(?: was)?|list price|compare at(?: price)?|retail price|rrp|msrp|uvp|statt|before|reg\.?|avant|antes)(?![\p{L}])\s*:?/giu;

const positive = (parsed: ParsedPrice) => parsed.amount !== null && parsed.amount > 0;

/**
 * The price a buyer pays in sale text: "Was $49.99 Now $29.99", "Original price was: $59.99.
 * Current price is: $49.99.", "Regular price $59.99 Sale price $49.99" all read the second
 * amount. A labelled current price of zero is not trusted ("Was: $124.95 Now: $0.00" is a
 * page fault, not a free vial), so the text is then read as a whole.
 */
function saleAwarePrice(source: string, currencyHint?: string | null): ParsedPrice | null {
  const formers = [...source.matchAll(FORMER_LABEL)];
  const currents = [...source.matchAll(CURRENT_LABEL)].filter(
    // "Original price was" holds "was"; "Sale price" holds "sale": one label, not two.
    (current) =>
      !formers.some((f) => current.index >= f.index && current.index < f.index + f[0].length),
  );
  for (const current of currents) {
    const start = current.index + current[0].length;
    const nextFormer = formers.find((f) => f.index >= start);
    const parsed = parseFirstPrice(source.slice(start, nextFormer?.index), currencyHint);
    if (positive(parsed)) {
      return {
        amount: parsed.amount,
        currency: parsed.currency ?? parseFirstPrice(source, currencyHint).currency,
      };
    }
  }
  if (formers.length === 0) return null;
  // Only former prices are labelled ("Was $45.00 $38.25"): the unlabelled amount is the current one.
  let rest = source;
  for (const former of formers.reverse()) {
    const tail = rest.slice(former.index + former[0].length);
    const oldPrice = spans(NUMBER_RE, tail)[0];
    rest = rest.slice(0, former.index) + " " + (oldPrice ? tail.slice(oldPrice.end) : tail);
  }
  const parsed = parseFirstPrice(rest, currencyHint);
  return positive(parsed) ? parsed : null;
}

/** An amount as printed beside the phrases below: "$50", "50 €", "USD 1,299.00", "20%". */
const AMOUNT = String.raw`(?:(?:[A-Z]{1,3})?[$€£¥]\s?|(?:USD|EUR|GBP|CAD|AUD)\s?)?\d[\d.,]*(?:\s?(?:[€£$%]|USD|EUR|GBP))?`;

/**
 * Amounts near a price that are not the price (issue 31 Must 9): a free-shipping threshold,
 * a saving, an instalment or a per-month figure. They are taken out before the price is read.
 */
const OTHER_AMOUNTS = [
  // "Free shipping over $50", "free delivery on orders above 100 €", "Spend $75 and save"
  new RegExp(
    String.raw`\b(?:free (?:shipping|delivery)[^\d$€£¥]{0,30}|(?:on )?orders? (?:over|above|from|of)|spend(?: over)?|minimum(?: order)?(?: of)?)\s*:?\s*${AMOUNT}`,
    "giu",
  ),
  // "Save $20", "You save: 20%", "$20 off"
  new RegExp(String.raw`\b(?:you )?sav(?:e|ing)s?\s*:?\s*${AMOUNT}|${AMOUNT}\s*off\b`, "giu"),
  // "4 interest-free payments of $12.50", "or 3 instalments of €10"
  new RegExp(
    String.raw`\b\d+\s*(?:interest[- ]free\s*)?(?:payments|installments|instalments)\s*of\s*${AMOUNT}`,
    "giu",
  ),
  // "$29/mo", "$29 per month", "€9.99 a month", "$10 monthly"
  new RegExp(
    String.raw`${AMOUNT}\s*(?:\/\s*(?:mo|month|mth|wk|week|yr|year)\b|per (?:month|week|year)\b|a (?:month|week)\b|monthly\b)`,
    "giu",
  ),
];

function withoutOtherAmounts(text: string): string {
  return OTHER_AMOUNTS.reduce((rest, phrase) => rest.replace(phrase, " "), text);
}

/**
 * Parses the price a buyer pays in scraped text or price HTML: sale markup and sale labels
 * give the current price, otherwise the first price counts.
 */
export function parsePrice(
  text: string | null | undefined,
  currencyHint?: string | null,
): ParsedPrice {
  const source = withoutOtherAmounts(withoutStruckPrices(text ?? ""));
  return saleAwarePrice(source, currencyHint) ?? parseFirstPrice(source, currencyHint);
}
