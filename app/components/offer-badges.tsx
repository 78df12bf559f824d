/** Parts of the offer table's cells (offer-columns.tsx): the deal badges and the per-verified-mg line. */
import type { OfferRow } from "~/lib/offer-row";
import { NOT_VERIFIED, PER_VERIFIED_MG_HINT, perVerifiedMg, shippingNote } from "~/lib/offer-view";
import { GOOD_DEAL_TOOLTIP, type GoodDealReason } from "~/lib/good-deal";

import { OfferAmount } from "./offer-price";
import { Badge } from "./ui/badge";

/**
 * The price per verified mg (issue 34) under the per-mg figure, its test's report linked and
 * the formula in the title; "not verified" without a passing test of the size, never a guess.
 */
export function VerifiedPerMg({
  offer,
  suffix = "/verified mg",
}: {
  offer: OfferRow;
  /** "/mg" under a "Per verified mg" header, which already says what the mg are. */
  suffix?: string;
}) {
  const perMg = perVerifiedMg(offer);
  const className = "text-xs whitespace-normal";
  if (!perMg || !offer.verified) {
    return (
      <span className={className} data-testid="per-verified-mg">
        {NOT_VERIFIED}
      </span>
    );
  }
  const title = `${offer.verified.text}. ${PER_VERIFIED_MG_HINT}`;
  return (
    <span className={className} data-testid="per-verified-mg" title={title}>
      <OfferAmount offer={offer} amount={() => perMg.amount} suffix={suffix} />
      {perMg.delivered ? null : " (shipping not stated)"}
      {offer.verified.reportUrl ? (
        <>
          {" · "}
          <a
            href={offer.verified.reportUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-4"
          >
            lab report
          </a>
        </>
      ) : null}
    </span>
  );
}

/** The Best Price and Good Deal badges, and what the Best Price's total covers. */
export function DealBadges({
  offer,
  best,
  deal,
}: {
  offer: OfferRow;
  best: boolean;
  deal?: GoodDealReason;
}) {
  if (!best && !deal) return null;
  return (
    <>
      <span className="flex flex-wrap gap-1 sm:justify-end">
        {best ? <Badge variant="success">Best Price</Badge> : null}
        {deal ? (
          <Badge variant="outline" title={GOOD_DEAL_TOOLTIP[deal]} data-deal={deal}>
            Good Deal
            <span className="sr-only">: {GOOD_DEAL_TOOLTIP[deal]}</span>
          </Badge>
        ) : null}
      </span>
      {best ? (
        <span className="text-xs text-foreground/80" data-testid="best-shipping">
          {shippingNote(offer.display?.shipping ?? null)}
        </span>
      ) : null}
    </>
  );
}
