import { ExternalLink } from "lucide-react";
import { Link } from "react-router";

import { CopyCouponButton } from "~/components/copy-coupon-button";
import { FailedLabTestWarning } from "~/components/lab-tests-section";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useRootData } from "~/hooks/use-root-data";
import { offerLinkPath, outboundRel } from "~/lib/affiliate";
import { formatDate, formatPrice } from "~/lib/format";
import type { StackBasket, StackResult, StackSplit } from "~/lib/stack";

/** How the optimizer counts coupons and shipping, said wherever its totals are shown. */
export function StackRulesNote() {
  return (
    <p className="text-xs text-muted-foreground">
      Only offers in stock and recently checked count. Each vendor&apos;s coupon is applied to its
      whole order first; shipping is free when the order <em>after</em> the coupon reaches the
      vendor&apos;s free-shipping threshold. A coupon that would cost more in shipping than it saves
      is left out. Each line is bought from one vendor, in packs covering the quantity. Vendors that
      do not state their shipping are never counted as shipping free: the cheapest split is sought
      among the others, and a vendor without stated shipping is used only for what no other sells.
    </p>
  );
}

/** "+ shipping not stated at 2 vendors": what a split's total leaves out; null when nothing. */
export function shippingNotStatedText(split: Pick<StackSplit, "shippingNotStatedVendors">) {
  const count = split.shippingNotStatedVendors;
  return count === 0
    ? null
    : `+ shipping not stated at ${count} ${count === 1 ? "vendor" : "vendors"}`;
}

/** The optimizer's answer: the total, the saving, and one basket per vendor with Buy links. */
export function StackBaskets({ result }: { result: StackResult }) {
  const { currency } = result;
  return (
    <section aria-labelledby="stack-result-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 rounded-lg border bg-muted/40 p-4">
        <h2 id="stack-result-heading" className="text-lg font-semibold">
          Cheapest split
        </h2>
        <p className="text-3xl font-semibold tabular-nums">
          <span data-testid="stack-total">{formatPrice(result.total, currency)}</span>
          {shippingNotStatedText(result) ? (
            <span className="ml-2 text-base font-normal" data-testid="stack-shipping-not-stated">
              {shippingNotStatedText(result)}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {result.baskets.length === 1
            ? "From one vendor"
            : `Across ${result.baskets.length} vendors`}
          {result.singleVendorBest ? (
            <>
              {" · "}
              cheapest single vendor with everything: {result.singleVendorBest.vendorName},{" "}
              <span className="tabular-nums">
                {formatPrice(result.singleVendorBest.total, currency)}
              </span>
              {result.saving !== null && result.saving > 0 ? (
                <strong className="text-success" data-testid="stack-saving">
                  {" "}
                  (you save {formatPrice(result.saving, currency)})
                </strong>
              ) : null}
            </>
          ) : (
            " · no single vendor sells everything"
          )}
        </p>
      </div>
      {result.unavailable.length > 0 ? (
        <p role="status" className="rounded-md border border-warning/50 p-3 text-sm">
          Not in stock anywhere today, left out of the total:{" "}
          {result.unavailable.map((line) => `${line.peptide} ${line.size}`).join(", ")}
        </p>
      ) : null}
      <BasketList baskets={result.baskets} currency={currency} testId="stack-basket" />
      {result.unknownShippingOption ? (
        <section
          aria-labelledby="stack-unknown-shipping-heading"
          className="flex flex-col gap-3"
          data-testid="stack-unknown-shipping-option"
        >
          <h3 id="stack-unknown-shipping-heading" className="text-base font-semibold">
            Possibly cheaper, with vendors that do not state shipping
          </h3>
          <p className="text-sm text-muted-foreground">
            <span className="tabular-nums">
              {formatPrice(result.unknownShippingOption.total, currency)}
            </span>{" "}
            {shippingNotStatedText(result.unknownShippingOption)}:{" "}
            {formatPrice(result.total - result.unknownShippingOption.total, currency)} less than the
            split above before that shipping, so cheaper only if it costs less. Ask those vendors
            before you buy.
          </p>
          <BasketList
            baskets={result.unknownShippingOption.baskets}
            currency={currency}
            testId="stack-option-basket"
          />
        </section>
      ) : null}
      <StackRulesNote />
    </section>
  );
}

/** One card per vendor: its lines with Buy links, coupon, shipping and basket total. */
function BasketList({
  baskets,
  currency,
  testId,
}: {
  baskets: StackBasket[];
  currency: string;
  /** Tests tell the best split's baskets ("stack-basket") from those listed apart. */
  testId: string;
}) {
  const affiliatedVendorIds = useRootData()?.affiliatedVendorIds ?? [];
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {baskets.map((basket) => (
        <li key={basket.vendor}>
          <Card data-testid={testId} className="h-full">
            <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
              <CardTitle className="text-lg">
                <Link to={`/vendor/${basket.vendor}`} className="hover:underline">
                  {basket.vendorName}
                </Link>
              </CardTitle>
              {basket.couponCode ? (
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  Coupon <CopyCouponButton code={basket.couponCode} />
                  {basket.couponExpires ? `until ${formatDate(basket.couponExpires)}` : null}
                </span>
              ) : null}
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <ul className="flex flex-col divide-y text-sm">
                {basket.items.map((item) => (
                  <li
                    key={`${item.peptide}-${item.size}`}
                    className="flex flex-wrap items-center justify-between gap-2 py-2"
                  >
                    <span>
                      <span className="font-medium">{item.peptideName}</span> {item.size}
                      <span className="block text-xs text-muted-foreground tabular-nums">
                        {item.packs} × {formatPrice(item.unitPrice, currency)}
                        {item.vialsPerPack > 1 ? ` (packs of ${item.vialsPerPack} vials)` : ""}
                        {item.packs * item.vialsPerPack !== item.quantity
                          ? ` for ${item.quantity} vials`
                          : ""}
                      </span>
                      {/* Only when the buyer includes failed-lab offers in Best Price. */}
                      {item.labWarning ? (
                        <span className="mt-1 block" data-testid="stack-lab-warning">
                          <FailedLabTestWarning warning={item.labWarning} />
                        </span>
                      ) : null}
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="tabular-nums">{formatPrice(item.lineTotal, currency)}</span>
                      {item.url ? (
                        <Button asChild size="sm">
                          <a
                            href={offerLinkPath(item.offerId)}
                            target="_blank"
                            rel={outboundRel(affiliatedVendorIds.includes(item.vendorId))}
                            aria-label={`Buy ${item.peptideName} ${item.size} at ${basket.vendorName}`}
                          >
                            Buy <ExternalLink className="size-3" aria-hidden />
                          </a>
                        </Button>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 border-t pt-3 text-sm tabular-nums">
                <dt className="text-muted-foreground">Subtotal</dt>
                <dd className="text-right">{formatPrice(basket.subtotal, currency)}</dd>
                {basket.discount > 0 ? (
                  <>
                    <dt className="text-muted-foreground">Coupon</dt>
                    <dd className="text-right">−{formatPrice(basket.discount, currency)}</dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">Shipping</dt>
                <dd className="text-right">
                  {basket.shipping === null
                    ? "Not stated"
                    : basket.shipping === 0
                      ? "Free"
                      : formatPrice(basket.shipping, currency)}
                </dd>
                <dt className="font-medium">Basket total</dt>
                <dd className="text-right font-medium" data-testid={`${testId}-total`}>
                  {formatPrice(basket.total, currency)}
                  {basket.shipping === null ? " + shipping" : ""}
                </dd>
              </dl>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** A stack's quote: the baskets, or why it could not be priced (too many lines, say). */
export function StackQuote({
  error,
  result,
}: {
  error: string | null;
  result: StackResult | null;
}) {
  return (
    <>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
        >
          {error}
        </p>
      ) : null}
      {result ? <StackBaskets result={result} /> : null}
    </>
  );
}
