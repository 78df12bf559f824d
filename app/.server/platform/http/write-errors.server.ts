import type { Logger } from "pino";

import { failure } from "~/lib/action-result";

/**
 * PostgreSQL's SQLSTATE codes that mean the submitted input was wrong, not the server:
 * they are answered with a 4xx and a message, never a 500.
 */
const INPUT_ERRORS: Record<string, { status: number; message: string }> = {
  "23503": {
    status: 400,
    message: "The form refers to something that does not exist (it may have just been deleted)",
  },
  "23505": { status: 409, message: "That value is already used" },
  "23502": { status: 400, message: "A required value is missing" },
  "23514": { status: 400, message: "A value is out of the allowed range" },
  "22001": { status: 400, message: "A value is too long" },
  "54000": { status: 400, message: "A value is too long" },
  "22003": { status: 400, message: "A number is out of range" },
  "22007": { status: 400, message: "A date is not valid" },
  "22008": { status: 400, message: "A date is out of range" },
  "22P02": { status: 400, message: "A value has the wrong format" },
};

function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The 4xx a database refusal of the input deserves, or null for a real server failure. */
export function inputErrorOf(error: unknown): { status: number; message: string } | null {
  const code = sqlState(error);
  return (code && INPUT_ERRORS[code]) || null;
}

/**
 * A failed write as a form failure: a database refusal of the input (unknown reference, value
 * too long, …) is a 4xx with its message; anything else is logged and answered 500.
 */
export function writeFailure(
  app: { logger: Logger },
  error: unknown,
  what: string,
  fallbackMessage: string,
  title?: string,
) {
  const input = inputErrorOf(error);
  if (input) {
    app.logger.info({ code: sqlState(error) }, `${what}: input refused by the database`);
    return failure(input.message, input.status, title);
  }
  app.logger.error({ err: error }, `${what} failed`);
  return failure(fallbackMessage, 500, title);
}
