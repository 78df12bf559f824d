import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "~/components/ui/toast";

import { formatDate } from "~/lib/format";
import { formatCouponDiscount, isCouponActive, type Coupon } from "~/lib/pricing";
import { couponVotesLine, type CouponVotes } from "~/lib/trust/coupon-feedback";
import { VENDOR_REPORTED_COUPON_LABEL } from "~/lib/vendor-accounts";

/** The coupon code with a button that copies it, confirmed by SPEC.md's toast. */
export function CopyCouponButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success("Coupon code copied!");
    } catch {
      toast.error("Could not copy the coupon code");
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy coupon code ${code}`}
      className="coupon-btn"
    >
      {code}
      {copied ? <Check className="size-3" aria-hidden /> : <Copy className="size-3" aria-hidden />}
    </button>
  );
}

/** A vendor's coupon: copyable while valid, marked expired (and not applied) once past its date. */
export function CouponCell({
  coupon,
  currency = "USD",
  showDiscount = false,
  reportedByVendor = false,
  votes = null,
}: {
  coupon: Coupon | null;
  /** Buyers' worked / didn't-work votes and the last confirmation (issue 33 Must 2). */
  votes?: CouponVotes | null;
  /** The vendor entered it and no buyer has confirmed it yet (issue 33). */
  reportedByVendor?: boolean;
  /** The vendor's currency, that of a fixed discount. */
  currency?: string;
  showDiscount?: boolean;
}) {
  if (!coupon) return <span className="text-muted-foreground">—</span>;
  const votesLine = couponVotesLine(votes, formatDate);
  if (!isCouponActive(coupon)) {
    return (
      <span className="text-xs text-muted-foreground" suppressHydrationWarning>
        <s className="font-mono">{coupon.code}</s> expired
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5">
      <CopyCouponButton code={coupon.code} />
      {showDiscount ? (
        <span className="text-xs text-muted-foreground">
          {formatCouponDiscount(coupon, currency)}
        </span>
      ) : null}
      {reportedByVendor ? (
        <span className="text-xs text-muted-foreground">{VENDOR_REPORTED_COUPON_LABEL}</span>
      ) : null}
      {votesLine ? (
        <span className="text-xs text-muted-foreground" data-testid="coupon-votes">
          {votesLine}
        </span>
      ) : null}
    </span>
  );
}
