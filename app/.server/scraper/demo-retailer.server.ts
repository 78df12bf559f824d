import { slugify } from "~/lib/slug";

import { DEMO_PEPTIDES } from "../seed/demo-data";

/**
 * A small shop the app serves itself at /demo-retailer/ (PRODUCT.md §5), so scraping works
 * offline. Its markup matches the selectors of the seeded demo scrape sources; prices follow
 * the demo catalogue's and drift a little from day to day, so a scrape finds real changes.
 */

export const DEMO_SHOP_PAGE_SIZE = 12;
const DAY_MS = 86_400_000;

export interface DemoShopItem {
  slug: string;
  peptideSlug: string;
  title: string;
  price: number;
  soldOut: boolean;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Shop prices end in .99 or .95, as in the demo catalogue. */
const shopPrice = (value: number) =>
  Math.max(4.99, Math.floor(value) + (value % 1 > 0.5 ? 0.99 : 0.95));

/** A gentle daily drift of a few percent, the same for every request on one day. */
function dailyFactor(index: number, day: number): number {
  const wave = Math.sin((day + index * 7) * 1.3);
  return 1 + wave * 0.03;
}

export function demoShopItems(now: Date = new Date()): DemoShopItem[] {
  const day = Math.floor(now.getTime() / DAY_MS);
  const items = DEMO_PEPTIDES.flatMap((peptide, peptideIndex) =>
    peptide.sizesMg.map((quantity, sizeIndex) => {
      const index = peptideIndex * 3 + sizeIndex;
      const typical = peptide.usdPerMg * quantity * Math.pow(quantity, -0.12) * 1.3;
      return {
        slug: `${slugify(peptide.name)}-${quantity}mg`,
        peptideSlug: slugify(peptide.name),
        title: `${peptide.name} ${quantity}mg`,
        price: shopPrice(typical * dailyFactor(index, day)),
        soldOut: index % 9 === 4,
      };
    }),
  );
  // A listing the catalogue does not know: it lands in the admin's review queue.
  items.push({
    slug: "mystery-blend-5mg",
    peptideSlug: "mystery-blend",
    title: "Mystery Blend X 5mg",
    price: 39.95,
    soldOut: false,
  });
  return items;
}

function layout(title: string, body: string, head = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Demo Retailer</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#1f2937}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:1rem}
.product-card,.product{border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem}
.sold-out,.product-card__sold-out{color:#b91c1c;font-weight:600}
.pagination{display:flex;gap:1rem;margin-top:1rem}
</style>
${head}
</head>
<body>
<header><a href="/demo-retailer/shop">Demo Retailer</a> — a fictional shop for trying the scraper.</header>
${body}
</body>
</html>`;
}

function price(value: number): string {
  return `$${value.toFixed(2)}`;
}

export function renderDemoShopPage(baseUrl: string, requestedPage: number, now?: Date): string {
  const items = demoShopItems(now);
  const pageCount = Math.ceil(items.length / DEMO_SHOP_PAGE_SIZE);
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const cards = items
    .slice((page - 1) * DEMO_SHOP_PAGE_SIZE, page * DEMO_SHOP_PAGE_SIZE)
    .map(
      (item) => `<article class="product-card">
  <h2 class="product-card__name">${escapeHtml(item.title)}</h2>
  <p class="product-card__price">${price(item.price)}</p>
  ${item.soldOut ? '<p class="product-card__sold-out">Sold out</p>' : ""}
  <a class="product-card__link" href="/demo-retailer/products/${item.peptideSlug}">View product</a>
</article>`,
    )
    .join("\n");
  const previous =
    page > 1 ? `<a class="prev" href="/demo-retailer/shop?page=${page - 1}">Previous</a>` : "";
  const next =
    page < pageCount ? `<a class="next" href="/demo-retailer/shop?page=${page + 1}">Next</a>` : "";
  return layout(
    `Shop, page ${page}`,
    `<main><h1>All peptides</h1>
<div class="grid">
${cards}
</div>
<nav class="pagination">${previous}<span>Page ${page} of ${pageCount}</span>${next}</nav>
</main>`,
    `<link rel="canonical" href="${escapeHtml(new URL(`/demo-retailer/shop?page=${page}`, baseUrl).href)}">`,
  );
}

/** One product with its sizes: the first size in the page's markup, every size in JSON-LD. */
export function renderDemoProductPage(
  baseUrl: string,
  peptideSlug: string,
  now?: Date,
): string | null {
  const variants = demoShopItems(now).filter((item) => item.peptideSlug === peptideSlug);
  const [shown] = variants;
  if (!shown) return null;
  const pageUrl = new URL(`/demo-retailer/products/${peptideSlug}`, baseUrl).href;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: shown.title.replace(/\s+\S+$/, ""),
    url: pageUrl,
    hasVariant: variants.map((variant) => ({
      "@type": "Product",
      name: variant.title,
      offers: {
        "@type": "Offer",
        price: variant.price.toFixed(2),
        priceCurrency: "USD",
        availability: variant.soldOut
          ? "https://schema.org/OutOfStock"
          : "https://schema.org/InStock",
        url: `${pageUrl}?size=${encodeURIComponent(variant.slug)}`,
      },
    })),
  };
  return layout(
    shown.title,
    `<main class="product">
  <h1 class="product-title">${escapeHtml(shown.title)}</h1>
  <p class="price">${price(shown.price)}</p>
  ${shown.soldOut ? '<p class="sold-out">Sold out</p>' : ""}
  <p>Other sizes: ${variants.map((v) => escapeHtml(v.title)).join(", ")}</p>
</main>`,
    `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, "\\u003c")}</script>`,
  );
}
