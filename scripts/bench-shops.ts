/**
 * `npm run bench:shops`: issue 31's note per fixture shop. Each of the tests' local fake shops
 * (tests/helpers/shop-fixtures.ts) is read by the real run (scrapeSource, its stored cursor
 * carried from run to run) on an embedded PGlite app until one full pass of its catalogue is
 * done; what the vendor then publishes is compared with what the fixture itself declares (the
 * products it serves: size, price, currency, stock), not with what the code stored. Prints one
 * table; exits 1 when any shop has a wrong published offer.
 */
import http from "node:http";
import { register } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";

import { and, eq, isNull } from "drizzle-orm";

import { createAppContext } from "~/.server/app-context.server";
import * as t from "~/.server/db/schema";
import type { AppContext } from "~/.server/platform/context.server";
import { parseEnv } from "~/.server/platform/env";
import { getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import { prepareDatabase } from "~/.server/jobs/startup.server";
import { DEFAULT_SETTINGS, type ScrapeSourceKind } from "~/lib/constants";

import { createSourceWithVendor } from "../tests/helpers/scrape-sources";
import { generatedShop, SHOP_PEPTIDES, seedShopCatalogue } from "../tests/helpers/shop-catalogue";
import {
  startShopifyShop,
  startSitemapShop,
  startWooCommerceShop,
  type FixtureProduct,
  type ShopFixture,
  type WooShopOptions,
} from "../tests/helpers/shop-fixtures";

// The run reaches app/lib's image imports ("….webp?no-inline"), which Vite resolves in the app
// and tests: here each stands for its own file URL.
const stubImages = `export const load = (url, context, next) => /[.]webp([?]|$)/.test(url)
  ? { format: "module", source: "export default " + JSON.stringify(url), shortCircuit: true }
  : next(url, context);`;
register(`data:text/javascript,${encodeURIComponent(stubImages)}`);
const { scrapeSource } = await import("~/.server/scraper/run.server");

/** The catalogue seedShopCatalogue makes: these peptides, each in 5 mg and 10 mg. */
const CATALOGUE_MG = [5, 10];
/** A shop whose pass never ends (a run that fails every time) stops here. */
const MAX_RUNS = 20;

const one = (name: string, price: number) => [{ name, variants: [{ label: "", price }] }];
const sizes = (...pairs: [string, number][]) => pairs.map(([label, price]) => ({ label, price }));
/** shop-platforms.test.ts's small catalogue; price-truth's "2.5mg" term (slug "2-5mg") beside. */
const SMALL: FixtureProduct[] = [
  {
    name: "BPC-157",
    variants: [
      { label: "5mg", price: 30, salePrice: 24.5 },
      { label: "10mg", price: 52, inStock: false },
    ],
  },
  ...one("TB-500 10mg", 45.99),
  ...one("GHK-Cu 5mg", 19),
];
const WITH_TERM = [...SMALL, { name: "Ipamorelin", variants: sizes(["5mg", 30], ["2.5mg", 18]) }];
/** shop-feed-turns.test.ts's 5,000-product WooCommerce shop (every fifth variable)… */
const WOO_5000: FixtureProduct[] = Array.from({ length: 5_000 }, (_, i) => ({
  name: `Quelmorin ${i}`,
  variants: i % 5 === 0 ? sizes(["2.5mg", 18], ["5mg", 30]) : [{ label: "", price: 20 + (i % 50) }],
}));
/** …and its 5,000-variant Shopify shop (1,100 products). */
const SHOPIFY_5000: FixtureProduct[] = Array.from({ length: 1_100 }, (_, i) => ({
  name: `Zorvatide ${i}`,
  variants: Array.from({ length: i < 900 ? 4 : 7 }, (_, v) => ({
    label: `${v + 1}mg`,
    price: 10 + v,
  })),
}));

type Served = Pick<ShopFixture, "baseUrl" | "paths" | "close">;

/** A fixture shop to start, the source that reads it and the currency it sells in. */
interface Fixture {
  kind: ScrapeSourceKind;
  start: (products: FixtureProduct[]) => Promise<Served>;
  currency: string;
  /** The source's address under the shop's base URL. */
  path: string;
}
const woo = (options: WooShopOptions = {}): Fixture => ({
  kind: "woocommerce",
  start: (products) => startWooCommerceShop(products, options),
  currency: options.currency ?? "USD",
  path: options.installPath ?? "/",
});
const shopify = (options: Parameters<typeof startShopifyShop>[1] = {}): Fixture => ({
  kind: "shopify",
  start: (products) => startShopifyShop(products, options),
  currency: options.currency ?? "USD",
  path: "/",
});
const sitemap: Fixture = { kind: "sitemap", start: startSitemapShop, currency: "USD", path: "/" };

/**
 * The fixture behind a front that answers 500 for one page of the product list (the only kind
 * of shop the fixtures lack); every request is counted at the front.
 */
const failingPage = (page: number, inner: Fixture): Fixture => ({
  ...inner,
  start: async (products) => {
    const shop = await inner.start(products);
    const paths: string[] = [];
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://front");
      paths.push(url.pathname + url.search);
      if (url.searchParams.get("page") === String(page) && !url.searchParams.has("type")) {
        res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
        return;
      }
      http
        .get(`${shop.baseUrl}${req.url ?? "/"}`, { headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        })
        .on("error", () => res.writeHead(502).end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      paths,
      close: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await shop.close();
      },
    };
  },
});

const NO_CART = "User-agent: *\nDisallow: /cart\n";
type BenchShop = [name: string, products: FixtureProduct[], fixture: Fixture];
const GENERATED = generatedShop().products;
const SHOPS: BenchShop[] = [
  ["Woo Store API (2.5mg term)", WITH_TERM, woo()],
  ["Woo in /shop/", SMALL, woo({ installPath: "/shop/" })],
  ["Woo JPY (0 decimals)", one("Semax 10mg", 4500), woo({ currency: "JPY", minorUnit: 0 })],
  ["Woo KWD (3 decimals)", one("Selank 10mg", 11.675), woo({ currency: "KWD", minorUnit: 3 })],
  ["Woo, page 2 answers 500", SMALL, failingPage(2, woo({ maxPerPage: 2 }))],
  ["Shopify (cart.js)", SMALL, shopify({ currency: "EUR" })],
  ["Shopify (robots keep /cart: meta.json)", SMALL, shopify({ currency: "GBP", robots: NO_CART })],
  ["Sitemap + JSON-LD", SMALL, sitemap],
  ["Woo 5,000 products", WOO_5000, woo()],
  ["Shopify 5,000 variants", SHOPIFY_5000, shopify()],
  ["Woo generated 60", GENERATED, woo()],
  ["Shopify generated 60", GENERATED, shopify()],
];

/** One offer as the fixture declares it, and the catalogue entry it is, if any. */
interface Declared {
  key: string;
  price: number;
  soldOut: boolean;
  live: { peptide: string; mg: number } | null;
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9.]+/g, "");

/**
 * Every variant the shop serves. It belongs live in the catalogue only when its title is
 * exactly a catalogue peptide with a catalogue size (in the title or the variant's label);
 * anything else (another size, a blend, capsules, an unknown name) must wait for review.
 */
function declare(products: FixtureProduct[]): Declared[] {
  return products.flatMap((product) =>
    product.variants.map((variant) => {
      const match = /^(.+?)(?: (\d+(?:\.\d+)?)mg)?$/.exec(product.name)!;
      const mg = Number(/^(\d+(?:\.\d+)?)mg$/.exec(variant.label)?.[1] ?? match[2] ?? NaN);
      const known = SHOP_PEPTIDES.includes(match[1]) && CATALOGUE_MG.includes(mg);
      return {
        key: squash(`${product.name}${variant.label}`),
        price: variant.salePrice ?? variant.price,
        soldOut: variant.inStock === false,
        live: known ? { peptide: match[1], mg } : null,
      };
    }),
  );
}

async function tally(
  app: AppContext,
  vendorId: string,
  products: FixtureProduct[],
  currency: string,
) {
  const published = await app.db
    .select({
      peptide: t.peptides.name,
      mg: t.sizeOptions.quantity,
      price: t.vendorPeptides.price,
      currency: t.vendorPeptides.currency,
      stock: t.vendorPeptides.stockStatus,
      vials: t.vendorPeptides.vials,
    })
    .from(t.vendorPeptides)
    .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
    .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
    .where(
      and(
        eq(t.vendorPeptides.vendorId, vendorId),
        eq(t.vendorPeptides.active, true),
        isNull(t.vendorPeptides.priceHeldAt),
      ),
    );
  const pending = await app.db
    .select({ name: t.scrapeReviewItems.name, reason: t.scrapeReviewItems.reason })
    .from(t.scrapeReviewItems)
    .where(
      and(eq(t.scrapeReviewItems.vendorId, vendorId), eq(t.scrapeReviewItems.status, "pending")),
    );
  const heldAs = new Map(pending.map((item) => [squash(item.name), item.reason]));
  const declared = declare(products);
  const result = { right: 0, reasons: {} as Record<string, number>, wrong: [] as string[] };
  let missing = 0;
  const isRight = (row: (typeof published)[number], offer: Declared) =>
    row.peptide === offer.live?.peptide &&
    Number(row.mg) === offer.live.mg &&
    Number(row.price) === offer.price &&
    row.currency === currency &&
    row.vials === 1 &&
    (row.stock === "out_of_stock") === offer.soldOut;
  // A published offer is wrong unless some declared offer is exactly it.
  for (const row of published) {
    if (!declared.some((offer) => isRight(row, offer)))
      result.wrong.push(`${row.peptide} ${row.mg}mg ${row.price} ${row.currency} ${row.stock}`);
  }
  for (const offer of declared) {
    const reason = heldAs.get(offer.key);
    if (published.some((row) => isRight(row, offer))) result.right += 1;
    else if (reason) result.reasons[reason] = (result.reasons[reason] ?? 0) + 1;
    else if (
      !published.some((r) => r.peptide === offer.live?.peptide && Number(r.mg) === offer.live.mg)
    )
      missing += 1;
  }
  return { offers: declared.length, missing, ...result };
}

/** Runs the shop's source until its stored cursor is back at the start: one full pass. */
async function benchShop(app: AppContext, [, products, fixture]: BenchShop) {
  const served = await fixture.start(products);
  try {
    const { id, vendorId } = await createSourceWithVendor(app.db, {
      kind: fixture.kind,
      url: `${served.baseUrl}${fixture.path}`,
    });
    for (let runs = 1; ; runs += 1) {
      const { ok } = await scrapeSource(app, (await getScrapeSource(app.db, id))!);
      const source = (await getScrapeSource(app.db, id))!;
      const passed = ok && (source.readCursor ?? 0) === 0;
      // A failed run keeps the cursor where it was: the next fails alike.
      if (!ok || passed || runs >= MAX_RUNS) {
        const tallied = await tally(app, vendorId, products, fixture.currency);
        const ran = passed ? String(runs) : `${runs} (${ok ? "no full pass" : "failed"})`;
        return { ran, ok, note: source.lastError, requests: served.paths.length, ...tallied };
      }
    }
  } finally {
    await served.close();
  }
}

async function main() {
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory://",
    SEED_DEMO: "false",
    JOBS_ENABLED: "false",
    SCRAPER_ALLOW_PRIVATE_HOSTS: "true",
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-0123",
  });
  const app = await createAppContext({ env, baseUrl: "http://localhost:3000" });
  let wrong = 0;
  try {
    await prepareDatabase(app);
    await seedShopCatalogue(app.db);
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const shop of SHOPS) {
      const r = await benchShop(app, shop);
      wrong += r.wrong.length;
      const held = Object.values(r.reasons).reduce((sum, n) => sum + n, 0);
      const reasons = Object.entries(r.reasons).map(([reason, n]) => `${reason} ${n}`);
      rows.push([
        shop[0],
        String(r.offers),
        String(r.right),
        held > 0 ? `${held} (${reasons.join(", ")})` : "0",
        String(r.wrong.length),
        String(r.missing),
        String(r.requests),
        r.ran,
      ]);
      // What the last run left on the source: a failure, or what it cut (the review cap…).
      if (r.note && (!r.ok || r.missing > 0)) notes.push(`${shop[0]}: ${r.note}`);
      for (const offer of r.wrong) notes.push(`${shop[0]}: wrong published ${offer}`);
    }
    printTable(rows);
    for (const note of notes) console.log(`- ${note}`);
    const load = os.loadavg().map((n) => n.toFixed(2));
    console.log(
      `\nrequests counted at the shop, robots.txt included; maxUrlsPerRun ${DEFAULT_SETTINGS.maxUrlsPerRun}, requestDelayMs 0; load ${load.join(" ")}`,
    );
  } finally {
    await app.close();
  }
  if (wrong > 0) process.exitCode = 1;
}

function printTable(rows: string[][]) {
  const head =
    "shop|offers listed|right|held for review (reasons)|wrong published|missing|requests/pass|runs/pass".split(
      "|",
    );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

await main();
