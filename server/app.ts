import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import compression from "compression";
import express from "express";
import type { Logger } from "pino";
import proxyaddr from "proxy-addr";

import { RouterContextProvider, type ServerBuild } from "react-router";

import { createAppContext } from "~/.server/app-context.server";
import { appContext, requestIdContext, type AppContext } from "~/.server/platform/context.server";
import type { Env } from "~/.server/platform/env";
import { requestForLog } from "~/.server/platform/logger";
import { cachedPageFor, sendCachedPage } from "~/.server/platform/http/page-cache.server";
import { serveImageVariants } from "~/.server/http/image-variants.server";
import { startJobs } from "~/.server/jobs/jobs.server";
import { collectProcessMetrics, watchDatabase } from "~/.server/platform/metrics.server";
import { prepareDatabase } from "~/.server/jobs/startup.server";
import {
  downloadOnlyHeaders,
  ensureUploadDir,
  UPLOADS_URL_PATH,
} from "~/.server/platform/storage.server";

import {
  assignRequestId,
  countAsStatic,
  liveness,
  metricsEndpoint,
  observeRequests,
  readiness,
  REQUEST_ID_HEADER,
  requestIdFor,
  requestLocals,
  routeIdMatcher,
} from "./observability";
import { pageHandler } from "./page-handler";
import { openDataRateLimit } from "./rate-limit";
import {
  clientIpHeader,
  expireMalformedCookies,
  formsOnlyForPageActions,
  limitRequestBody,
  refuseNulInUrl,
  sameOriginOnly,
  securityHeaders,
} from "./request-guards";

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
  const build = options.build ?? (await import("virtual:react-router/server-build"));
  /** Whether this instance's job worker runs (JOBS_ENABLED, started by server.js): /readyz asks. */
  let jobsRunning = false;
  const metricsOn = Boolean(options.env.METRICS_TOKEN || options.env.METRICS_PORT);
  if (metricsOn) {
    collectProcessMetrics();
    const unwatch = watchDatabase(context.database);
    const closeContext = context.close;
    context.close = async () => {
      unwatch();
      await closeContext();
    };
  }

  // The request pipeline, in order, all of it here (a cached page is answered before it, see
  // answerCachedPagesFirst). The request's id and its counting first, so every answer carries
  // the one and is counted; the rate limit next; compression before React Router, whose
  // handler keeps shareable pages uncompressed in the page cache; React Router last.
  const servePages = options.env.NODE_ENV !== "development";
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* is believed only from the proxies TRUST_PROXY names (none by default),
  // so a client cannot pick its own rate-limit bucket by sending the header itself.
  app.set("trust proxy", options.env.TRUST_PROXY);
  app.use(assignRequestId(context.logger));
  const countRequest = metricsOn
    ? observeRequests(routeIdMatcher(typeof build === "function" ? undefined : build))
    : null;
  if (countRequest) {
    app.use((req, res, next) => {
      countRequest(req, res);
      next();
    });
  }
  // Probes answer before the rate limit and the guards: a load balancer is no visitor.
  app.get("/healthz", liveness);
  app.get(
    "/readyz",
    readiness(context, () => jobsRunning),
  );
  // On its own port (METRICS_PORT) the metrics stay off the public one.
  if (options.env.METRICS_TOKEN && !options.env.METRICS_PORT) {
    app.get("/metrics", metricsEndpoint(options.env.METRICS_TOKEN));
  }
  const limitOpenData = openDataRateLimit(options.env.OPEN_DATA_RATE_LIMIT);
  app.use(async (req, res, next) => {
    if (!(await limitOpenData(req, res, req.ip ?? ""))) next();
  });
  app.use(compression());
  app.use(securityHeaders(context.baseUrl));
  app.use(refuseNulInUrl);
  app.use(expireMalformedCookies(context.baseUrl));

  if (options.clientBuildDir) {
    // Fingerprinted file names: safe to cache for a year.
    app.use(
      "/assets",
      express.static(path.join(options.clientBuildDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        setHeaders: countAsStatic,
      }),
    );
    const publicFiles = express.static(options.clientBuildDir, {
      maxAge: "1h",
      index: false,
      setHeaders: countAsStatic,
    });
    // Only a path with a file extension can name one of these files: pages skip the lookup.
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Uploads get generated, never reused names: cacheable for a year. Their resized variants
  // (srcset) are made on first request.
  const uploadDir = ensureUploadDir(options.env);
  app.use(UPLOADS_URL_PATH, (_req, res, next) => {
    countAsStatic(res);
    next();
  });
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

  app.use(sameOriginOnly);
  app.use(formsOnlyForPageActions);
  app.use(limitRequestBody);
  app.use(clientIpHeader);
  app.all(
    "/{*path}",
    pageHandler({
      // A function is called, and React Router's routes derived from it, on every request: in
      // production the one build is passed as is, so that work happens once.
      build,
      pageCache: servePages ? context.cache : null,
      // The request's own logger (its id on every line) in place of the app's.
      getLoadContext: (_req, res) => {
        const { requestId, logger } = requestLocals(res);
        const routerContext = new RouterContextProvider();
        routerContext.set(appContext, { ...context, logger });
        routerContext.set(requestIdContext, requestId);
        return routerContext;
      },
    }),
  );

  // An error that reaches Express (a middleware that threw, a malformed request it refused) is
  // one capped, structured line, not Express's stack trace on stderr.
  app.use(
    (error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (res.headersSent) return next(error);
      const status = httpStatusOf(error);
      const where = { ...requestForLog({ method: req.method, url: req.originalUrl }), status };
      if (status >= 500) context.logger.error({ ...where, err: error }, "request failed");
      else context.logger.warn(where, "request refused");
      res
        .status(status)
        .type("text/plain")
        .send(status >= 500 ? "Internal Server Error" : "Bad request");
    },
  );

  // A stored page is answered before Express sees the request, with what the pipeline does
  // before the cache done here too: the request's id, its counting, the rate limit (so a
  // cached answer costs a client its count too). The stored headers already carry what the
  // middleware after it added. In development every request renders afresh, so code changes show.
  const clientAddress = (req: IncomingMessage) => proxyaddr(req, app.get("trust proxy fn"));
  const answerCachedPagesFirst = (req: IncomingMessage, res: ServerResponse) => {
    const page = cachedPageFor(context.cache, req);
    if (!page) return app(req, res);
    res.setHeader(REQUEST_ID_HEADER, requestIdFor(req));
    countRequest?.(req, res);
    limitOpenData(req, res, clientAddress(req))
      .then((refused) => refused || sendCachedPage(req, res, page))
      .catch((error: unknown) => {
        context.logger.error({ err: error }, "answering from the page cache failed");
        res.destroy();
      });
  };

  return {
    app: servePages ? answerCachedPagesFirst : app,
    context,
    /** The metrics alone, for METRICS_PORT's listener (server.js); null when that is unset. */
    metricsApp: options.env.METRICS_PORT ? metricsOnlyApp(options.env.METRICS_TOKEN) : null,
    startBackgroundJobs: async () => {
      jobsRunning = await startBackgroundJobs(context, () => {
        jobsRunning = false;
      });
    },
  };
}

function metricsOnlyApp(token: string | undefined) {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", metricsEndpoint(token));
  return app;
}

/** The status an error asks for (http-errors' `status`, as Express's own errors carry), else 500. */
function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

/**
 * The scheduled jobs (scrapes, rates, alerts, trash purge). server.js calls this only once the
 * server listens: a scrape that starts earlier fetches robots.txt through a site that is not
 * up yet, and an instance that cannot listen must not run jobs bound to nothing. Stopping the
 * worker becomes part of `context.close` (a running scrape finishes first). Answers whether
 * the worker runs (/readyz asks); `onStop` is told when it stops.
 */
async function startBackgroundJobs(context: AppContext, onStop: () => void): Promise<boolean> {
  if (!context.env.JOBS_ENABLED) return false;
  const jobs = await startJobs(context);
  const closeContext = context.close;
  context.close = async () => {
    onStop();
    await jobs.stop();
    await closeContext();
  };
  return true;
}

export { parseEnv } from "~/.server/platform/env";
export { interruptRunningScrapes } from "~/.server/jobs/run-recovery.server";

/**
 * Whether this bundle was built with NODE_ENV=production (React's production build):
 * `npm start` refuses any other, e.g. one left by a test run.
 */
export const BUILT_FOR_PRODUCTION: boolean = import.meta.env.PROD;
