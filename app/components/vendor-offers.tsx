import { ExternalLink } from "lucide-react";
import { Link } from "react-router";

import type { VendorOffer } from "~/.server/data/vendor-profile.server";
import { formatLastScraped, formatPrice } from "~/lib/format";
import { formatPack } from "~/lib/offer-view";
import { cn } from "~/lib/utils";

import { DisplayAmount } from "./offer-price";
import { UNAVAILABLE_CLASS } from "./offer-table";
import { StockBadge } from "./stock-badge";

/** The price after coupon in the display currency, or in the offer's own without a rate. */
function FinalPrice({ offer }: { offer: VendorOffer }) {
  if (offer.display === null) {
    return (
      <span className="inline-flex flex-col items-end leading-tight">
        <span className="font-semibold">{formatPrice(offer.priceAfterCoupon, offer.currency)}</span>
        <span className="text-xs text-muted-foreground">no exchange rate</span>
      </span>
    );
  }
  return (
    <DisplayAmount
      amount={offer.display.priceAfterCoupon}
      currency={offer.display.currency}
      converted={offer.display.converted}
      original={{ amount: offer.priceAfterCoupon, currency: offer.currency }}
      className="font-semibold"
    />
  );
}

function PerMg({ offer }: { offer: VendorOffer }) {
  if (offer.display?.perMg != null) {
    return (
      <span className="whitespace-nowrap">
        {offer.display.converted ? "≈ " : ""}
        {formatPrice(offer.display.perMg, offer.display.currency)}/mg
      </span>
    );
  }
  if (offer.pricePerMg !== null) {
    return (
      <span className="whitespace-nowrap">{formatPrice(offer.pricePerMg, offer.currency)}/mg</span>
    );
  }
  return <span className="text-muted-foreground">—</span>;
}

function Checked({ offer }: { offer: VendorOffer }) {
  return (
    <time
      dateTime={offer.priceCheckedAt}
      className="text-xs whitespace-nowrap text-muted-foreground"
    >
      {formatLastScraped(offer.priceCheckedAt)}
    </time>
  );
}

function BuyLink({ offer }: { offer: VendorOffer }) {
  if (!offer.url) return null;
  return (
    <a
      href={offer.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      Buy
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">
        {" "}
        {offer.peptideName} {formatPack(offer.sizeLabel, offer.vials)} (opens in a new tab)
      </span>
    </a>
  );
}

/**
 * Every vendor price of one vendor: peptide, pack, price after the vendor's coupon, per mg,
 * stock and when the price was last checked. Out-of-stock and stale prices are dimmed and
 * marked. Rendered once: a table from 640 px, a card per offer below (app.css .offer-table).
 */
export function VendorOffers({ offers }: { offers: VendorOffer[] }) {
  if (offers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        This vendor has no prices listed yet.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="offer-table" data-testid="vendor-offers">
        <thead>
          <tr>
            <th scope="col">Peptide</th>
            <th scope="col">Size</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Price after coupon
            </th>
            <th scope="col" className="num">
              Price per mg
            </th>
            <th scope="col">Stock</th>
            <th scope="col">Last checked</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => (
            <tr
              key={offer.id}
              data-testid="vendor-offer-row"
              data-buyable={offer.buyable}
              className={cn(!offer.buyable && UNAVAILABLE_CLASS)}
            >
              <td className="font-medium">
                <Link to={`/peptide/${offer.peptideSlug}`} className="hover:underline">
                  {offer.peptideName}
                </Link>
              </td>
              <td data-label="Size">{formatPack(offer.sizeLabel, offer.vials)}</td>
              <td className="num" data-label="Price">
                {formatPrice(offer.price, offer.currency)}
              </td>
              <td className="num" data-label="Price after coupon">
                <FinalPrice offer={offer} />
              </td>
              <td className="num muted" data-label="Price per mg">
                <PerMg offer={offer} />
              </td>
              <td data-label="Stock">
                <StockBadge status={offer.stockStatus} stale={offer.stale} />
              </td>
              <td data-label="Last checked">
                <Checked offer={offer} />
              </td>
              <td>
                <BuyLink offer={offer} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
