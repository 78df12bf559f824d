import { randomUUID, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

import type { AppContext } from "~/.server/platform/context.server";
import { findMigrationsFolder } from "~/.server/db/client";
import {
  httpRequestDuration,
  httpRequests,
  metricsRegistry,
  pageCacheRequests,
} from "~/.server/platform/metrics.server";

import { PAGE_CACHE_HEADER } from "~/.server/platform/http/page-cache.server";

/** The header that carries a request's id, in and out. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** An id a proxy in front may have given the request: kept when it is a plain token. */
const FORWARDED_ID = /^[\w.:-]{8,128}$/;

/** What the pipeline keeps about a request in `res.locals`. */
export interface RequestLocals {
  requestId: string;
  logger: Logger;
  /** The route id the request is counted under, when a handler other than React Router's answered. */
  route?: string;
}

export function requestLocals(res: Response): RequestLocals {
  return res.locals as RequestLocals;
}

/**
 * Gives each request an id (a proxy's X-Request-Id when it sent a plain one, else a UUID),
 * answers it in X-Request-Id, and a child logger that writes it on every line the request logs.
 */
export function assignRequestId(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFor(req);
    res.locals.requestId = requestId;
    res.locals.logger = logger.child({ requestId });
    res.setHeader(REQUEST_ID_HEADER, requestId);
    next();
  };
}

/** The request's id: a proxy's X-Request-Id when it sent a plain one, else a UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const forwarded = req.headers["x-request-id"];
  return typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/** The methods counted by name; anything else is counted as "other" (bounded labels). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** React Router's route tree, from a production build's flat route manifest. */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    children.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const nested = children.get(route.id);
      return nested ? ({ ...route, children: attach(nested) } as RouteObject) : route;
    });
  return attach(children.get(undefined) ?? []);
}

/** The id of the deepest route that a path matches (React Router's own matching), or "unmatched". */
export function routeIdMatcher(build: ServerBuild | undefined): (pathname: string) => string {
  // In development the build changes under the server: requests are counted as "development".
  if (!build) return () => "development";
  const tree = routeTree(build);
  return (pathname) => {
    // Single fetch asks for a page's data at `/page.data`, the home page's at `/_root.data`.
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(tree, page || "/");
    return matches?.at(-1)?.route.id ?? "unmatched";
  };
}

/**
 * Counts every answered request by route id, method and status, with its duration, and each
 * page-cache answer as a hit or a miss. Paths a static handler served count as "static".
 */
export function observeRequests(
  routeIdOf: (pathname: string) => string,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const stopTimer = httpRequestDuration.startTimer();
    res.once("finish", () => {
      const method = req.method ?? "";
      // Express's path when Express answered (a mounted handler sees its own), else the URL's.
      const pathname = (req as Partial<Request>).path ?? (req.url ?? "/").split("?")[0]!;
      const labels = {
        route: (res as Partial<Response>).locals?.route ?? routeIdOf(pathname),
        method: METHODS.has(method) ? method : "other",
        status: String(res.statusCode),
      };
      httpRequests.inc(labels);
      stopTimer(labels);
      const cache = res.getHeader(PAGE_CACHE_HEADER);
      if (cache === "hit" || cache === "miss") pageCacheRequests.inc({ result: cache });
    });
  };
}

/** Marks a response as served by a static handler (express.static's `setHeaders`). */
export function countAsStatic(res: Response): void {
  requestLocals(res).route = "static";
}

const noStore = (res: Response) => res.set("Cache-Control", "no-store");

/** `/healthz`: the process is up and answering; nothing else is asked. */
export const liveness: RequestHandler = (_req, res) => {
  requestLocals(res).route = "healthz";
  noStore(res).json({ status: "ok" });
};

/** When the newest migration of this build was generated (drizzle's journal), read once. */
let newestMigrationAt: number | undefined;
function newestMigration(): number {
  if (newestMigrationAt === undefined) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(findMigrationsFolder(), "meta", "_journal.json"), "utf8"),
    ) as { entries: { when: number }[] };
    newestMigrationAt = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newestMigrationAt;
}

type Check = "ok" | string;

async function migrationsApplied(context: AppContext): Promise<Check> {
  // drizzle records each applied migration with its journal time in created_at.
  const { rows } = await context.database.executeSql(
    "select max(created_at)::text as newest from drizzle.__drizzle_migrations",
  );
  const applied = Number(rows[0]?.newest ?? 0);
  return applied >= newestMigration() ? "ok" : "pending: this build has newer migrations";
}

/**
 * `/readyz`: ready for traffic when the database answers, every migration of this build is
 * applied, and (JOBS_ENABLED) the job worker runs. 503 names what is not.
 */
export function readiness(context: AppContext, jobsRunning: () => boolean): RequestHandler {
  return async (_req, res) => {
    requestLocals(res).route = "readyz";
    const checks: Record<string, Check> = {};
    try {
      await context.database.ping();
      checks.database = "ok";
      checks.migrations = await migrationsApplied(context);
    } catch (error) {
      requestLocals(res).logger.error({ err: error }, "readiness check: database unreachable");
      checks.database = "unreachable";
      checks.migrations = "unknown: the database is unreachable";
    }
    checks.jobs = !context.env.JOBS_ENABLED
      ? "ok"
      : jobsRunning()
        ? "ok"
        : "not running: the job worker has not started or has stopped";
    const ready = Object.values(checks).every((check) => check === "ok");
    noStore(res)
      .status(ready ? 200 : 503)
      .json({ status: ready ? "ok" : "unavailable", checks });
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/metrics` in Prometheus's text format. With a token, only a request that sends it as
 * `Authorization: Bearer <token>` gets them (401 otherwise, with the challenge).
 */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  return async (req: Request, res: Response) => {
    requestLocals(res).route = "metrics";
    if (token) {
      const [scheme, given] = (req.get("authorization") ?? "").split(" ");
      if (scheme?.toLowerCase() !== "bearer" || !given || !sameSecret(given, token)) {
        noStore(res)
          .status(401)
          .set("WWW-Authenticate", 'Bearer realm="metrics"')
          .type("text/plain")
          .send("Unauthorized\n");
        return;
      }
    }
    const body = await metricsRegistry.metrics();
    noStore(res).type(metricsRegistry.contentType).send(body);
  };
}
