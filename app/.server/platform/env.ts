import { isIP } from "node:net";

import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  if (rest.length > 0 || !address || !isIP(address)) return false;
  if (prefix === undefined) return true;
  const bits = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(prefix) && Number(prefix) <= bits;
}

/**
 * Which proxies' X-Forwarded-* headers to believe, as Express's "trust proxy" takes it:
 * unset = none; a hop count ("1"); or addresses, CIDR ranges and loopback/linklocal/uniquelocal.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `"${bad}" is neither a hop count, an IP address, a CIDR range nor loopback/linklocal/uniquelocal`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Every environment variable the app reads, validated once at start-up.
 * A bad value stops the start with a message naming the variable.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    BASE_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    /**
     * A PGlite data-folder dump (tar) that a `memory://` database starts from instead of an
     * empty one. The test suites make one migrated (and seeded) dump per run and start every
     * file's database from it, which skips migrating and seeding ~150 times a run.
     */
    PGLITE_TEMPLATE: z.string().min(1).optional(),
    SEED_DEMO: booleanString.optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email())),
    REQUIRE_EMAIL_VERIFICATION: booleanString.default(false),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().default("PeptidePrices <no-reply@peptideprices.test>"),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    TWITTER_CLIENT_ID: optionalText,
    TWITTER_CLIENT_SECRET: optionalText,
    /** A generic OpenID Connect provider (discovery at ISSUER/.well-known/openid-configuration). */
    OIDC_ISSUER_URL: z.url().optional(),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_PROVIDER_NAME: z.string().trim().min(1).default("Single sign-on"),
    UPLOAD_DIR: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: z.url().optional(),
    SCRAPER_ALLOW_PRIVATE_HOSTS: booleanString.default(false),
    SCRAPER_USER_AGENT: z.string().trim().min(1).optional(),
    BROWSERLESS_URL: z.url().optional(),
    CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
    JOBS_ENABLED: booleanString.default(true),
    ECB_RATES_URL: z.url().default("https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"),
    /** Lets ECB_RATES_URL name a host other than the ECB's (a mirror); the address guard still applies. */
    ECB_RATES_ANY_HOST: booleanString.default(false),
    TRUST_PROXY: trustProxy,
    /** Requests a minute each client address may make to /api/v1 and /feeds together. */
    OPEN_DATA_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
    /**
     * Prometheus metrics (docs/operations.md), off unless one of these is set: a token turns on
     * `/metrics` on the site's port for requests that send `Authorization: Bearer <token>`;
     * a port serves `/metrics` on that port alone (on METRICS_HOST), with the token if one is set.
     */
    METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    METRICS_HOST: z.string().default("0.0.0.0"),
    /** Web Push (VAPID) keys, base64url; unset = generated once into DATA_DIR. */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    /** Who push services may contact about our pushes: a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://")
      .optional(),
  })
  .transform((env) => ({
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? !env.DATABASE_URL,
    SCRAPER_USER_AGENT:
      env.SCRAPER_USER_AGENT ??
      `PeptidePricesBot/1.0 (+${(env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "")}/bot)`,
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== "")),
  );
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`)
      .join("\n");
    throw new EnvError(`Invalid environment configuration:\n${problems}`);
  }
  return result.data;
}
