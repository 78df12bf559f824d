import http from "node:http";
import type { AddressInfo } from "node:net";

import * as cheerio from "cheerio";

/**
 * A small shop web site on 127.0.0.1 for scraper tests: product and category pages in every
 * shape the scraper reads (JSON-LD, microdata, WooCommerce, Shopify, CSS only, JavaScript-built),
 * pagination, robots.txt with a Disallow (and optionally a Crawl-delay), redirects, and a fake
 * Browserless /scrape endpoint. Every request is recorded with the time it arrived.
 */

export interface FixtureRequest {
  path: string;
  userAgent: string | undefined;
  at: number;
}

export interface FixtureSite {
  baseUrl: string;
  requests: FixtureRequest[];
  /** Requests for one path (query included), in arrival order. */
  requestsFor: (path: string) => FixtureRequest[];
  /** Changes what a page answers from now on (e.g. a new price). */
  setPage: (path: string, html: string) => void;
  /** Answers a path (query included) with `handler` from now on; null: the built-in answer. */
  setHandler: (path: string, handler: http.RequestListener | null) => void;
  /** What the fake Browserless shows of a page once its scripts ran. */
  setRenderedPage: (path: string, html: string) => void;
  close: () => Promise<void>;
}

export interface FixtureSiteOptions {
  crawlDelaySeconds?: number;
  /** Where /redirect-elsewhere points (e.g. a private address). */
  redirectTarget?: string;
  /** Extra robots.txt lines (after the Disallow of /private/). */
  robotsLines?: string[];
  /** Answers for paths (robots.txt included) that replace the built-in ones. */
  handlers?: Record<string, http.RequestListener>;
}

const page = (body: string, head = "") =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Fixture shop</title>${head}</head><body>${body}</body></html>`;

const jsonLd = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

function card(name: string, price: string, options: { soldOut?: boolean; href?: string } = {}) {
  return `<div class="item"><h3 class="item-name">${name}</h3><span class="item-price">${price}</span>${
    options.soldOut ? '<span class="item-soldout">Sold out</span>' : ""
  }<a class="item-link" href="${options.href ?? "/p/" + encodeURIComponent(name)}">View</a></div>`;
}

export const FIXTURE_PAGES: Record<string, string> = {
  "/jsonld/bpc-157": page(
    "<h1>BPC-157</h1>",
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "BPC-157 10mg",
      offers: {
        "@type": "Offer",
        price: "41.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: "/jsonld/bpc-157",
      },
    }),
  ),
  "/jsonld/graph": page(
    "<h1>TB-500</h1>",
    jsonLd({
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebSite", name: "Fixture shop" },
        {
          "@type": "ProductGroup",
          name: "TB-500",
          hasVariant: [
            {
              "@type": "Product",
              name: "TB-500 5mg",
              offers: {
                "@type": "Offer",
                price: 30.95,
                priceCurrency: "USD",
                availability: "https://schema.org/OutOfStock",
              },
            },
            {
              "@type": "Product",
              name: "TB-500 10mg",
              offers: { "@type": "AggregateOffer", lowPrice: "52.00", priceCurrency: "USD" },
            },
          ],
        },
      ],
    }),
  ),
  "/microdata/ghk-cu": page(`<div itemscope itemtype="https://schema.org/Product">
    <h1 itemprop="name">GHK-Cu 50mg</h1>
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
      <meta itemprop="priceCurrency" content="USD"><span itemprop="price" content="27.99">$27.99</span>
      <link itemprop="availability" href="https://schema.org/InStock">
    </div></div>`),
  "/woo/epitalon": page(`<h1 class="product_title">Epitalon</h1>
    <form class="variations_form" data-product_variations='${JSON.stringify([
      {
        variation_id: 11,
        attributes: { attribute_pa_size: "10mg" },
        display_price: 24.5,
        is_in_stock: true,
      },
      {
        variation_id: 12,
        attributes: { attribute_pa_size: "50mg" },
        display_price: 95,
        is_in_stock: false,
      },
    ])}'></form>`),
  "/shopify/semax": page(
    `<h1>Semax</h1><script type="application/json" data-product-json>${JSON.stringify({
      title: "Semax",
      handle: "semax",
      variants: [
        { id: 1, title: "10mg", price: 3499, available: true },
        { id: 2, title: "30mg", price: 8999, available: false },
      ],
    })}</script>`,
  ),
  "/css/product": page(
    `<div class="product"><h1 class="title">Selank 10mg</h1><p class="cost">$33.00</p></div>`,
  ),
  "/shop":
    page(`<div class="items">${card("BPC-157 5mg", "$24.95")}${card("TB-500 10mg", "$55.00", { soldOut: true })}</div>
    <nav class="pager"><a class="next" href="/shop?page=2">Next</a></nav>`),
  "/shop?page=2":
    page(`<div class="items">${card("GHK-Cu 100mg", "$45.00")}${card("Unknown Peptide Z 5mg", "$19.99")}</div>
    <nav class="pager"><a class="next" href="/shop?page=3">Next</a></nav>`),
  "/shop?page=3": page(
    `<div class="items">${card("Epitalon 10mg", "$0.50")}</div><nav class="pager"></nav>`,
  ),
  "/js/shop": page(`<div id="app"></div><script>
    document.getElementById("app").innerHTML =
      '<div class="item"><h3 class="item-name">Semax 10mg</h3><span class="item-price">$36.00</span><a class="item-link" href="/p/semax">View</a></div>';
  </script>`),
  "/empty": page("<p>Nothing for sale here.</p>"),
  // Prices drawn by a script: "--" until it runs.
  "/js/late-prices":
    page(`<div class="items">${card("BPC-157 5mg", "--")}${card("TB-500 10mg", "--")}</div>
    <script src="/assets/prices.js"></script>`),
  "/assets/prices.js": `document.querySelectorAll(".item-price").forEach(function (el, i) {
    el.textContent = ["$23.50", "$54.00"][i];
  });`,
  "/private/catalogue": page(`<div class="items">${card("BPC-157 5mg", "$1.00")}</div>`),
};

export async function startFixtureSite(options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const pages = new Map(Object.entries(FIXTURE_PAGES));
  const rendered = new Map(Object.entries(FIXTURE_RENDERED_PAGES));
  const requests: FixtureRequest[] = [];
  const handlers = new Map(Object.entries(options.handlers ?? {}));
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, userAgent: req.headers["user-agent"], at: Date.now() });
    const handler = handlers.get(path);
    if (handler) {
      handler(req, res);
      return;
    }
    if (path === "/robots.txt") {
      const lines = ["User-agent: *", "Disallow: /private/", ...(options.robotsLines ?? [])];
      if (options.crawlDelaySeconds) lines.push(`Crawl-delay: ${options.crawlDelaySeconds}`);
      res.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\n"));
      return;
    }
    if (path === "/redirect-elsewhere") {
      res.writeHead(302, { location: options.redirectTarget ?? "http://10.0.0.1/" }).end();
      return;
    }
    if (path === "/redirect-to-shop") {
      res.writeHead(301, { location: "/shop" }).end();
      return;
    }
    if (path === "/scrape" && req.method === "POST") {
      answerBrowserless(req, res, (path) => rendered.get(path) ?? pages.get(path));
      return;
    }
    const html = pages.get(path);
    if (html === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    const type = path.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8";
    res.writeHead(200, { "content-type": type }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    requestsFor: (path) => requests.filter((r) => r.path === path),
    setPage: (path, html) => pages.set(path, html),
    setHandler: (path, handler) => {
      if (handler) handlers.set(path, handler);
      else handlers.delete(path);
    },
    setRenderedPage: (path, html) => rendered.set(path, html),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * What a browser shows of the JavaScript-built pages once their scripts ran: the fake Browserless
 * answers these (and the plain pages as they are), as the real one renders them.
 */
export const FIXTURE_RENDERED_PAGES: Record<string, string> = {
  "/js/shop": page(
    '<div id="app"><div class="item"><h3 class="item-name">Semax 10mg</h3><span class="item-price">$36.00</span><a class="item-link" href="/p/semax">View</a></div></div>',
  ),
};

/**
 * Answers like the real Browserless /scrape: elements may carry only selector and timeout
 * (anything else is a 400), and each selector's matches come back as text, inner html and
 * attributes.
 */
function answerBrowserless(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  rendered: (path: string) => string | undefined,
) {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    const body = JSON.parse(raw) as { url: string; elements: Record<string, unknown>[] };
    const extra = body.elements.flatMap((element) =>
      Object.keys(element).filter((key) => key !== "selector" && key !== "timeout"),
    );
    if (extra.length > 0) {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: `elements has unknown keys: ${extra.join(", ")}` }));
      return;
    }
    const { pathname, search } = new URL(body.url);
    const $ = cheerio.load(rendered(pathname + search) ?? "");
    const data = body.elements.map((element) => ({
      selector: element.selector,
      results: $(String(element.selector))
        .toArray()
        .map((node) => ({
          text: $(node).text(),
          html: $(node).html() ?? "",
          attributes: Object.entries($(node).attr() ?? {}).map(([name, value]) => ({
            name,
            value,
          })),
        })),
    }));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data }));
  });
}
