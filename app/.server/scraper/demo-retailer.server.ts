import { jsonForScript } from "~/lib/json-ld";
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
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  );
}

/**
 * The demo retailer's sitemap: one product page per peptide (its sizes as ProductGroup
 * variants), so the admin can add the demo retailer as a sitemap shop
 * (`/demo-retailer/sitemap.xml`, a shop in a sub-directory).
 */
export function renderDemoSitemap(baseUrl: string, now?: Date): string {
  const slugs = [...new Set(demoShopItems(now).map((item) => item.peptideSlug))];
  const locs = slugs
    .map(
      (slug) =>
        `<url><loc>${escapeHtml(new URL(`/demo-retailer/products/${slug}`, baseUrl).href)}</loc></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${escapeHtml(new URL("/demo-retailer/shop", baseUrl).href)}</loc></url>
${locs}
</urlset>`;
}

/** Where each platform's theme puts a product's page. */
const DEMO_PRODUCT_PATHS = {
  woo: (slug: string) => `/demo-retailer/woo/product/${slug}/`,
  shopify: (slug: string) => `/demo-retailer/shopify/products/${slug}`,
};
type DemoPlatform = keyof typeof DEMO_PRODUCT_PATHS;

/**
 * A peptide the demo shop sells, with each size it comes in and the address of its page in the
 * given platform's theme; null when the shop sells none of it.
 */
function demoProduct(baseUrl: string, peptideSlug: string, platform: DemoPlatform, now?: Date) {
  const variants = demoShopItems(now).filter((item) => item.peptideSlug === peptideSlug);
  const peptide = DEMO_PEPTIDES.find((p) => slugify(p.name) === peptideSlug);
  if (!peptide || variants.length === 0) return null;
  return {
    name: peptide.name,
    pageUrl: new URL(DEMO_PRODUCT_PATHS[platform](peptideSlug), baseUrl).href,
    variants: variants.map((item) => ({
      ...item,
      size: item.title.slice(peptide.name.length + 1),
    })),
  };
}

/**
 * A WooCommerce-style variable product: its sizes only in the add-to-cart form's
 * `data-product_variations`, its JSON-LD one AggregateOffer for them all, as WooCommerce prints.
 */
export function renderDemoWooProductPage(
  baseUrl: string,
  peptideSlug: string,
  now?: Date,
): string | null {
  const product = demoProduct(baseUrl, peptideSlug, "woo", now);
  if (!product) return null;
  const { pageUrl } = product;
  const prices = product.variants.map((v) => v.price);
  const amount = (value: number) =>
    `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>${value.toFixed(2)}</bdi></span>`;
  const variations = product.variants.map((variant, index) => ({
    attributes: { attribute_pa_size: variant.size },
    availability_html: variant.soldOut ? '<p class="stock out-of-stock">Out of stock</p>' : "",
    display_price: variant.price,
    display_regular_price: variant.price,
    is_in_stock: !variant.soldOut,
    is_purchasable: true,
    price_html: `<span class="price">${amount(variant.price)}</span>`,
    sku: variant.slug.toUpperCase(),
    variation_id: 100 + index,
    variation_is_active: true,
    variation_is_visible: true,
  }));
  const jsonLd = {
    "@context": "https://schema.org/",
    "@graph": [
      {
        "@type": "Product",
        "@id": `${pageUrl}#product`,
        name: product.name,
        url: pageUrl,
        offers: [
          {
            "@type": "AggregateOffer",
            lowPrice: Math.min(...prices).toFixed(2),
            highPrice: Math.max(...prices).toFixed(2),
            offerCount: prices.length,
            priceCurrency: "USD",
            availability: "http://schema.org/InStock",
            url: pageUrl,
          },
        ],
      },
    ],
  };
  const options = product.variants
    .map((v) => `<option value="${escapeHtml(v.size)}">${escapeHtml(v.size)}</option>`)
    .join("");
  return layout(
    product.name,
    `<main><div class="product type-product product-type-variable">
  <div class="summary entry-summary">
    <h1 class="product_title entry-title">${escapeHtml(product.name)}</h1>
    <p class="price">${amount(Math.min(...prices))} &ndash; ${amount(Math.max(...prices))}</p>
    <form class="variations_form cart" action="${escapeHtml(pageUrl)}" method="post" data-product_id="101" data-product_variations="${escapeHtml(JSON.stringify(variations))}">
      <table class="variations" role="presentation"><tbody><tr>
        <th class="label"><label for="pa_size">Size</label></th>
        <td class="value"><select id="pa_size" name="attribute_pa_size" data-attribute_name="attribute_pa_size"><option value="">Choose an option</option>${options}</select></td>
      </tr></tbody></table>
      <button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>
    </form>
  </div>
</div></main>`,
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  );
}

/**
 * A Shopify-style product: every variant in the theme's product JSON (prices in cents), the
 * shop's currency in `Shopify.currency`, the first variant's price in the page.
 */
export function renderDemoShopifyProductPage(
  baseUrl: string,
  peptideSlug: string,
  now?: Date,
): string | null {
  const product = demoProduct(baseUrl, peptideSlug, "shopify", now);
  if (!product) return null;
  const { pageUrl } = product;
  const variants = product.variants.map((variant, index) => ({
    id: 4400 + index,
    title: variant.size,
    option1: variant.size,
    public_title: variant.size,
    name: `${product.name} - ${variant.size}`,
    price: Math.round(variant.price * 100),
    compare_at_price: null,
    available: !variant.soldOut,
    sku: variant.slug.toUpperCase(),
  }));
  const [first] = product.variants;
  return layout(
    product.name,
    `<main class="product__info-container">
  <h1 class="product__title">${escapeHtml(product.name)}</h1>
  <div class="price"><span class="price-item price-item--regular">${price(first.price)} USD</span></div>
  <fieldset><legend>Size</legend>${product.variants.map((v) => `<label><input type="radio" name="Size" value="${escapeHtml(v.size)}">${escapeHtml(v.size)}</label>`).join("")}</fieldset>
  <script type="application/json" data-product-json>${jsonForScript({ id: 77, title: product.name, handle: peptideSlug, variants })}</script>
</main>`,
    `<meta property="og:title" content="${escapeHtml(product.name)}">
<meta property="og:url" content="${escapeHtml(pageUrl)}">
<meta property="og:price:amount" content="${first.price.toFixed(2)}">
<meta property="og:price:currency" content="USD">
<script>window.Shopify = window.Shopify || {}; Shopify.currency = {"active":"USD","rate":"1.0"};</script>`,
  );
}

/** A demo retailer page as the shop serves it: never cached; a product it lacks is a plain 404. */
export function demoRetailerResponse(html: string | null): Response {
  if (html === null) {
    return new Response("Product not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
