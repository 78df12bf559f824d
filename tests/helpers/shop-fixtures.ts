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
      const permalink = `${base}/product/${slug(product.name)}/`;
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
        variations: product.variants.map((variant, v) => ({
          id: id + v + 1,
          attributes: [{ name: "Size", value: variant.label }],
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
    if (url.pathname !== "/wp-json/wc/store/v1/products") return false;
    const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 10), maxPerPage);
    const page = Number(url.searchParams.get("page") ?? 1);
    const all = rows(url.searchParams.get("type"));
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
      if (url.pathname !== "/products.json") return false;
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 30), 250);
      const page = Number(url.searchParams.get("page") ?? 1);
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
