import { ExternalLink } from "lucide-react";
import { Link } from "react-router";

import type { VendorOffer } from "~/.server/data/vendor-profile.server";
import { formatLastScraped, formatPrice } from "~/lib/format";
import { formatPack } from "~/lib/offer-view";
import { cn } from "~/lib/utils";

import { DisplayAmount } from "./offer-price";
import { UNAVAILABLE_CLASS } from "./offer-table";
import { StockBadge } from "./stock-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table";

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
 * marked. A table from 640 px, a card per offer below.
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
    <>
      <ul className="flex flex-col gap-3 sm:hidden" data-testid="vendor-offer-cards">
        {offers.map((offer) => (
          <li
            key={offer.id}
            data-testid="vendor-offer-card"
            data-buyable={offer.buyable}
            className={cn(
              "flex flex-col gap-2 rounded-xl border bg-card p-4 tabular-nums",
              !offer.buyable && UNAVAILABLE_CLASS,
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-1">
                <Link to={`/peptide/${offer.peptideSlug}`} className="font-medium hover:underline">
                  {offer.peptideName}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {formatPack(offer.sizeLabel, offer.vials)}
                </span>
                <StockBadge status={offer.stockStatus} stale={offer.stale} />
              </div>
              <FinalPrice offer={offer} />
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Price</dt>
              <dd className="text-right">{formatPrice(offer.price, offer.currency)}</dd>
              <dt className="text-muted-foreground">Per mg</dt>
              <dd className="text-right">
                <PerMg offer={offer} />
              </dd>
              <dt className="text-muted-foreground">Last checked</dt>
              <dd className="text-right">
                <Checked offer={offer} />
              </dd>
            </dl>
            <BuyLink offer={offer} />
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table className="tabular-nums" data-testid="vendor-offers">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Peptide</TableHead>
              <TableHead scope="col">Size</TableHead>
              <TableHead scope="col" className="text-right">
                Price
              </TableHead>
              <TableHead scope="col" className="text-right">
                Price after coupon
              </TableHead>
              <TableHead scope="col" className="text-right">
                Price per mg
              </TableHead>
              <TableHead scope="col">Stock</TableHead>
              <TableHead scope="col">Last checked</TableHead>
              <TableHead scope="col">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {offers.map((offer) => (
              <TableRow
                key={offer.id}
                data-testid="vendor-offer-row"
                data-buyable={offer.buyable}
                className={cn(!offer.buyable && UNAVAILABLE_CLASS)}
              >
                <TableCell className="font-medium">
                  <Link to={`/peptide/${offer.peptideSlug}`} className="hover:underline">
                    {offer.peptideName}
                  </Link>
                </TableCell>
                <TableCell>{formatPack(offer.sizeLabel, offer.vials)}</TableCell>
                <TableCell className="text-right">
                  {formatPrice(offer.price, offer.currency)}
                </TableCell>
                <TableCell className="text-right">
                  <FinalPrice offer={offer} />
                </TableCell>
                <TableCell className="text-right text-muted-foreground">
                  <PerMg offer={offer} />
                </TableCell>
                <TableCell>
                  <StockBadge status={offer.stockStatus} stale={offer.stale} />
                </TableCell>
                <TableCell>
                  <Checked offer={offer} />
                </TableCell>
                <TableCell>
                  <BuyLink offer={offer} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
