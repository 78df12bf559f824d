import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import type { Logger } from "pino";
import { afterAll, beforeAll } from "vitest";

import type { AppContext } from "~/.server/platform/context.server";
import type { parseEnv } from "~/.server/platform/env";

import type { createServer } from "../../server/app";
import { TEST_BUILD_DIR } from "../setup/build-once";

import { TEST_ENV_DEFAULTS, testDatabaseEnv } from "./database";
import { bringTemplateToNow } from "./template-clock";
import { testBuildReady } from "./test-build";

interface BuiltServerModule {
  parseEnv: typeof parseEnv;
  createServer: typeof createServer;
}

export interface TestServer {
  baseUrl: string;
  app: AppContext;
  /** fetch against the server; paths are relative to its base URL; redirects are not followed. */
  fetch: (pathname: string, init?: RequestInit) => Promise<Response>;
  /** Submits a form to a route's action as a browser on this site would (same origin). */
  postForm: (pathname: string, fields: FormFields, options?: PostFormOptions) => Promise<Response>;
  close: () => Promise<void>;
}

export type FormFields = Record<string, string | string[] | Blob>;

export interface PostFormOptions {
  cookie?: string | null;
  headers?: Record<string, string>;
}

function formBody(fields: FormFields): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

const buildDir = TEST_BUILD_DIR;

/**
 * The production build, served over real HTTP on a random port, with its own fresh
 * database (in-memory PGlite, or a schema of TEST_DATABASE_URL). The build is made by
 * the test run's global setup, beside the first test files.
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestServer> {
  await testBuildReady();
  const built = (await import(path.join(buildDir, "server/index.js"))) as BuiltServerModule;
  // The server never closes an idle connection first: with both ends in one busy process, a
  // server-side keep-alive timeout could close the socket the client is just reusing (ECONNRESET
  // after a long scrape run); the client's own idle timeout closes it cleanly instead.
  const httpServer = http.createServer();
  httpServer.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  const baseUrl = `http://localhost:${port}`;
  const database = await testDatabaseEnv(overrides);
  const env = built.parseEnv({
    ...TEST_ENV_DEFAULTS,
    ...database.env,
    PORT: String(port),
    ...overrides,
  });
  const { app, context } = await built.createServer({
    env,
    baseUrl,
    clientBuildDir: path.join(buildDir, "client"),
    logger: options.logger,
  });
  await bringTemplateToNow(context.database, env);
  httpServer.on("request", app);
  return {
    baseUrl,
    app: context,
    fetch: (pathname, init) => fetch(new URL(pathname, baseUrl), { redirect: "manual", ...init }),
    postForm: (pathname, fields, options = {}) =>
      fetch(new URL(pathname, baseUrl), {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: baseUrl,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
        body: formBody(fields),
      }),
    close: async () => {
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await context.close();
      await database.drop();
    },
  };
}

export interface FileServer {
  readonly server: TestServer;
  /** GETs (or `init`) a path; answers the response and its body. */
  page: (pathname: string, init?: RequestInit) => Promise<{ response: Response; html: string }>;
}

/** One test file's server, started and closed by the file's hooks. */
export function startFileServer(overrides: Record<string, string> = {}): FileServer {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(overrides);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      return server;
    },
    page: async (pathname, init) => {
      const response = await server.fetch(pathname, init);
      return { response, html: await response.text() };
    },
  };
}
