import { expect } from "vitest";

/** The constraint PostgreSQL names in an error (drizzle wraps the driver's error as `cause`). */
export function constraintOf(error: unknown): string | null {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { constraint, message } = current as { constraint?: string; message?: string };
    if (constraint) return constraint;
    const named = /constraint "([^"]+)"/.exec(message ?? "");
    if (named) return named[1]!;
  }
  return null;
}

/** The database's own refusal: `statement` fails on the named constraint, not on anything else. */
export async function expectConstraintRefusal(
  constraint: string,
  statement: () => Promise<unknown>,
): Promise<void> {
  const error = await statement().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, `expected ${constraint} to refuse the write`).not.toBeNull();
  expect(constraintOf(error)).toBe(constraint);
}
