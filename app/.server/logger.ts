import pino, { type Logger } from "pino";

import type { Env } from "./env";

export function createLogger(level: Env["LOG_LEVEL"]): Logger {
  return pino({ level, base: undefined });
}
