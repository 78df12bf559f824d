import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { formatDate } from "~/lib/format";
import { describeCouponFeedback } from "~/lib/trust/coupon-feedback";

import { Button } from "../ui/button";

/**
 * Beside a vendor's coupon code: how many buyers said it worked, when one last confirmed it, and
 * (signed in) "Worked" / "Didn't work". Signed out, the buttons are not offered: a vote needs
 * an account, so one person cannot vote many times.
 */
export function CouponFeedback({
  summary,
  signedIn,
}: {
  summary: { worked: number; failed: number; lastConfirmedAt: string | null };
  signedIn: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const line = describeCouponFeedback(
    {
      ...summary,
      lastConfirmedAt: summary.lastConfirmedAt ? new Date(summary.lastConfirmedAt) : null,
    },
    formatDate,
  );
  return (
    <span className="flex flex-col gap-1 text-xs" data-testid="coupon-feedback">
      <span className="text-muted-foreground">{line}</span>
      {signedIn ? (
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-1">
          <input type="hidden" name="intent" value="coupon-feedback" />
          <span className="text-muted-foreground">Did it work for you?</span>
          <Button type="submit" size="sm" variant="outline" name="worked" value="yes">
            <ThumbsUp className="size-3.5" aria-hidden /> Worked
          </Button>
          <Button type="submit" size="sm" variant="outline" name="worked" value="no">
            <ThumbsDown className="size-3.5" aria-hidden /> Didn&apos;t work
          </Button>
        </fetcher.Form>
      ) : (
        <span className="text-muted-foreground">Log in to say whether it worked for you.</span>
      )}
    </span>
  );
}
