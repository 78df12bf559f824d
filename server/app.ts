import path from "node:path";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { Logger } from "pino";
import { createRequire } from "node:module";

import type { RouterContextProvider, ServerBuild } from "react-router";

import { appContext, createAppContext, type AppContext } from "~/.server/infra/context.server";
import type { Env } from "~/.server/infra/env";
import { serveImageVariants } from "~/.server/http/image-variants.server";
import { startJobs } from "~/.server/infra/jobs.server";
import { prepareDatabase } from "~/.server/infra/startup.server";
import {
  downloadOnlyHeaders,
  ensureUploadDir,
  UPLOADS_URL_PATH,
} from "~/.server/infra/storage.server";

import { answerFromPageCache, recordForPageCache } from "./page-cache";
import { openDataRateLimit } from "./rate-limit";
import {
  clientIpHeader,
  formsOnlyForPageActions,
  limitRequestBody,
  refuseNulInUrl,
  sameOriginOnly,
  securityHeaders,
} from "./request-guards";

/**
 * The request handler refuses a load context that is not an `instanceof` its own
 * RouterContextProvider. Node's resolution is the one @react-router/express gets; a bundler
 * or test runner loading this module may hold a second copy of react-router, so the class is
 * taken from Node's.
 */
const { RouterContextProvider: HandlerContextProvider } = createRequire(import.meta.url)(
  "react-router",
) as { RouterContextProvider: new () => RouterContextProvider };

export interface ServerOptions {
  env: Env;
  baseUrl?: string;
  logger?: Logger;
  /** Where the client build lives; omitted in development, where Vite serves assets. */
  clientBuildDir?: string;
  build?: () => Promise<ServerBuild>;
}

export async function createServer(options: ServerOptions) {
  const context = await createAppContext({
    env: options.env,
    baseUrl: options.baseUrl,
    logger: options.logger,
  });
  await prepareDatabase(context);

  // The request pipeline, in order, all of it here. Rate limit first, so a cached answer
  // costs a client its count too; the page cache next, so a hit skips everything after it
  // (its stored headers already carry what the middleware below added); compression before
  // the cache's recorder, so the recorder sees the uncompressed page; React Router last.
  const servePages = options.env.NODE_ENV !== "development";
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* is believed only from the proxies TRUST_PROXY names (none by default),
  // so a client cannot pick its own rate-limit bucket by sending the header itself.
  app.set("trust proxy", options.env.TRUST_PROXY);
  app.use(openDataRateLimit(options.env.OPEN_DATA_RATE_LIMIT));
  // In development every request renders afresh, so code changes show.
  if (servePages) app.use(answerFromPageCache(context.cache));
  app.use(compression());
  app.use(securityHeaders(context.baseUrl));
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
    const publicFiles = express.static(options.clientBuildDir, { maxAge: "1h", index: false });
    // Only a path with a file extension can name one of these files: pages skip the lookup.
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Uploads get generated, never reused names: cacheable for a year. Their resized variants
  // (srcset) are made on first request.
  const uploadDir = ensureUploadDir(options.env);
  app.use(UPLOADS_URL_PATH, serveImageVariants(uploadDir));
  app.use(
    UPLOADS_URL_PATH,
    express.static(uploadDir, {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
      // Lab reports (PDF) download in a sandbox rather than open as a page of this site.
      setHeaders: (res, filePath) => res.set(downloadOnlyHeaders(filePath)),
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
  app.use(limitRequestBody);
  app.use(clientIpHeader);
  if (servePages) app.use(recordForPageCache(context.cache));
  app.all(
    "/{*path}",
    createRequestHandler({
      // A function is called, and React Router's routes derived from it, on every request: in
      // production the one build is passed as is, so that work happens once.
      build: options.build ?? (await import("virtual:react-router/server-build")),
      getLoadContext: () => {
        const routerContext = new HandlerContextProvider();
        routerContext.set(appContext, context);
        return routerContext;
      },
    }),
  );

  return { app, context, startBackgroundJobs: () => startBackgroundJobs(context) };
}

/**
 * The scheduled jobs (scrapes, rates, alerts, trash purge). server.js calls this only once the
 * server listens: a scrape that starts earlier fetches robots.txt through a site that is not
 * up yet, and an instance that cannot listen must not run jobs bound to nothing. Stopping the
 * worker becomes part of `context.close` (a running scrape finishes first).
 */
async function startBackgroundJobs(context: AppContext): Promise<void> {
  if (!context.env.JOBS_ENABLED) return;
  const jobs = await startJobs(context);
  const closeContext = context.close;
  context.close = async () => {
    await jobs.stop();
    await closeContext();
  };
}

export { parseEnv } from "~/.server/infra/env";
export { interruptRunningScrapes } from "~/.server/infra/run-recovery.server";

/**
 * Whether this bundle was built with NODE_ENV=production (React's production build):
 * `npm start` refuses any other, e.g. one left by a test run.
 */
export const BUILT_FOR_PRODUCTION: boolean = import.meta.env.PROD;
