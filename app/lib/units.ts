/** Vial sizes: display and conversion to milligrams (titles are read by `matchListing`). */

// Units written straight after the number ("10mg"); anything else is free text and gets a space.
const ATTACHED_UNITS = new Set(["mg", "mcg", "ml", "IU"]);

/** Numeric columns come back as strings such as "10.000"; the padding is noise on a size label. */
function formatQuantity(quantity: number | string): string {
  const n = typeof quantity === "number" ? quantity : Number(quantity.trim());
  if (typeof quantity === "string" && (quantity.trim() === "" || !Number.isFinite(n))) {
    return quantity.trim();
  }
  // toFixed trims binary artefacts such as 0.30000000000000004 before Number drops trailing zeros.
  return String(Number(n.toFixed(6)));
}

export function formatSize(
  quantity: number | string,
  unit: string,
  unitLabel?: string | null,
): string {
  const amount = formatQuantity(quantity);
  if (ATTACHED_UNITS.has(unit)) return `${amount}${unit}`;
  const label = (unit === "other" ? unitLabel : unit)?.trim();
  return label ? `${amount} ${label}` : amount;
}

export function toMilligrams(quantity: number, unit: string): number | null {
  if (!Number.isFinite(quantity)) return null;
  if (unit === "mg") return quantity;
  if (unit === "mcg") return quantity / 1000;
  // Millilitres and IU depend on concentration and potency, so they have no milligram equivalent.
  return null;
}

export function pricePerMg(price: number, quantity: number, unit: string): number | null {
  if (!Number.isFinite(price) || !(quantity > 0)) return null;
  const mg = toMilligrams(quantity, unit);
  return mg === null ? null : price / mg;
}
