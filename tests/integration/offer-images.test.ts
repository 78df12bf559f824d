import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import { vendorPeptides } from "~/.server/db/schema";
import { resolveUploadDir } from "~/.server/platform/storage.server";
import { scrapeSource } from "~/.server/scraper/run.server";
import { getScrapeSource } from "~/.server/data/scrape-sources.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import { createSourceWithVendor, FIXTURE_CATEGORY_SELECTORS } from "../helpers/scrape-sources";

/**
 * A shop on 127.0.0.1 whose catalogue page names a product image for each product: one real
 * PNG, and three hostile ones (a redirect to another local address, 6 MB, an HTML page). The
 * app's own origin is the shop's, so the address guard trusts the shop and nothing else local.
 */
interface Shop {
  baseUrl: string;
  requests: string[];
  close: () => Promise<void>;
}

async function listen(handler: http.RequestListener): Promise<http.Server> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

const originOf = (server: http.Server) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function startShop(
  png: Buffer,
): Promise<
  Shop & { elsewhere: string[]; products: { name: string; price: string; image: string }[] }
> {
  const requests: string[] = [];
  const elsewhere: string[] = [];
  // Another local origin: never trusted, so a redirect there is refused before it is asked.
  const other = await listen((req, res) => {
    elsewhere.push(req.url ?? "");
    res.writeHead(200, { "content-type": "image/png" }).end(png);
  });
  const products = [
    { name: "BPC-157 10mg", price: "41.50", image: "/img/bpc-157.png" },
    { name: "TB-500 5mg", price: "30.95", image: "/img/moved.png" },
    { name: "GHK-Cu 50mg", price: "27.99", image: "/img/huge.png" },
    { name: "Epitalon 10mg", price: "24.50", image: "/img/page.png" },
  ];
  // Built on each request: a test may point a product at another image.
  const catalogue = () =>
    `<!doctype html><html><head><title>Shop</title><script type="application/ld+json">${JSON.stringify(
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        itemListElement: products.map((product) => ({
          "@type": "Product",
          name: product.name,
          image: product.image,
          offers: { "@type": "Offer", price: product.price, priceCurrency: "USD" },
        })),
      },
    )}</script></head><body><div class="item"><h3 class="item-name">x</h3></div></body></html>`;
  const server = await listen((req, res) => {
    const url = req.url ?? "/";
    requests.push(url);
    if (url === "/robots.txt") res.writeHead(200, { "content-type": "text/plain" }).end("");
    else if (url === "/catalogue")
      res.writeHead(200, { "content-type": "text/html" }).end(catalogue());
    else if (url === "/img/bpc-157.png" || url === "/img/bpc-157-new.png")
      res.writeHead(200, { "content-type": "image/png" }).end(png);
    else if (url === "/img/moved.png")
      res.writeHead(302, { location: `${originOf(other)}/secret.png` }).end();
    else if (url === "/img/huge.png")
      res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(6 * 1024 * 1024, 1));
    else if (url === "/img/page.png")
      res.writeHead(200, { "content-type": "text/html" }).end("<html>not an image</html>");
    else res.writeHead(404).end();
  });
  return {
    baseUrl: originOf(server),
    requests,
    elsewhere,
    products,
    close: async () => {
      for (const s of [server, other]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

let app: TestApp;
let shop: Awaited<ReturnType<typeof startShop>>;

beforeAll(async () => {
  const png = await sharp({
    create: { width: 2000, height: 1500, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  shop = await startShop(png);
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "false" }, { baseUrl: shop.baseUrl });
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
});

afterAll(async () => {
  await app?.dispose();
  await shop?.close();
});

const offerImages = async (vendorId: string) => {
  const rows = await app.db
    .select({
      url: vendorPeptides.url,
      imageUrl: vendorPeptides.imageUrl,
      imageSourceUrl: vendorPeptides.imageSourceUrl,
    })
    .from(vendorPeptides)
    .where(eq(vendorPeptides.vendorId, vendorId));
  return new Map(rows.map((row) => [row.imageSourceUrl?.replace(shop.baseUrl, ""), row.imageUrl]));
};

describe("a run keeps the product images its listings name", () => {
  it("stores the real image re-encoded beside its offer and skips the hostile ones", async () => {
    const { id, vendorId } = await createSourceWithVendor(app.db, {
      ...FIXTURE_CATEGORY_SELECTORS,
      url: `${shop.baseUrl}/catalogue`,
      paginationSelector: null,
      nextPageSelector: null,
    });
    const result = await scrapeSource(app, (await getScrapeSource(app.db, id))!);
    expect(result.ok).toBe(true);
    expect(result.summary.updated).toBe(4);

    const images = await offerImages(vendorId);
    const stored = images.get("/img/bpc-157.png");
    expect(stored).toMatch(/^\/uploads\/offer-[0-9a-f]+\.webp$/);
    const file = path.join(resolveUploadDir(app.env), path.basename(stored!));
    const metadata = await sharp(await fs.promises.readFile(file)).metadata();
    // Re-encoded by the upload pipeline: WebP, fitted within 1600 px.
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 1600, 1200]);

    // Tried and refused: recorded without an image, and the run still succeeded.
    expect(images.get("/img/moved.png")).toBeNull();
    expect(images.get("/img/huge.png")).toBeNull();
    expect(images.get("/img/page.png")).toBeNull();
    expect(shop.elsewhere).toEqual([]);

    // The next run names the same images: none is fetched again.
    await scrapeSource(app, (await getScrapeSource(app.db, id))!);
    for (const image of ["/img/bpc-157.png", "/img/moved.png", "/img/huge.png", "/img/page.png"])
      expect(shop.requests.filter((request) => request === image)).toHaveLength(1);
    expect((await offerImages(vendorId)).get("/img/bpc-157.png")).toBe(stored);

    // The listing names a new image: the new one is stored and the replaced file (with the
    // variant a visitor's page made of it) is deleted once no offer names it.
    const uploadDir = resolveUploadDir(app.env);
    const variant = path.join(uploadDir, "w400", path.basename(stored!));
    await fs.promises.mkdir(path.dirname(variant), { recursive: true });
    await fs.promises.writeFile(variant, "a variant");
    shop.products[0]!.image = "/img/bpc-157-new.png";
    await scrapeSource(app, (await getScrapeSource(app.db, id))!);
    const replaced = (await offerImages(vendorId)).get("/img/bpc-157-new.png");
    expect(replaced).toMatch(/^\/uploads\/offer-[0-9a-f]+\.webp$/);
    expect(replaced).not.toBe(stored);
    expect(fs.existsSync(path.join(uploadDir, path.basename(replaced!)))).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(variant)).toBe(false);
  });
});
