import pino, { type DestinationStream, type Logger } from "pino";

import type { Env } from "./env";

/** Longest string a log entry keeps: a bad request cannot turn into a multi-megabyte line. */
export const MAX_LOGGED_STRING = 2000;

/** Longest path a log line names: the rest is the visitor's to send, not ours to keep. */
export const MAX_LOGGED_PATH = 200;

/** What a log line says of a request: its method and path (capped), never its query. */
export function requestForLog(request: { method: string; url: string }) {
  // Express gives the path as sent ("//x?y" is a path there, not a host); a Request, a URL.
  const pathname = request.url.startsWith("/")
    ? request.url.split("?")[0]!
    : new URL(request.url).pathname;
  const path =
    pathname.length > MAX_LOGGED_PATH
      ? `${pathname.slice(0, MAX_LOGGED_PATH)}… (${pathname.length - MAX_LOGGED_PATH} more characters)`
      : pathname;
  return { method: request.method, path };
}

/** Keys that carry a query's bound values (drizzle, pg): the input itself, never logged. */
const PARAMETER_KEYS = new Set(["params", "parameters", "values"]);

function capString(value: string): string {
  return value.length > MAX_LOGGED_STRING
    ? `${value.slice(0, MAX_LOGGED_STRING)}… (${value.length - MAX_LOGGED_STRING} more characters)`
    : value;
}

/** drizzle's "Failed query: <sql>\nparams: <values>" keeps the statement, drops the values. */
function withoutParams(message: string): string {
  const cut = message.indexOf("\nparams:");
  return cut === -1 ? message : message.slice(0, cut);
}

function capValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return capString(value);
  if (value === null || typeof value !== "object" || depth > 4) return value;
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => capValue(item, depth + 1));
  const capped: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (PARAMETER_KEYS.has(key)) continue;
    capped[key] = capValue(
      (key === "message" || key === "stack") && typeof item === "string"
        ? withoutParams(item)
        : item,
      depth + 1,
    );
  }
  return capped;
}

function serializeError(error: unknown) {
  const serialized =
    error instanceof Error ? pino.stdSerializers.errWithCause(error) : (error as object);
  return capValue(serialized, 0);
}

/** The app's logger; `destination` (stdout by default) lets tests read what it writes. */
export function createLogger(level: Env["LOG_LEVEL"], destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: serializeError, error: serializeError },
    hooks: {
      logMethod(args, method) {
        const capped = args.map((arg, index) =>
          index === 0 && typeof arg === "object" && arg !== null && !(arg instanceof Error)
            ? Object.fromEntries(
                Object.entries(arg).map(([key, value]) => [
                  key,
                  key === "err" || key === "error" ? value : capValue(value, 1),
                ]),
              )
            : capValue(arg, 1),
        );
        method.apply(this, capped as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
