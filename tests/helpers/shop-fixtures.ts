import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Shops on 127.0.0.1 that answer like the real platforms' public catalogue feeds: the
 * WooCommerce Store API (`/wp-json/wc/store/v1/products`, `page` and `per_page`, X-WP-Total
 * and X-WP-TotalPages, prices as minor-unit strings with `currency_minor_unit`, variations as
 * their own products under `type=variation`), Shopify (`/products.json` with `limit` and
 * `page`, `/cart.js` with the shop's `currency`), and a shop with its API switched off whose
 * sitemap lists product pages carrying JSON-LD. Every request is recorded.
 */

export interface FixtureVariant {
  label: string;
  price: number;
  /** A sale price below `price`. */
  salePrice?: number;
  inStock?: boolean;
}

export interface FixtureProduct {
  name: string;
  /** One variant with an empty label is a simple product. */
  variants: FixtureVariant[];
}

export interface ShopFixture {
  baseUrl: string;
  paths: string[];
  setProducts: (products: FixtureProduct[]) => void;
  close: () => Promise<void>;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function serve(
  answer: (url: URL, res: http.ServerResponse) => boolean,
  products: { current: FixtureProduct[] },
  robots = "User-agent: *\nDisallow: /checkout\n",
): Promise<ShopFixture> {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture");
    paths.push(url.pathname + url.search);
    if (url.pathname === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end(robots);
      return;
    }
    if (!answer(url, res)) res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    paths,
    setProducts: (next) => {
      products.current = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const json = (res: http.ServerResponse, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(200, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));

function pageOf<T>(rows: T[], page: number, perPage: number) {
  return rows.slice((page - 1) * perPage, page * perPage);
}

export interface WooShopOptions {
  currency?: string;
  minorUnit?: number;
  /** The most rows one page gives (the real API's is 100). */
  maxPerPage?: number;
  /**
   * A WordPress install in a sub-directory ("/shop/"): its REST API, product pages and the
   * `<link rel="https://api.w.org/">` they carry live under it; the site root answers 404.
   */
  installPath?: string;
  /**
   * Pages of the product list the shop takes a request for and never answers (until it is
   * closed): a run that reaches one stays in progress for as long as a test needs.
   */
  heldPages?: number[];
}

/** A WooCommerce shop's Store API. */
export async function startWooCommerceShop(
  initial: FixtureProduct[],
  options: WooShopOptions = {},
): Promise<ShopFixture> {
  const products = { current: initial };
  const currency = options.currency ?? "USD";
  const minor = options.minorUnit ?? 2;
  const maxPerPage = options.maxPerPage ?? 100;
  const install = options.installPath ?? "/";
  const minorUnits = (amount: number) => String(Math.round(amount * 10 ** minor));
  let base = "";
  const prices = (variant: FixtureVariant) => ({
    price: minorUnits(variant.salePrice ?? variant.price),
    regular_price: minorUnits(variant.price),
    sale_price: minorUnits(variant.salePrice ?? variant.price),
    price_range: null,
    currency_code: currency,
    currency_symbol: "$",
    currency_minor_unit: minor,
    currency_decimal_separator: ".",
    currency_thousand_separator: ",",
    currency_prefix: "$",
    currency_suffix: "",
  });
  const rows = (type: string | null) => {
    const parents: unknown[] = [];
    const variations: unknown[] = [];
    products.current.forEach((product, p) => {
      const id = 1000 + p * 10;
      const permalink = `${base}${install}product/${slug(product.name)}/`;
      const simple = product.variants.length === 1 && !product.variants[0].label;
      const common = { id, name: product.name, slug: slug(product.name), parent: 0, permalink };
      if (simple) {
        const variant = product.variants[0];
        parents.push({
          ...common,
          type: "simple",
          on_sale: variant.salePrice !== undefined,
          is_in_stock: variant.inStock !== false,
          prices: prices(variant),
          variations: [],
        });
        return;
      }
      parents.push({
        ...common,
        type: "variable",
        on_sale: product.variants.some((v) => v.salePrice !== undefined),
        is_in_stock: product.variants.some((v) => v.inStock !== false),
        prices: {
          ...prices(product.variants[0]),
          price_range: { min_amount: "0", max_amount: "0" },
        },
        // As the Store API documents a global attribute: the parent lists its terms (name as
        // shown, slug as stored) and each variation refers to its term by slug ("2-5mg").
        attributes: [
          {
            id: 1,
            name: "Size",
            taxonomy: "pa_size",
            has_variations: true,
            terms: product.variants.map((variant, v) => ({
              id: 100 + v,
              name: variant.label,
              slug: slug(variant.label),
              default: false,
            })),
          },
        ],
        variations: product.variants.map((variant, v) => ({
          id: id + v + 1,
          attributes: [{ name: "Size", value: slug(variant.label) }],
        })),
      });
      product.variants.forEach((variant, v) =>
        variations.push({
          id: id + v + 1,
          name: product.name,
          parent: id,
          type: "variation",
          variation: `Size: ${variant.label}`,
          permalink: `${permalink}?attribute_pa_size=${slug(variant.label)}`,
          on_sale: variant.salePrice !== undefined,
          is_in_stock: variant.inStock !== false,
          prices: prices(variant),
          variations: [],
        }),
      );
    });
    return type === "variation" ? variations : parents;
  };
  const shop = await serve((url, res) => {
    if (url.pathname.startsWith(`${install}product/`)) {
      res
        .writeHead(200, {
          "content-type": "text/html; charset=UTF-8",
          link: `<${base}${install}wp-json/>; rel="https://api.w.org/"`,
        })
        .end(
          `<!doctype html><html><head><title>Product</title><link rel="https://api.w.org/" href="${base}${install}wp-json/"></head><body></body></html>`,
        );
      return true;
    }
    if (url.pathname !== `${install}wp-json/wc/store/v1/products`) return false;
    const asked = Number(url.searchParams.get("per_page") ?? 10);
    // The Store API validates per_page against its schema (1 to 100): anything else is a 400.
    if (!(asked >= 1 && asked <= 100)) {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(
          JSON.stringify({ code: "rest_invalid_param", message: "Invalid parameter(s): per_page" }),
        );
      return true;
    }
    const perPage = Math.min(asked, maxPerPage);
    const page = Number(url.searchParams.get("page") ?? 1);
    if (options.heldPages?.includes(page)) return true;
    const parents = url.searchParams.get("parent")?.split(",").map(Number);
    const matching = (
      rows(url.searchParams.get("type")) as { id: number; parent: number }[]
    ).filter((row) => !parents || parents.includes(row.parent));
    // The documented default order is newest first (orderby=date, order=desc); ids here grow
    // with the date, so `orderby=id&order=asc` is the list as made.
    const ascending =
      url.searchParams.get("order") === "asc" &&
      ["id", "date"].includes(url.searchParams.get("orderby") ?? "date");
    const all = ascending ? matching : [...matching].reverse();
    json(res, pageOf(all, page, perPage), {
      "x-wp-total": String(all.length),
      "x-wp-totalpages": String(Math.ceil(all.length / perPage)),
    });
    return true;
  }, products);
  base = shop.baseUrl;
  return shop;
}

/** A Shopify shop's products.json and cart.js. */
export async function startShopifyShop(
  initial: FixtureProduct[],
  options: { currency?: string; robots?: string } = {},
): Promise<ShopFixture> {
  const products = { current: initial };
  const money = (amount: number) => amount.toFixed(2);
  return serve(
    (url, res) => {
      if (url.pathname === "/cart.js") {
        json(res, { token: "t", items: [], item_count: 0, currency: options.currency ?? "USD" });
        return true;
      }
      if (url.pathname === "/meta.json") {
        json(res, {
          name: "Fixture",
          currency: options.currency ?? "USD",
          money_format: "${{amount}}",
        });
        return true;
      }
      // A product page of a shop on its own domain: Shopify's headers and theme script.
      const handle = /^\/products\/([^/.]+)$/.exec(url.pathname)?.[1];
      if (handle) {
        res
          .writeHead(200, {
            "content-type": "text/html; charset=utf-8",
            "x-shopid": "61234567",
            "powered-by": "Shopify",
          })
          .end(
            `<!doctype html><html><head><title>${handle}</title><script>var Shopify = Shopify || {};\nShopify.shop = "fixture-store.myshopify.com";</script></head><body><h1>${handle}</h1></body></html>`,
          );
        return true;
      }
      if (url.pathname !== "/products.json") return false;
      // As Shopify documents its storefront feed: 30 by default, `limit` clamped to 250, and
      // a 400 once page × limit passes 25,000.
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 30), 250);
      const page = Number(url.searchParams.get("page") ?? 1);
      if (page * limit > 25_000) {
        res
          .writeHead(400, { "content-type": "application/json" })
          .end(JSON.stringify({ errors: { page: "Page * Limit exceeds the 25000 limit." } }));
        return true;
      }
      const all = products.current.map((product, p) => {
        const simple = product.variants.length === 1 && !product.variants[0].label;
        return {
          id: 5000 + p,
          title: product.name,
          handle: slug(product.name),
          options: [{ name: simple ? "Title" : "Size", position: 1, values: [] }],
          variants: product.variants.map((variant, v) => ({
            id: 50000 + p * 10 + v,
            title: simple ? "Default Title" : variant.label,
            option1: simple ? "Default Title" : variant.label,
            option2: null,
            option3: null,
            price: money(variant.salePrice ?? variant.price),
            compare_at_price: variant.salePrice !== undefined ? money(variant.price) : null,
            available: variant.inStock !== false,
          })),
        };
      });
      json(res, { products: pageOf(all, page, limit) });
      return true;
    },
    products,
    options.robots,
  );
}

/** A shop whose REST API is switched off: its sitemap index leads to JSON-LD product pages. */
export async function startSitemapShop(initial: FixtureProduct[]): Promise<ShopFixture> {
  const products = { current: initial };
  let base = "";
  const shop = await serve((url, res) => {
    const xml = (body: string) =>
      res.writeHead(200, { "content-type": "application/xml" }).end(body);
    if (url.pathname.startsWith("/wp-json/")) {
      res
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ code: "rest_disabled", message: "The REST API is disabled." }));
      return true;
    }
    if (url.pathname === "/sitemap.xml") {
      xml(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap><loc>${base}/page-sitemap.xml</loc></sitemap>
        <sitemap><loc>${base}/product-sitemap.xml</loc></sitemap></sitemapindex>`);
      return true;
    }
    if (url.pathname === "/product-sitemap.xml") {
      xml(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>${base}/shop/</loc></url>
        ${products.current.map((p) => `<url><loc>${base}/product/${slug(p.name)}/</loc></url>`).join("")}
        </urlset>`);
      return true;
    }
    const product = products.current.find((p) => url.pathname === `/product/${slug(p.name)}/`);
    if (!product) return false;
    const offers = product.variants.map((variant) => ({
      "@type": "Offer",
      name: variant.label || undefined,
      price: (variant.salePrice ?? variant.price).toFixed(2),
      priceCurrency: "USD",
      availability: `https://schema.org/${variant.inStock === false ? "OutOfStock" : "InStock"}`,
    }));
    const ld = product.variants.map((variant, v) => ({
      "@context": "https://schema.org",
      "@type": "Product",
      name: variant.label ? `${product.name} ${variant.label}` : product.name,
      offers: offers[v],
    }));
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html><head><title>${product.name}</title>${ld
          .map((l) => `<script type="application/ld+json">${JSON.stringify(l)}</script>`)
          .join("")}</head><body><h1>${product.name}</h1></body></html>`,
      );
    return true;
  }, products);
  base = shop.baseUrl;
  return shop;
}
