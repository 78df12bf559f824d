/**
 * A stack's lines as the browser keeps them: limits, the URL form and the localStorage copy.
 * Dependency-free, since the header's count and the "Add to stack" buttons load it on every
 * page (the optimizer and the schemas are in stack.ts and stack-optimizer.ts).
 */

export interface StackLine {
  peptide: string;
  size: string;
  /** Vials wanted. */
  quantity: number;
}

/** Different peptide sizes a stack may hold: the exact optimizer grows as 3^lines. */
export const MAX_STACK_LINES = 15;
export const MAX_STACK_QUANTITY = 100;
export const SLUG_MAX_LENGTH = 200;
export const SIZE_MAX_LENGTH = 40;

/** The URL parameter of a stack: `slug:size:quantity` items, comma-separated. */
export const STACK_ITEMS_PARAM = "items";
/** The browser's copy of the visitor's stack (localStorage). */
export const STACK_STORAGE_KEY = "peptideprices.stack";
/** Sent on window when the browser's copy changes, so the header's count follows. */
export const STACK_CHANGED_EVENT = "peptideprices:stack-changed";

/** Sizes compare without case or spaces, so "10 MG" finds "10mg". */
export function sizeKey(size: string): string {
  return size.toLowerCase().replace(/\s+/g, "");
}

export function lineKey(line: Pick<StackLine, "peptide" | "size">): string {
  return `${line.peptide.toLowerCase()}\u0000${sizeKey(line.size)}`;
}

export function isStackLine(value: unknown): value is StackLine {
  if (typeof value !== "object" || value === null) return false;
  const { peptide, size, quantity } = value as Record<string, unknown>;
  return (
    typeof peptide === "string" &&
    peptide.trim().length > 0 &&
    peptide.length <= SLUG_MAX_LENGTH &&
    typeof size === "string" &&
    size.trim().length > 0 &&
    size.length <= SIZE_MAX_LENGTH &&
    typeof quantity === "number" &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= MAX_STACK_QUANTITY
  );
}

export function formatStackParam(lines: StackLine[]): string {
  return lines
    .map((line) =>
      [line.peptide, line.size, String(line.quantity)].map(encodeURIComponent).join(":"),
    )
    .join(",");
}

export function stackUrl(lines: StackLine[]): string {
  return lines.length === 0 ? "/stack" : `/stack?${STACK_ITEMS_PARAM}=${formatStackParam(lines)}`;
}

/** The browser's stack, or an empty one when none is stored or it cannot be read. */
export function readStoredStack(storage: Pick<Storage, "getItem">): StackLine[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STACK_STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isStackLine).slice(0, MAX_STACK_LINES) : [];
  } catch {
    return [];
  }
}

/** A line added (or its quantity raised) in a stack; the same array when the stack is full. */
export function addToStack(lines: StackLine[], added: StackLine): StackLine[] {
  const key = lineKey(added);
  if (lines.some((line) => lineKey(line) === key)) {
    return lines.map((line) =>
      lineKey(line) === key
        ? { ...line, quantity: Math.min(MAX_STACK_QUANTITY, line.quantity + added.quantity) }
        : line,
    );
  }
  return lines.length >= MAX_STACK_LINES ? lines : [...lines, added];
}
