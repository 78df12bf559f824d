import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { startTestServer, type TestServer } from "../helpers/server";

/**
 * A real Prometheus (Debian's `prometheus` package; .ci/run installs it) scrapes the built app
 * on loopback with the bearer token, and the test reads series back through Prometheus's own
 * HTTP API. Without the binary the file skips itself, so `npm test` runs anywhere.
 */

const root = path.resolve(import.meta.dirname, "../..");
const TOKEN = "prometheus-test-token-0123456789";

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

const prometheusBinary = onPath("prometheus");
const promtoolBinary = onPath("promtool");

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface QueryResult {
  metric: Record<string, string>;
  value: [number, string];
}

describe.skipIf(!prometheusBinary)("a real Prometheus scraping /metrics", () => {
  let app: TestServer;
  let prometheus: ChildProcess;
  let prometheusUrl: string;
  let workDir: string;
  const output: string[] = [];

  beforeAll(async () => {
    app = await startTestServer({ METRICS_TOKEN: TOKEN });
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pp-prometheus-"));
    fs.writeFileSync(path.join(workDir, "token"), TOKEN);
    const target = new URL(app.baseUrl).port;
    fs.writeFileSync(
      path.join(workDir, "prometheus.yml"),
      [
        "global:",
        "  scrape_interval: 1s",
        "scrape_configs:",
        "  - job_name: peptideprices",
        "    authorization:",
        "      type: Bearer",
        `      credentials_file: ${path.join(workDir, "token")}`,
        "    static_configs:",
        `      - targets: ["127.0.0.1:${target}"]`,
        "",
      ].join("\n"),
    );
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      prometheusBinary!,
      [
        `--config.file=${path.join(workDir, "prometheus.yml")}`,
        `--storage.tsdb.path=${path.join(workDir, "data")}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    prometheus.stdout!.on("data", (chunk: Buffer) => output.push(String(chunk)));
    prometheus.stderr!.on("data", (chunk: Buffer) => output.push(String(chunk)));
    await vi.waitFor(
      async () => {
        if (prometheus.exitCode !== null) throw new Error(`prometheus exited: ${output.join("")}`);
        expect((await fetch(`${prometheusUrl}/-/ready`)).status).toBe(200);
      },
      { timeout: 120_000, interval: 250 },
    );
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus.once("exit", resolve));
      prometheus.kill("SIGTERM");
      await exited;
    }
    await app?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  async function query(promql: string): Promise<QueryResult[]> {
    const response = await fetch(
      `${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`,
    );
    const body = (await response.json()) as { status: string; data: { result: QueryResult[] } };
    expect(body.status).toBe("success");
    return body.data.result;
  }

  it(
    "reads requests by route, page-cache hits and database query durations through its API",
    { timeout: 180_000 },
    async () => {
      for (const expected of ["miss", "hit"]) {
        const response = await app.fetch("/compare");
        await response.text();
        expect(response.headers.get("x-page-cache")).toBe(expected);
      }

      // Waits on Prometheus's state: a scrape after those requests has been stored.
      await vi.waitFor(
        async () => {
          const [requests] = await query(
            'pp_http_requests_total{job="peptideprices",route="routes/compare",method="GET",status="200"}',
          );
          expect(Number(requests?.value[1])).toBeGreaterThanOrEqual(2);
        },
        { timeout: 120_000, interval: 500 },
      );
      const [hits] = await query('pp_page_cache_requests_total{job="peptideprices",result="hit"}');
      expect(Number(hits!.value[1])).toBeGreaterThanOrEqual(1);
      const [queries] = await query(
        `sum(pp_db_query_duration_seconds_count{job="peptideprices",driver="${app.app.database.kind}"})`,
      );
      expect(Number(queries!.value[1])).toBeGreaterThan(0);
      // Scraped with the token: the target is up.
      const [up] = await query('up{job="peptideprices"}');
      expect(up!.value[1]).toBe("1");
    },
  );
});

describe.skipIf(!promtoolBinary)("the deployment's Prometheus files", () => {
  it("are valid: the alert rules and the compose configuration", async () => {
    const check = (...args: string[]) =>
      new Promise<{ code: number | null; text: string }>((resolve) => {
        const child = spawn(promtoolBinary!, args, { cwd: root });
        let text = "";
        child.stdout.on("data", (chunk: Buffer) => (text += String(chunk)));
        child.stderr.on("data", (chunk: Buffer) => (text += String(chunk)));
        child.once("exit", (code) => resolve({ code, text }));
      });
    const rules = await check("check", "rules", "deploy/prometheus/alerts.yml");
    expect(rules.code, rules.text).toBe(0);
    expect(rules.text).toContain("SUCCESS: 5 rules found");
    const alerts = await check("test", "rules", "deploy/prometheus/alerts.test.yml");
    expect(alerts.code, alerts.text).toBe(0);
  });
});
