/**
 * The visitor's "Ship to" destination (issue 18): an ISO 3166-1 alpha-2 country, or null for
 * "Anywhere". Kept in a cookie; without one, the region of the browser's first language
 * (Accept-Language "en-GB" → GB) is the default.
 */

export const SHIP_TO_COOKIE = "ship_to";

/** The cookie's and the form's value for "Anywhere". */
export const SHIP_TO_ANYWHERE = "anywhere";

const COUNTRY_CODE = /^[A-Z]{2}$/;

let regionNames: Intl.DisplayNames | null = null;

/** The English name of a country ("GB" → "United Kingdom"); the code itself when unknown. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  return regionNames.of(code) ?? code;
}

/** Whether this is a real country code (two capitals that name a region), not "XX" or "zz". */
export function isCountryCode(value: string): boolean {
  return COUNTRY_CODE.test(value) && countryName(value) !== value;
}

/**
 * The region of the first language of an Accept-Language header that has one ("de-AT,de;q=0.9"
 * → AT); null when none does. Quality values are honoured in order.
 */
export function regionFromAcceptLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranges) {
    // A region subtag is two letters after the language (and an optional script): en-GB, zh-Hant-TW.
    const region = tag
      .split("-")
      .slice(1)
      .find((sub) => sub.length === 2);
    if (region && isCountryCode(region.toUpperCase())) return region.toUpperCase();
  }
  return null;
}

/**
 * The destination a visitor's cookie (raw value, or undefined without one) and Accept-Language
 * header choose: the cookie's country, null for its "anywhere", else the language's region.
 */
export function resolveShipTo(
  cookieValue: string | undefined,
  acceptLanguage: string | null | undefined,
): string | null {
  if (cookieValue === SHIP_TO_ANYWHERE) return null;
  if (cookieValue !== undefined && isCountryCode(cookieValue)) return cookieValue;
  return regionFromAcceptLanguage(acceptLanguage);
}

/** "Doesn't ship to United Kingdom". */
export function doesNotShipTo(shipTo: string): string {
  return `Doesn't ship to ${countryName(shipTo)}`;
}

/** The countries a visitor can choose: those vendors ship to and the current one, by name. */
export function shipToChoices(countries: readonly string[], current: string | null): string[] {
  const codes = new Set(countries.filter(isCountryCode));
  if (current !== null) codes.add(current);
  return [...codes].sort((a, b) => countryName(a).localeCompare(countryName(b)));
}
