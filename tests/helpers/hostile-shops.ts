import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Shops on 127.0.0.1 that answer as a hostile or broken shop would (issue 37 Must 2): a
 * sitemap of 80,000 product URLs (under the 5 MB page cap), a Shopify products.json that
 * answers 25,000 products on every page whatever `limit` and `page` say, and a Store API
 * that trickles its answer at one byte a second. Every request is recorded.
 */

export interface HostileShop {
  baseUrl: string;
  paths: string[];
  /** Requests whose answer is still being written. */
  open: () => number;
  close: () => Promise<void>;
}

async function serve(
  answer: (url: URL, res: http.ServerResponse, base: string) => void,
): Promise<HostileShop> {
  const paths: string[] = [];
  let base = "";
  let open = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture");
    paths.push(url.pathname + url.search);
    if (url.pathname === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      return;
    }
    open += 1;
    res.on("close", () => {
      open -= 1;
    });
    answer(url, res, base);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: base,
    paths,
    open: () => open,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A shop whose /sitemap.xml is one urlset of `count` product URLs. */
export function startHugeSitemapShop(count: number): Promise<HostileShop> {
  return serve((url, res, base) => {
    if (url.pathname === "/sitemap.xml") {
      const parts = ['<?xml version="1.0" encoding="UTF-8"?>'];
      parts.push('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      for (let i = 0; i < count; i += 1) parts.push(`<url><loc>${base}/product/p${i}/</loc></url>`);
      parts.push("</urlset>");
      res.writeHead(200, { "content-type": "application/xml" }).end(parts.join("\n"));
      return;
    }
    const product = /^\/product\/p(\d+)\/$/.exec(url.pathname);
    if (!product) {
      res.writeHead(404).end();
      return;
    }
    const ld = {
      "@context": "https://schema.org",
      "@type": "Product",
      name: `Zorvatide ${product[1]} 10mg`,
      offers: { "@type": "Offer", price: "20.00", priceCurrency: "USD" },
    };
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<!doctype html><html><head><title>p${product[1]}</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`,
      );
  });
}

/** A Shopify shop that answers `perPage` products on every products.json page. */
export function startFloodingShopifyShop(perPage: number): Promise<HostileShop> {
  const products = Array.from({ length: perPage }, (_, i) => ({
    id: 700000 + i,
    title: `Zorvatide Flood ${i} 10mg`,
    handle: `flood-${i}`,
    variants: [
      {
        id: 900000 + i,
        title: "Default Title",
        option1: "Default Title",
        price: "20.00",
        available: true,
      },
    ],
  }));
  const body = JSON.stringify({ products });
  return serve((url, res) => {
    if (url.pathname === "/cart.js") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"currency":"USD"}');
      return;
    }
    if (url.pathname === "/products.json") {
      res.writeHead(200, { "content-type": "application/json" }).end(body);
      return;
    }
    res.writeHead(404).end();
  });
}

/** A WooCommerce Store API that sends its headers, then one byte a second, never finishing. */
export function startTricklingWooShop(): Promise<HostileShop> {
  return serve((url, res) => {
    if (!url.pathname.startsWith("/wp-json/")) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    const text = "[" + " ".repeat(10_000);
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed || sent >= text.length) {
        clearInterval(timer);
        return;
      }
      res.write(text[sent]);
      sent += 1;
    }, 1000);
    // Closing the shop closes every connection, and so stops the trickle.
    res.on("close", () => clearInterval(timer));
  });
}

export interface SlowShop {
  baseUrl: string;
  /** Every request's path (robots.txt included), in arrival order. */
  paths: string[];
  /** Answers still being written: a reader is holding the shop's connection open. */
  open: () => number;
  /** Answers written to the end. */
  answered: () => number;
  /** Changes what a path answers from now on. */
  setPage: (path: string, body: string) => void;
  /** Lets every held answer, and every later one, finish at once. */
  release: () => void;
  /** Answers a byte a second again from now on (as when started). */
  hold: () => void;
  close: () => Promise<void>;
}

/**
 * A shop that answers one byte a second (issue 37 Must 2): headers at once, then the body a
 * byte a second until the test calls `release()` (or `holdSeconds` pass), then the rest. It
 * counts the answers still open and those finished, so a test can tell whether a request of
 * ours returned while the shop was still mid-answer. robots.txt answers at once.
 */
export async function startSlowShop(
  pages: Record<string, string>,
  options: { holdSeconds?: number } = {},
): Promise<SlowShop> {
  const bodies = new Map(Object.entries(pages));
  const holdSeconds = options.holdSeconds ?? 60;
  const paths: string[] = [];
  const waiting = new Set<() => void>();
  let released = false;
  let open = 0;
  let answered = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture");
    paths.push(url.pathname + url.search);
    if (url.pathname === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      return;
    }
    const body = bodies.get(url.pathname);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    open += 1;
    res.on("close", () => {
      open -= 1;
    });
    res.writeHead(200, {
      "content-type": url.pathname.endsWith(".txt") ? "text/plain" : "text/html",
    });
    let sent = 0;
    const finish = () => {
      clearInterval(timer);
      waiting.delete(finish);
      if (res.destroyed) return;
      res.end(body.slice(sent));
      answered += 1;
    };
    const timer = setInterval(() => {
      if (res.destroyed) return finish();
      if (sent >= holdSeconds || sent >= body.length - 1) return finish();
      res.write(body[sent]);
      sent += 1;
    }, 1000);
    res.on("close", () => clearInterval(timer));
    if (released) finish();
    else waiting.add(finish);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    open: () => open,
    answered: () => answered,
    setPage: (path, body) => bodies.set(path, body),
    release: () => {
      released = true;
      for (const finish of [...waiting]) finish();
    },
    hold: () => {
      released = false;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
