import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { Page, Route } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { categories, peptides, sizeOptions, vendorPeptides, vendors } from "~/.server/db/schema";
import { storeImageUpload } from "~/.server/services/uploads.server";
import { PEPTIDE_PLACEHOLDER_IMAGE } from "~/lib/peptide-image";
import { PLACEHOLDER_IMAGE } from "~/lib/responsive-image";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { PHONE, SETTLE, startPublicBrowser } from "../helpers/public-browser";

/**
 * Real product images (issue 32) in a browser: a peptide shows the admin's image, else the
 * image most of its offers carry, else the light placeholder; cards and the detail page pick
 * a resized variant (srcset and sizes) and keep their box while the image loads.
 */
// A folder of its own: the server (the build) and this file (the sources) store images alike.
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "product-images-"));
const site = startPublicBrowser({ UPLOAD_DIR: uploadDir });
afterAll(() => fs.rmSync(uploadDir, { recursive: true, force: true }));
const DESKTOP = { width: 1366, height: 900 };

/** This file's category and its three peptides, one per step of the fallback. */
const shop = {
  category: "",
  admin: { name: "", slug: "", image: "" },
  mostUsed: { name: "", slug: "", image: "", lessUsed: "" },
  none: { name: "", slug: "" },
};

/** A stored upload (checked and re-encoded as any admin or shop image is) of one colour. */
async function storedImage(colour: string): Promise<string> {
  const png = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  const { url } = await storeImageUpload(
    site.server.app,
    new File([new Uint8Array(png)], "photo.png"),
    { prefix: "offer" },
  );
  return url;
}

beforeAll(async () => {
  const db = site.server.app.db;
  const tag = randomUUID().slice(0, 8);
  const [category] = await db
    .insert(categories)
    .values({ name: `Image Category ${tag}`, slug: `image-category-${tag}` })
    .returning({ slug: categories.slug, id: categories.id });
  shop.category = category!.slug;
  const vendorIds: string[] = [];
  for (const letter of ["A", "B", "C"]) {
    const [vendor] = await db
      .insert(vendors)
      .values({ name: `Image Vendor ${letter} ${tag}` })
      .returning({ id: vendors.id });
    vendorIds.push(vendor!.id);
  }
  /** A peptide in the category with one offer per vendor, each carrying `offerImages[i]`. */
  async function peptide(name: string, adminImage: string | null, offerImages: (string | null)[]) {
    const slug = name.toLowerCase().replaceAll(" ", "-");
    const [row] = await db
      .insert(peptides)
      .values({ name, slug, categoryId: category!.id, imageUrl: adminImage })
      .returning({ id: peptides.id });
    const [size] = await db
      .insert(sizeOptions)
      .values({ peptideId: row!.id, quantity: 10, unit: "mg" })
      .returning({ id: sizeOptions.id });
    for (const [index, imageUrl] of offerImages.entries()) {
      await db.insert(vendorPeptides).values({
        peptideId: row!.id,
        sizeOptionId: size!.id,
        vendorId: vendorIds[index]!,
        price: 40 + index,
        imageUrl,
      });
    }
    return { name, slug };
  }

  const [adminImage, shopImage, red, green] = await Promise.all([
    storedImage("#c0392b"),
    storedImage("#2471a3"),
    storedImage("#aa3355"),
    storedImage("#33aa55"),
  ]);
  // The image on one offer sorts first, so only the count makes the other the choice.
  const [lessUsed, mostUsed] = [red, green].sort();
  shop.admin = {
    ...(await peptide(`Image Admin ${tag}`, adminImage, [shopImage, shopImage])),
    image: adminImage,
  };
  shop.mostUsed = {
    ...(await peptide(`Image Shop ${tag}`, null, [lessUsed!, mostUsed!, mostUsed!])),
    image: mostUsed!,
    lessUsed: lessUsed!,
  };
  shop.none = await peptide(`Image None ${tag}`, null, [null, null]);
});

/**
 * A page whose stored images are held until `release` is called, so a test can measure the
 * image boxes before and after the images arrive. Every image URL the page asks for is kept.
 */
async function openHeld(path: string, viewport: { width: number; height: number }) {
  const context = await newVerifiedContext(site.browser, { viewport });
  const requested: string[] = [];
  const held: Route[] = [];
  let released = false;
  await context.route(
    (url) => url.pathname.startsWith("/uploads/") || url.pathname.startsWith("/images/"),
    (route) => {
      requested.push(new URL(route.request().url()).pathname);
      if (released) void route.continue();
      else held.push(route);
    },
  );
  const page = await context.newPage();
  // Not until "load": that waits for the held images.
  await page.goto(site.url(path), { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  return {
    page,
    requested,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

const uploadName = (url: string) => url.slice("/uploads/".length);

/** The img's box, its responsive attributes and what it loaded. */
function imageState(page: Page, selector: string) {
  return page.locator(selector).evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return {
      width: box.width,
      height: box.height,
      attrWidth: Number(img.getAttribute("width")),
      attrHeight: Number(img.getAttribute("height")),
      src: img.getAttribute("src"),
      srcset: img.getAttribute("srcset"),
      sizes: img.getAttribute("sizes"),
      placeholder: img.hasAttribute("data-placeholder"),
      displayed: img.offsetParent !== null,
    };
  });
}

/** The pixel width of an image file the server sends. */
async function pixelWidth(page: Page, path: string): Promise<number | undefined> {
  const response = await page.request.get(site.url(path));
  return (await sharp(await response.body()).metadata()).width;
}

/** Waits for the img to finish loading and answers the file it chose. */
async function loaded(page: Page, selector: string) {
  const img = page.locator(selector);
  await page.waitForFunction(
    (element) => (element as HTMLImageElement).complete,
    await img.elementHandle(),
    SETTLE,
  );
  return img.evaluate((element: HTMLImageElement) => ({
    currentSrc: new URL(element.currentSrc).pathname,
  }));
}

const cardImage = (name: string) => `article[aria-label="${name}"] img`;
const DETAIL_IMAGE = 'img.peptide-image[fetchpriority="high"]';

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("product images at %s width", (label, viewport) => {
  const phone = label === "phone";

  it("cards: the admin's image, else the most used shop image, else the light placeholder, in a box that does not move", async () => {
    const { page, requested, release } = await openHeld(`/?category=${shop.category}`, viewport);
    const cards = [shop.admin, shop.mostUsed, shop.none].map((p) => cardImage(p.name));
    const before = await Promise.all(cards.map((selector) => imageState(page, selector)));
    const [admin, mostUsed, none] = before;

    for (const [state, image] of [
      [admin!, shop.admin.image],
      [mostUsed!, shop.mostUsed.image],
    ] as const) {
      expect(state.src).toBe(image);
      // Variants the server makes from the stored upload, and the slot they fill.
      expect(state.srcset).toContain(`/uploads/w400/${uploadName(image)} 400w`);
      expect(state.srcset).toContain(`/uploads/w800/${uploadName(image)} 800w`);
      expect(state.sizes).toMatch(/300px/);
      expect(state.placeholder).toBe(false);
    }
    expect(none!.src).toBe(PEPTIDE_PLACEHOLDER_IMAGE);
    expect(none!.srcset).toBeNull();
    expect(none!.placeholder).toBe(true);
    for (const state of before) expect([state.attrWidth, state.attrHeight]).toEqual([400, 300]);

    if (phone) {
      // A phone's card is a compact row: its image is neither shown nor fetched.
      await release();
      for (const state of before) expect(state.displayed).toBe(false);
      expect(requested.filter((path) => path.startsWith("/uploads/"))).toEqual([]);
      await page.context().close();
      return;
    }

    // Before any image arrived each box already has its 4:3 size; the images change nothing.
    for (const state of before) {
      expect(state.displayed).toBe(true);
      expect(state.width).toBeGreaterThan(200);
      expect(Math.abs(state.height - (state.width * 3) / 4)).toBeLessThanOrEqual(1);
    }
    await release();
    const adminLoaded = await loaded(page, cards[0]!);
    const mostUsedLoaded = await loaded(page, cards[1]!);
    const noneLoaded = await loaded(page, cards[2]!);
    // A card about 300 px wide takes the 400 px variant, not the 1200 px upload.
    expect(adminLoaded.currentSrc).toBe(`/uploads/w400/${uploadName(shop.admin.image)}`);
    expect(mostUsedLoaded.currentSrc).toBe(`/uploads/w400/${uploadName(shop.mostUsed.image)}`);
    expect(await pixelWidth(page, adminLoaded.currentSrc)).toBe(400);
    expect(noneLoaded.currentSrc).toBe(PEPTIDE_PLACEHOLDER_IMAGE);
    expect(requested.some((path) => path.includes(uploadName(shop.mostUsed.lessUsed)))).toBe(false);
    const after = await Promise.all(cards.map((selector) => imageState(page, selector)));
    after.forEach((state, index) => {
      expect(state.width).toBe(before[index]!.width);
      expect(state.height).toBe(before[index]!.height);
    });
    await page.context().close();
  });

  it("the detail page: the chosen image in a responsive, fixed box; the placeholder is the light one", async () => {
    for (const [peptide, image] of [
      [shop.admin, shop.admin.image],
      [shop.mostUsed, shop.mostUsed.image],
    ] as const) {
      const { page, release } = await openHeld(`/peptide/${peptide.slug}`, viewport);
      const before = await imageState(page, DETAIL_IMAGE);
      expect(before.src).toBe(image);
      expect(before.srcset).toContain(`/uploads/w800/${uploadName(image)} 800w`);
      expect(before.sizes).toMatch(/320px/);
      expect([before.attrWidth, before.attrHeight]).toEqual([640, 480]);
      expect(Math.abs(before.height - (before.width * 3) / 4)).toBeLessThanOrEqual(1);
      await release();
      const { currentSrc } = await loaded(page, DETAIL_IMAGE);
      // 320 px beside the text on a desktop, the page's width on a phone: the 400 px variant.
      expect(currentSrc).toBe(`/uploads/w400/${uploadName(image)}`);
      expect(await pixelWidth(page, currentSrc)).toBe(400);
      const after = await imageState(page, DETAIL_IMAGE);
      expect([after.width, after.height]).toEqual([before.width, before.height]);
      await page.context().close();
    }

    const { page, release } = await openHeld(`/peptide/${shop.none.slug}`, viewport);
    const placeholder = await imageState(page, DETAIL_IMAGE);
    expect(placeholder.src).toBe(PEPTIDE_PLACEHOLDER_IMAGE);
    expect(placeholder.placeholder).toBe(true);
    await release();
    await loaded(page, DETAIL_IMAGE);
    // The light placeholder: a few hundred bytes, not the old photo-like bottle.
    const light = await page.request.get(site.url(PEPTIDE_PLACEHOLDER_IMAGE));
    const old = await page.request.get(site.url(PLACEHOLDER_IMAGE));
    const lightBytes = (await light.body()).length;
    expect(lightBytes).toBeLessThan(1024);
    expect(lightBytes * 10).toBeLessThan((await old.body()).length);
    // Drawn smaller than the slot: padded inside it rather than filling it.
    const padding = await page
      .locator(DETAIL_IMAGE)
      .evaluate((img) => parseFloat(getComputedStyle(img).paddingLeft));
    expect(padding).toBeGreaterThan(placeholder.width * 0.15);
    await page.context().close();
  });
});
