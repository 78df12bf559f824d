import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getAuditLogPage } from "~/.server/data/audit.server";
import { getScrapeLogs } from "~/.server/data/scrape-logs.server";
import { getAdminOfferPage, type AdminOfferQuery } from "~/.server/data/vendor-peptides.server";
import { VENDOR_PRICES_TABLE } from "~/lib/admin-tables";
import { DEFAULT_SETTINGS } from "~/lib/constants";
import { likePattern } from "~/lib/like-pattern";

import { seedLargeCatalogue } from "../../scripts/bench-catalogue";
import { planOf, seqScansOf, type CapturedQuery } from "../../scripts/query-plans";
import { createTestApp, type TestApp } from "../helpers/app";

const postgresUrl = process.env.TEST_DATABASE_URL;
const BIG_TABLES = new Set(["vendor_peptides", "scrape_logs", "audit_log"]);

/**
 * The admin tables' three query families at a real catalogue's size (issue 21): 16,000 vendor
 * prices, 20,000 scrape-log lines and 20,000 audit entries, statistics and visibility map as
 * autovacuum leaves them. Each statement a data function sends is EXPLAINed: none may read a
 * big table whole. PostgreSQL only: its planner is what production runs.
 */
describe.skipIf(!postgresUrl)("the admin tables' plans at scale", () => {
  let app: TestApp;
  let explainer: pg.Client;

  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: "false" });
    const url = app.env.DATABASE_URL!;
    await seedLargeCatalogue(url, { priceHistoryRows: 0 });
    explainer = new pg.Client({ connectionString: url });
    await explainer.connect();
    await explainer.query(`insert into scrape_logs (url, status, details, created_at)
      select 'https://shop.example/p/' || n, case when n % 5 = 0 then 'error' else 'success' end,
             'Found ' || n % 40 || ' products', now() - make_interval(mins => n)
        from generate_series(1, 20000) n`);
    await explainer.query(`insert into audit_log (actor_email, action, entity, entity_id, details, created_at)
      select 'editor' || n % 7 || '@peptideprices.test', 'update', 'vendor_peptide',
             gen_random_uuid()::text, jsonb_build_object('name', 'Price ' || n),
             now() - make_interval(secs => n * 30)
        from generate_series(1, 20000) n`);
    await explainer.query("vacuum analyze");
  }, 120_000);

  afterAll(async () => {
    await explainer?.end();
    await app?.dispose();
  });

  /** The statements `run` sends through node-postgres. */
  async function statementsOf(run: () => Promise<unknown>): Promise<CapturedQuery[]> {
    const statements: CapturedQuery[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function capture(this: pg.Client, ...args: unknown[]) {
      const [config, values] = args as [string | pg.QueryConfig, unknown[] | undefined];
      const text = typeof config === "string" ? config : config.text;
      statements.push({
        text,
        values: values ?? (typeof config === "string" ? [] : config.values) ?? [],
      });
      return (query as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await run();
    } finally {
      pg.Client.prototype.query = query;
    }
    return statements;
  }

  async function seqScans(run: () => Promise<unknown>): Promise<string[]> {
    const scans: string[] = [];
    for (const statement of await statementsOf(run)) {
      scans.push(...(await seqScansOf(explainer, statement, BIG_TABLES)));
    }
    return scans;
  }

  async function plans(run: () => Promise<unknown>): Promise<string> {
    const lines: string[] = [];
    for (const statement of await statementsOf(run)) {
      lines.push(...(await planOf(explainer, statement)));
    }
    return lines.join("\n");
  }

  const pricePage = (query: Partial<AdminOfferQuery>) =>
    getAdminOfferPage(app.db, {
      search: "",
      peptideId: null,
      vendorId: null,
      stock: null,
      stale: null,
      active: null,
      sort: { column: "peptide", direction: "asc" },
      page: 1,
      pageSize: 10,
      ...query,
    });

  it("vendor prices: each sort, both ways, and page 50 walk an index", async () => {
    const sorts = VENDOR_PRICES_TABLE.spec.sorts;
    for (const column of sorts) {
      for (const direction of ["asc", "desc"] as const) {
        for (const page of [1, 50]) {
          expect({
            column,
            direction,
            page,
            scans: await seqScans(() => pricePage({ sort: { column, direction }, page })),
          }).toEqual({ column, direction, page, scans: [] });
        }
      }
    }
    expect(
      await plans(() => pricePage({ sort: { column: "price", direction: "desc" } })),
    ).toContain("vendor_peptides_price_idx");
  });

  it("vendor prices: the stock, stale and status filters and the count use indexes", async () => {
    const filters: Partial<AdminOfferQuery>[] = [
      {},
      { stock: "out" },
      { stock: "in" },
      { stale: { rule: DEFAULT_SETTINGS, now: new Date() } },
      { active: true },
      { active: false },
    ];
    for (const filter of filters) {
      expect({ filter, scans: await seqScans(() => pricePage(filter)) }).toEqual({
        filter,
        scans: [],
      });
    }
    expect(await plans(() => pricePage({ stock: "out" }))).toContain("vendor_peptides_stock_idx");
  });

  it("vendor prices: a selective search reaches the prices through indexes, and counts what a scan would", async () => {
    // Some prices get notes ("Lot 01234"), after the sorts' plans above were read: a twentieth
    // of the rows rewritten moves them, and the vendor sort's choice is a close one.
    await explainer.query(`update vendor_peptides
         set notes = 'Lot ' || lpad((abs(hashtext(id::text)) % 100000)::text, 5, '0')
       where abs(hashtext(id::text)) % 20 = 0`);
    await explainer.query("vacuum analyze vendor_peptides");
    // A link the planner's statistics sampled is costed as a hundredth of the table (the
    // histogram's share), not as the few rows it is: the search takes one outside the sample.
    const { rows: sampled } = await explainer.query<{ links: string | null }>(
      `select concat(histogram_bounds::text, most_common_vals::text) links
         from pg_stats where tablename = 'vendor_peptides' and attname = 'url'`,
    );
    const sampledLinks = sampled[0]?.links ?? "";
    const { rows: noted } = await explainer.query<{ url: string; notes: string }>(
      `select url, notes from vendor_peptides where notes is not null order by id`,
    );
    const rows = noted.filter((row) => !sampledLinks.includes(row.url.split("/")[3]!));
    const sizeId = rows[0]!.url.split("/")[3]!;
    // Peptide names, a link, a note, the audit log's name of a price and a near miss of one.
    const selective = [
      "peptide 0123",
      sizeId.toUpperCase(),
      rows[0]!.notes,
      "Bench Vendor 3 price for Peptide 01234",
      "0123 price for Peptide 01234",
    ];
    // What the search box matches, read the plain way: each text, in any case.
    const scanned = async (search: string) => {
      const { rows: counted } = await explainer.query<{ n: number }>(
        `select count(*)::int n from vendor_peptides vp
           join peptides p on p.id = vp.peptide_id join vendors v on v.id = vp.vendor_id
          where p.name ilike $1 or v.name ilike $1 or vp.url ilike $1 or vp.notes ilike $1
             or v.name || ' price for ' || p.name ilike $1`,
        [likePattern(search)],
      );
      return counted[0]!.n;
    };
    // A vendor's name is in an eighth of the prices here, "price" in all: reading the table
    // whole is the better plan for those, so only their counts are checked.
    const broad = ["Bench Vendor 3", "3 price for pep", "PRICE", " for", "r 3 p", "100%"];
    for (const search of [...selective, ...broad]) {
      const { total } = await pricePage({ search });
      expect({ search, total }).toEqual({ search, total: await scanned(search) });
    }
    for (const search of selective) {
      for (const sort of ["peptide", "price"] as const) {
        expect({
          search,
          sort,
          scans: await seqScans(() =>
            pricePage({ search, sort: { column: sort, direction: "asc" } }),
          ),
        }).toEqual({ search, sort, scans: [] });
      }
    }
    expect(await plans(() => pricePage({ search: "peptide 0123" }))).toContain(
      "vendor_peptides_peptide_idx",
    );
    expect(await plans(() => pricePage({ search: sizeId }))).toContain(
      "vendor_peptides_url_trgm_idx",
    );
  });

  it("scrape logs: the pager's total is counted from the index of the table's order", async () => {
    const read = () => getScrapeLogs(app.db, { page: 1, pageSize: 10 });
    expect((await read()).total).toBe(20_000);
    expect(await seqScans(read)).toEqual([]);
    expect(await plans(read)).toMatch(/Index Only Scan.* using scrape_logs_created_idx/);
  });

  it("audit log: the actor filter is answered from audit_log_actor_prefix_idx", async () => {
    const read = () =>
      getAuditLogPage(app.db, { actor: "EDITOR3@peptideprices", page: 1, pageSize: 25 });
    const { total, rows } = await read();
    // n % 7 = 3 for n in 1..20,000.
    expect(total).toBe(2_857);
    expect(rows.every((row) => row.actorEmail === "editor3@peptideprices.test")).toBe(true);
    expect(await seqScans(read)).toEqual([]);
    expect(await plans(read)).toContain("audit_log_actor_prefix_idx");
  });
});
