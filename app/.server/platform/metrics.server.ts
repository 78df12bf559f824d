import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (docs/operations.md lists them). A registry of this
 * module's own, not prom-client's global one: a test process may load this module twice (the
 * sources and the server bundle), and each copy must register its metrics once.
 *
 * Counters are counted where things happen (one line each); what the database knows — queue
 * depth, each source's last successful read — is read from it when Prometheus scrapes, so it
 * holds across restarts and instances.
 */
export const metricsRegistry = new Registry();

let processMetricsOn = false;

/** prom-client's process metrics (CPU, memory, event-loop lag, GC), started once metrics are on. */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: "pp_" });
}

const registers = [metricsRegistry];

export const httpRequests = new Counter({
  name: "pp_http_requests_total",
  help: "HTTP requests answered, by React Router route id (or static, probe, metrics), method and status.",
  labelNames: ["route", "method", "status"] as const,
  registers,
});

export const httpRequestDuration = new Histogram({
  name: "pp_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its response, by route id, method and status.",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const pageCacheRequests = new Counter({
  name: "pp_page_cache_requests_total",
  help: "Cookieless page requests answered from the rendered-page cache (hit) or rendered (miss).",
  labelNames: ["result"] as const,
  registers,
});

export const databaseQueryDuration = new Histogram({
  name: "pp_db_query_duration_seconds",
  help: "Database statements sent outside a transaction, by driver (pglite, postgres) and outcome.",
  labelNames: ["driver", "outcome"] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers,
});

export const jobRuns = new Counter({
  name: "pp_jobs_total",
  help: "Background jobs this instance's worker ran, by queue and outcome (completed, failed).",
  labelNames: ["queue", "outcome"] as const,
  registers,
});

export const scrapeRuns = new Counter({
  name: "pp_scrape_runs_total",
  help: "Scrape runs this instance finished, by trigger (scheduled, manual) and outcome (ok, failed).",
  labelNames: ["trigger", "outcome"] as const,
  registers,
});

export const scrapeSources = new Counter({
  name: "pp_scrape_sources_total",
  help: "Sources read by a scrape run, by outcome: ok, failed, or blocked (robots.txt, a refused address, HTTP 403 or 429).",
  labelNames: ["outcome"] as const,
  registers,
});

export const outboundRequests = new Counter({
  name: "pp_outbound_requests_total",
  help: "Requests the scraper's fetcher sent, by host and HTTP status (error: no answer).",
  labelNames: ["host", "status"] as const,
  registers,
});

export const alertDeliveries = new Counter({
  name: "pp_alert_deliveries_total",
  help: "Queued price-alert deliveries attempted, by channel and outcome (sent, retry, failed, postponed).",
  labelNames: ["channel", "outcome"] as const,
  registers,
});

export const priceAlertPasses = new Counter({
  name: "pp_price_alert_passes_total",
  help: "Passes over the alerts and saved deals after price writes: one per write by hand, one per scrape source.",
  registers,
});

export const outboundClicks = new Counter({
  name: "pp_outbound_clicks_total",
  help: "Human clicks counted on /go links, by link (offer, vendor) and whether an affiliate template applied (yes, no).",
  labelNames: ["link", "affiliated"] as const,
  registers,
});

/** The database drivers whose statements are timed. */
export type DatabaseDriver = "pglite" | "postgres";

/**
 * What the gauges read of a database: db/client.ts's handle has it. Named here rather than
 * imported, as db/client.ts times its statements through this module (no cycle between them).
 */
export interface MeteredDatabase {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

/** The databases whose state the gauges below read when Prometheus scrapes. */
const watched = new Set<MeteredDatabase>();

/** Adds a database to the gauges read at scrape time; the answer stops that. */
export function watchDatabase(database: MeteredDatabase): () => void {
  watched.add(database);
  return () => watched.delete(database);
}

/** pg-boss's job states that are waiting for or held by a worker. */
const QUEUED_STATES = ["created", "retry", "active"];

new Gauge({
  name: "pp_job_queue_depth",
  help: "Jobs waiting (created, retry) or running (active) per queue, read from pg-boss's table.",
  labelNames: ["queue", "state"] as const,
  registers,
  async collect() {
    this.reset();
    for (const database of watched) {
      const { rows } = await database
        .executeSql(
          `select name, state::text as state, count(*)::int as jobs from pgboss.job
            where state::text = any($1) group by name, state`,
          [QUEUED_STATES],
        )
        // Before pg-boss first started on this database its schema does not exist: no queue.
        .catch(() => ({ rows: [] }));
      for (const row of rows) {
        this.set({ queue: String(row.name), state: String(row.state) }, Number(row.jobs));
      }
    }
  },
});

new Gauge({
  name: "pp_scrape_source_last_success_timestamp_seconds",
  help: "When each active scrape source was last read successfully (Unix seconds; 0: never).",
  labelNames: ["source_id", "retailer"] as const,
  registers,
  async collect() {
    this.reset();
    for (const database of watched) {
      const { rows } = await database.executeSql(
        `select s.id, s.retailer_name,
                coalesce(extract(epoch from max(l.created_at)), 0)::float8 as at
           from scrape_sources s
           left join scrape_logs l on l.source_id = s.id and l.status = 'success'
          where s.is_active
          group by s.id, s.retailer_name`,
      );
      for (const row of rows) {
        this.set(
          { source_id: String(row.id), retailer: String(row.retailer_name) },
          Number(row.at),
        );
      }
    }
  },
});

/** A node-postgres pool's connections, for the pool gauge. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Set<PoolCounts>();

/** Adds a PostgreSQL pool to `pp_db_pool_connections`; the answer takes it out again. */
export function watchPool(pool: PoolCounts): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

new Gauge({
  name: "pp_db_pool_connections",
  help: "PostgreSQL pool connections: total open, idle, and clients waiting for one (PGlite has no pool).",
  labelNames: ["state"] as const,
  registers,
  collect() {
    const sum = (read: (pool: PoolCounts) => number) =>
      [...pools].reduce((total, pool) => total + read(pool), 0);
    this.set(
      { state: "total" },
      sum((pool) => pool.totalCount),
    );
    this.set(
      { state: "idle" },
      sum((pool) => pool.idleCount),
    );
    this.set(
      { state: "waiting" },
      sum((pool) => pool.waitingCount),
    );
  },
});

/** Times one database statement into `pp_db_query_duration_seconds`. */
export async function timeQuery<T>(driver: DatabaseDriver, run: () => Promise<T>) {
  const end = databaseQueryDuration.startTimer({ driver });
  try {
    const result = await run();
    end({ outcome: "ok" });
    return result;
  } catch (error) {
    end({ outcome: "error" });
    throw error;
  }
}
