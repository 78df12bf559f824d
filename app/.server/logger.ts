import pino from "pino";

import { getEnv } from "./env";

export const logger = pino({
  level: process.env.NODE_ENV === "test" ? "silent" : getEnv().LOG_LEVEL,
  base: undefined,
});
