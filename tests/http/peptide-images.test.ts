import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { peptides, vendorPeptides } from "~/.server/db/schema";

import { startTestServer, type TestServer } from "../helpers/server";

/**
 * A peptide's picture on the public pages (issue 32): the admin's image, else the image most
 * of its offers carry (stored by the scraper), else the small placeholder.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const SHOP_IMAGE = "/uploads/offer-0123456789abcdef01234567.webp";
const OTHER_SHOP_IMAGE = "/uploads/offer-fedcba9876543210fedcba98.webp";
const ADMIN_IMAGE = "/uploads/peptide-bpc-157-00112233445566778899aabb.webp";

async function page(path: string): Promise<string> {
  const response = await server.fetch(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The <img> tags of the cards named `name` on a page (the featured one and the grid's). */
function cardImages(html: string, name: string): string[] {
  const cards = html.split('<article class="peptide-card"').slice(1);
  return cards
    .filter((card) => card.includes(`aria-label="${name}"`))
    .map((card) => /<img [^>]*>/.exec(card)![0]);
}

const heroImage = (html: string) => /<img [^>]*fetchPriority="high"[^>]*>/i.exec(html)![0];
const ogImage = (html: string) => /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
const jsonLdImages = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => (JSON.parse(match[1]!) as { image?: string }).image,
  );

async function setImages(offerImages: string[], adminImage: string | null) {
  const [bpc] = await server.app.db
    .select({ id: peptides.id })
    .from(peptides)
    .where(eq(peptides.slug, "bpc-157"));
  const offers = await server.app.db
    .select({ id: vendorPeptides.id })
    .from(vendorPeptides)
    .where(eq(vendorPeptides.peptideId, bpc!.id));
  expect(offers.length).toBeGreaterThanOrEqual(offerImages.length);
  for (const [index, offer] of offers.entries()) {
    await server.app.db
      .update(vendorPeptides)
      .set({ imageUrl: offerImages[index] ?? null })
      .where(eq(vendorPeptides.id, offer.id));
  }
  await server.app.db
    .update(peptides)
    .set({ imageUrl: adminImage })
    .where(eq(peptides.id, bpc!.id));
  server.app.cache.clear();
}

describe("a peptide's picture", () => {
  it("is the small placeholder while neither the admin nor a shop gave one", async () => {
    await setImages([], null);
    const [card] = cardImages(await page("/"), "BPC-157");
    expect(card).toContain('src="/images/peptide-placeholder.svg"');
    expect(card).toContain("data-placeholder");
    expect(card).not.toContain("srcSet");
    expect(card).toMatch(/width="400" height="300"/);
    const hero = heroImage(await page("/peptide/bpc-157"));
    expect(hero).toContain('src="/images/peptide-placeholder.svg"');
    expect(hero).toMatch(/width="640" height="480"/);
  });

  it("is the image most of its offers carry when the admin gave none", async () => {
    await setImages([SHOP_IMAGE, OTHER_SHOP_IMAGE, SHOP_IMAGE], null);
    const cards = cardImages(await page("/"), "BPC-157");
    // The featured card and the grid's.
    expect(cards.length).toBeGreaterThanOrEqual(2);
    for (const card of cards) {
      expect(card).toContain(`src="${SHOP_IMAGE}"`);
      expect(card).toContain(`/uploads/w400/${SHOP_IMAGE.slice("/uploads/".length)} 400w`);
      expect(card).toMatch(/sizes="[^"]+"/);
      expect(card).toMatch(/width="400" height="300"/);
      expect(card).not.toContain("data-placeholder");
    }
    const detail = await page("/peptide/bpc-157");
    expect(heroImage(detail)).toContain(`src="${SHOP_IMAGE}"`);
    expect(heroImage(detail)).toMatch(/srcSet="[^"]*\/uploads\/w800\//);
    expect(ogImage(detail)).toBe(new URL(SHOP_IMAGE, server.baseUrl).href);
    expect(jsonLdImages(detail)).toContain(new URL(SHOP_IMAGE, server.baseUrl).href);
  });

  it("is the admin's image whenever there is one", async () => {
    await setImages([SHOP_IMAGE, SHOP_IMAGE], ADMIN_IMAGE);
    for (const card of cardImages(await page("/"), "BPC-157"))
      expect(card).toContain(`src="${ADMIN_IMAGE}"`);
    const detail = await page("/peptide/bpc-157");
    expect(heroImage(detail)).toContain(`src="${ADMIN_IMAGE}"`);
    expect(ogImage(detail)).toBe(new URL(ADMIN_IMAGE, server.baseUrl).href);
  });
});
