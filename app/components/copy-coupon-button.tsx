import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { formatCouponDiscount, isCouponActive, type Coupon } from "~/lib/pricing";

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
}: {
  coupon: Coupon | null;
  /** The vendor's currency, that of a fixed discount. */
  currency?: string;
  showDiscount?: boolean;
}) {
  if (!coupon) return <span className="text-muted-foreground">—</span>;
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
    </span>
  );
}
