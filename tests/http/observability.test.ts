import { Writable } from "node:stream";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { vendorPeptides } from "~/.server/db/schema";
import { createLogger } from "~/.server/platform/logger";

import { startTestServer, type TestServer } from "../helpers/server";

const TOKEN = "metrics-token-for-the-test-0123";

/** A logger whose lines the test reads, parsed. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger("info", stream) };
}

describe("/metrics", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server?.close();
  });

  const metrics = (authorization?: string) =>
    server.fetch("/metrics", authorization ? { headers: { authorization } } : undefined);

  it("is 404 when neither METRICS_TOKEN nor METRICS_PORT is set", async () => {
    const plain = await startTestServer();
    try {
      expect((await plain.fetch("/metrics")).status).toBe(404);
      expect(
        (await plain.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("answers 401 with a Bearer challenge without the token or with another one", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, "Bearer"]) {
      const response = await metrics(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("pp_");
    }
  });

  /** A sample's value in the exposition text (0 when the series is absent). */
  const sample = (text: string, series: string) => {
    const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };
  const scrape = async () => {
    const response = await metrics(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it("counts requests by route id, method and status, and the page cache's hits and misses", async () => {
    // The counters are the process's: other servers in this test process may count too.
    const series = {
      catalog: 'pp_http_requests_total{route="routes/catalog",method="GET",status="200"}',
      catalogTimed:
        'pp_http_request_duration_seconds_count{route="routes/catalog",method="GET",status="200"}',
      notFound: 'pp_http_requests_total{route="routes/not-found",method="GET",status="404"}',
      hits: 'pp_page_cache_requests_total{result="hit"}',
      misses: 'pp_page_cache_requests_total{result="miss"}',
    };
    const before = await scrape();
    // Each body read to its end: a request is counted when its response has been sent.
    const visit = async (pathname: string) => {
      const response = await server.fetch(pathname);
      await response.text();
      return { status: response.status, cache: response.headers.get("x-page-cache") };
    };
    expect(await visit("/catalog")).toEqual({ status: 200, cache: "miss" });
    expect(await visit("/catalog")).toEqual({ status: 200, cache: "hit" });
    expect((await visit("/no/such/page")).status).toBe(404);
    const text = await scrape();
    const added = (name: keyof typeof series) =>
      sample(text, series[name]) - sample(before, series[name]);
    expect(added("catalog")).toBe(2);
    expect(added("catalogTimed")).toBe(2);
    expect(added("notFound")).toBe(1);
    expect(added("hits")).toBeGreaterThanOrEqual(1);
    expect(added("misses")).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        `pp_db_query_duration_seconds_count{driver="${server.app.database.kind}",outcome="ok"}`,
      ),
    ).toBeGreaterThan(0);
    // The demo catalogue's sources, none read yet: 0 says "never".
    expect(text).toMatch(
      /^pp_scrape_source_last_success_timestamp_seconds\{source_id="[^"]+",retailer="Demo Retailer \(catalogue\)"\} 0$/m,
    );
    expect(text).toContain("# TYPE pp_job_queue_depth gauge");
  });

  it("counts a human's click on a Buy link once, and a bot's not at all", async () => {
    const [offer] = await server.app.db
      .select({ id: vendorPeptides.id })
      .from(vendorPeptides)
      .limit(1);
    const clicks = 'pp_outbound_clicks_total{link="offer",affiliated="no"}';
    const before = sample(await scrape(), clicks);
    const follow = (userAgent: string) =>
      server.fetch(`/go/${offer!.id}`, {
        redirect: "manual",
        headers: { "user-agent": userAgent },
      });
    expect((await follow("Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")).status).toBe(302);
    expect((await follow("Googlebot/2.1 (+http://www.google.com/bot.html)")).status).toBe(302);
    expect(sample(await scrape(), clicks) - before).toBe(1);
  });
});

describe("/healthz and /readyz", () => {
  it("answers both with 200 while the database answers and no job worker is expected", async () => {
    const server = await startTestServer();
    try {
      const live = await server.fetch("/healthz");
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: "ok" });
      const ready = await server.fetch("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: "ok",
        checks: { database: "ok", migrations: "ok", jobs: "ok" },
      });
    } finally {
      await server.close();
    }
  });

  it("is not ready, saying why, while JOBS_ENABLED's worker has not started", async () => {
    // server.js starts the worker once the server listens; the test server never does.
    const server = await startTestServer({ JOBS_ENABLED: "true" });
    try {
      const ready = await server.fetch("/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: "unavailable",
        checks: {
          database: "ok",
          migrations: "ok",
          jobs: "not running: the job worker has not started or has stopped",
        },
      });
      expect((await server.fetch("/healthz")).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("is not ready when a migration of this build is not applied, and alive all the same", async () => {
    const server = await startTestServer({ SEED_DEMO: "false" });
    try {
      await server.app.database.executeSql(
        "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
      );
      const ready = await server.fetch("/readyz");
      expect(ready.status).toBe(503);
      expect((await ready.json()).checks).toEqual({
        database: "ok",
        migrations: "pending: this build has newer migrations",
        jobs: "ok",
      });
      expect((await server.fetch("/healthz")).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("is not ready when the database is gone, while /healthz still says the process is alive", async () => {
    const server = await startTestServer();
    await server.app.database.close();
    try {
      const ready = await server.fetch("/readyz");
      expect(ready.status).toBe(503);
      expect((await ready.json()).checks).toMatchObject({
        database: "unreachable",
        migrations: "unknown: the database is unreachable",
      });
      expect((await server.fetch("/healthz")).status).toBe(200);
    } finally {
      await server.close().catch(() => {});
    }
  });
});

describe("request ids", () => {
  it("answers each request's id, writes it on the request's log lines and shows it on the error page", async () => {
    const { lines, logger } = capturedLogger();
    const server = await startTestServer({}, { logger });
    try {
      const first = await server.fetch("/");
      const second = await server.fetch("/");
      const ids = [first, second].map((response) => response.headers.get("x-request-id"));
      expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[0]).not.toBe(ids[1]);

      // The shell's data is cached in memory, so the page's own loader is the one that fails.
      await server.app.database.close();
      const failed = await server.fetch("/vendor/no-such-vendor-here");
      expect(failed.status).toBe(500);
      const requestId = failed.headers.get("x-request-id")!;
      const html = await failed.text();
      expect(html).toContain(`Request ID: <code>${requestId}</code>`);
      const logged = lines.filter((line) => line.requestId === requestId);
      expect(logged.map((line) => line.msg)).toContain("request failed");
      expect(
        lines.filter((line) => line.msg === "request failed").every((line) => line.requestId),
      ).toBe(true);
    } finally {
      await server.close().catch(() => {});
    }
  });

  it("keeps a plain id a proxy sent, and replaces one that is not", async () => {
    const server = await startTestServer();
    try {
      const kept = await server.fetch("/healthz", { headers: { "x-request-id": "lb-4f2a9c01" } });
      expect(kept.headers.get("x-request-id")).toBe("lb-4f2a9c01");
      const replaced = await server.fetch("/healthz", {
        headers: { "x-request-id": "bad id\twith spaces" },
      });
      expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
  });
});
