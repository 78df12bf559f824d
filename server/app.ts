import path from "node:path";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";

import { CLIENT_IP_HEADER } from "~/.server/auth.server";
import { createAppContext, type AppContext } from "~/.server/context.server";
import type { Env } from "~/.server/env";
import { startJobs } from "~/.server/jobs.server";
import { prepareDatabase } from "~/.server/startup.server";
import { ensureUploadDir, UPLOADS_URL_PATH } from "~/.server/storage.server";

import { mountPageCache } from "./page-cache";

declare module "react-router" {
  interface AppLoadContext {
    app: AppContext;
  }
}

export interface ServerOptions {
  env: Env;
  baseUrl?: string;
  logger?: Logger;
  /** Where the client build lives; omitted in development, where Vite serves assets. */
  clientBuildDir?: string;
  build?: () => Promise<ServerBuild>;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses cross-site form posts and fetches: a browser sends Origin (or Sec-Fetch-Site)
 * on every state-changing request, and it must name this very host.
 */
function sameOriginOnly(req: Request, res: Response, next: NextFunction) {
  if (!STATE_CHANGING.has(req.method)) return next();
  const origin = req.get("origin");
  const fetchSite = req.get("sec-fetch-site");
  const host = req.get("x-forwarded-host") ?? req.get("host");
  const crossSite = origin
    ? origin === "null" || new URL(origin).host !== host
    : fetchSite === "cross-site";
  if (crossSite) {
    res.status(403).type("text/plain").send("Cross-site request refused");
    return;
  }
  next();
}

/** better-auth's rate limiter keys on this header; only the server may set it. */
function clientIpHeader(req: Request, _res: Response, next: NextFunction) {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
}

/** A NUL byte is never meaningful in a URL, and PostgreSQL refuses it in any text value. */
function refuseNulInUrl(req: Request, res: Response, next: NextFunction) {
  if (/%00/.test(req.originalUrl)) {
    res.status(400).type("text/plain").send("Bad request");
    return;
  }
  next();
}

const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Page actions read forms only; anything else posted to them would make request.formData()
 * throw, so it is answered 415 here (better-auth's /api endpoints take JSON and are exempt).
 */
function formsOnlyForPageActions(req: Request, res: Response, next: NextFunction) {
  if (!STATE_CHANGING.has(req.method) || req.path.startsWith("/api/")) return next();
  const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && !FORM_CONTENT_TYPES.includes(type)) {
    res.status(415).type("text/plain").send("Send the form as a web form");
    return;
  }
  next();
}

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.set({
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
  });
  next();
}

export async function createServer(options: ServerOptions) {
  const context = await createAppContext({
    env: options.env,
    baseUrl: options.baseUrl,
    logger: options.logger,
  });
  await prepareDatabase(context);
  if (options.env.JOBS_ENABLED) {
    const jobs = await startJobs(context);
    const closeContext = context.close;
    context.close = async () => {
      await jobs.stop();
      await closeContext();
    };
  }

  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* is believed only from a proxy on a private network (a load balancer),
  // so a client cannot pick its own rate-limit bucket by sending the header itself.
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  app.use(compression());
  app.use(securityHeaders);
  app.use(refuseNulInUrl);

  if (options.clientBuildDir) {
    // Fingerprinted file names: safe to cache for a year.
    app.use(
      "/assets",
      express.static(path.join(options.clientBuildDir, "assets"), {
        immutable: true,
        maxAge: "1y",
      }),
    );
    app.use(express.static(options.clientBuildDir, { maxAge: "1h", index: false }));
  }

  // Uploads get generated, never reused names: cacheable for a year.
  app.use(
    UPLOADS_URL_PATH,
    express.static(ensureUploadDir(options.env), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    }),
  );

  app.get("/healthz", async (_req, res) => {
    try {
      await context.database.ping();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: context.database.kind });
    } catch (error) {
      context.logger.error({ err: error }, "health check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  app.use(sameOriginOnly);
  app.use(formsOnlyForPageActions);
  app.use(clientIpHeader);
  // In development every request renders afresh, so code changes show.
  if (options.env.NODE_ENV !== "development") mountPageCache(app, context.cache);
  app.all(
    "/{*path}",
    createRequestHandler({
      build: options.build ?? (() => import("virtual:react-router/server-build")),
      getLoadContext: () => ({ app: context }),
    }),
  );

  return { app, context };
}

export { parseEnv } from "~/.server/env";

/**
 * Whether this bundle was built with NODE_ENV=production (React's production build):
 * `npm start` refuses any other, e.g. one left by a test run.
 */
export const BUILT_FOR_PRODUCTION: boolean = import.meta.env.PROD;
