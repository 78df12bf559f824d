import type { CheerioAPI } from "cheerio";

import { currencyCode } from "~/lib/currency";
import { parsePrice } from "~/lib/price";

export interface VisiblePrice {
  amount: number;
  /** ISO code when the printed symbol names one currency. */
  currency: string | null;
}

/**
 * Where the shop platforms print the main product's current price, most specific first. Each
 * entry reads an attribute holding the plain amount, or the element's HTML (sale markup and
 * labels are understood by parsePrice).
 */
const PRICE_SPOTS: { selector: string; attribute?: string }[] = [
  // Magento Luma
  { selector: '.product-info-main [data-price-type="finalPrice"]', attribute: "data-price-amount" },
  // PrestaShop classic
  { selector: ".product-prices .current-price [content]", attribute: "content" },
  { selector: ".product-prices .current-price-value" },
  // BigCommerce Cornerstone
  { selector: ".productView-price [data-product-price-with-tax]" },
  { selector: ".productView-price [data-product-price-without-tax]" },
  // Shopify Dawn: the sale price when the product is on sale, else the regular one
  { selector: ".product__info-container .price--on-sale .price__sale .price-item--sale" },
  { selector: ".product__info-container .price__regular .price-item--regular" },
  // WooCommerce
  { selector: ".product .summary .price" },
  { selector: ".product .entry-summary .price" },
  // Amazon
  { selector: "#corePrice_feature_div .a-price:not(.a-text-price) .a-offscreen" },
  { selector: "#corePriceDisplay_desktop_feature_div .a-price:not(.a-text-price) .a-offscreen" },
  { selector: "#apex_desktop .a-price:not(.a-text-price) .a-offscreen" },
  { selector: "#priceblock_dealprice" },
  { selector: "#priceblock_ourprice" },
];

const PRICE_RANGE = /\d\s*(?:[–—-]|to)\s*\D{0,4}\d/;

/** The product page's visible current price, where a known shop layout prints it. */
export function visibleCurrentPrice($: CheerioAPI): VisiblePrice | null {
  for (const { selector, attribute } of PRICE_SPOTS) {
    const element = $(selector).first();
    if (element.length === 0) continue;
    const raw = attribute ? element.attr(attribute) : element.html();
    const parsed = parsePrice(raw ?? "");
    if (parsed.amount === null || parsed.amount <= 0) continue;
    // A range ("$40.00 – $70.00") is a variable product's summary, not one price.
    if (!attribute && PRICE_RANGE.test(element.text())) continue;
    return { amount: parsed.amount, currency: currencyCode(parsed.currency) };
  }
  return null;
}

/** Where the shop platforms mark the main product out of stock. */
const SOLD_OUT_SPOTS = [
  ".product-info-main .stock.unavailable", // Magento Luma
  ".product .summary .stock.out-of-stock", // WooCommerce
  "#product-availability .product-unavailable", // PrestaShop classic
  ".product__info-container .price--sold-out", // Shopify Dawn
  "#outOfStock", // Amazon
];

/** Whether a known shop layout shows the page's product as out of stock. */
export const visiblySoldOut = ($: CheerioAPI): boolean =>
  SOLD_OUT_SPOTS.some((selector) => $(selector).length > 0);
