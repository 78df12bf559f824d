import pg from "pg";

/**
 * SQLSTATEs of a connection the server ended (an admin's pg_terminate_backend, a restart, a
 * failover) or could not give: the statement never finished, and a new connection may succeed.
 */
const CONNECTION_LOST_CODES = new Set(["57P01", "57P02", "57P03", "08000", "08003", "08006"]);

/** node-postgres's own words when the socket went away under a query (no SQLSTATE then). */
const CONNECTION_LOST_MESSAGES = [
  "Connection terminated",
  "connection error and is not queryable",
  "ECONNRESET",
  "EPIPE",
];

export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && CONNECTION_LOST_CODES.has(code)) return true;
  return CONNECTION_LOST_MESSAGES.some((words) => error.message.includes(words));
}

/**
 * A statement that only reads, so running it twice is the same as once: a SELECT (or a WITH
 * of SELECTs) that writes nothing. Anything else — a write, a lock taken with FOR UPDATE, a
 * notification — is never retried: it may have happened before the connection went.
 */
export function isReadOnlyStatement(text: string): boolean {
  const statement = text.replace(/^(?:\s|\(|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, "").toLowerCase();
  if (!/^(select|with)\b/.test(statement)) return false;
  return !/\b(insert|update|delete|merge|for\s+(no\s+key\s+)?(update|share)|nextval|setval|pg_notify|set_config|pg_advisory\w*)\b/.test(
    statement,
  );
}

function statementText(config: unknown): string | undefined {
  if (typeof config === "string") return config;
  if (config && typeof config === "object" && "text" in config) {
    const { text } = config as { text: unknown };
    return typeof text === "string" ? text : undefined;
  }
  return undefined;
}

/**
 * A pool whose one-off reads survive a connection killed under them: such a query is run
 * again once, on a connection of its own opened for it — the pool's other connections may
 * have gone too (a restart ends them all) and would fail the retry as well. Statements inside
 * a transaction run on a checked-out client, not through here, and are never retried.
 */
export class ReadRetryingPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    const query = pg.Pool.prototype.query.bind(this) as (...args: unknown[]) => unknown;
    // One implementation for node-postgres's overloads; the callback form is passed through
    // untouched. Set on the instance: a method could not match every overload's type.
    this.query = ((...args: unknown[]) => {
      const text = statementText(args[0]);
      const callback = args.some((arg) => typeof arg === "function");
      if (callback || text === undefined || !isReadOnlyStatement(text)) return query(...args);
      return (query(...args) as Promise<unknown>).catch((error: unknown) => {
        if (!isConnectionLost(error)) throw error;
        return this.queryOnNewConnection(args);
      });
    }) as pg.Pool["query"];
  }

  private async queryOnNewConnection(args: unknown[]): Promise<unknown> {
    const { options } = this as unknown as { options: pg.ClientConfig };
    const client = new pg.Client(options);
    // A failure surfaces through the query's promise; the event must not go uncaught.
    client.on("error", () => {});
    await client.connect();
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args);
    } finally {
      await client.end().catch(() => {});
    }
  }
}
