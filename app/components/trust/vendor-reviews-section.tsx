import { Star } from "lucide-react";
import { Link, useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { formatDate } from "~/lib/format";
import {
  REVIEW_INTERVAL_DAYS,
  REVIEW_REPORT_MAX,
  REVIEW_RULES_PATH,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  type ReviewDistribution,
} from "~/lib/trust/vendor-reviews";

import { VendorReply } from "../lab-tests-section";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

interface PublishedReview {
  id: string;
  stars: number;
  text: string;
  createdAt: string;
  authorName: string;
  /** The vendor's answer (issue 33), shown beneath the review. */
  reply: string | null;
}

interface OwnReview {
  id: string;
  stars: number;
  status: string;
  rejectionReason: string | null;
  createdAt: string;
}

export interface VendorReviewsData {
  distribution: ReviewDistribution;
  newest: PublishedReview[];
  own: OwnReview[];
  /**
   * Null signed out; "reviewed": a pending or published review of the last 90 days; otherwise
   * whether the signed-in user's e-mail is confirmed.
   */
  viewer: "confirmed" | "unconfirmed" | "reviewed" | null;
}

const stars = (count: number) => `${count} star${count === 1 ? "" : "s"}`;

function Distribution({ distribution }: { distribution: ReviewDistribution }) {
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="review-distribution">
      <p>
        {distribution.total === 0
          ? "No published reviews yet."
          : `${distribution.average} out of 5 from ${distribution.total === 1 ? "1 review" : `${distribution.total} reviews`}`}
      </p>
      <ul className="flex flex-col gap-0.5">
        {[5, 4, 3, 2, 1].map((star) => {
          const count = distribution.counts[star - 1];
          const share = distribution.total === 0 ? 0 : (count / distribution.total) * 100;
          return (
            <li key={star} className="grid grid-cols-[4rem_1fr_2rem] items-center gap-2 text-xs">
              <span>{stars(star)}</span>
              <span className="h-2 rounded bg-muted" aria-hidden>
                <span className="block h-2 rounded bg-warning" style={{ width: `${share}%` }} />
              </span>
              <span className="tabular-nums">
                {count}
                <span className="sr-only"> {count === 1 ? "review" : "reviews"}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReportReview({ reviewId }: { reviewId: string }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  if (fetcher.data?.ok) return <p className="text-xs text-muted-foreground">Reported.</p>;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-muted-foreground">Report this review</summary>
      <fetcher.Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="report-review" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <Field id={`report-${reviewId}`} label="What breaks the rules?" className="min-w-60 flex-1">
          <Input name="reason" required maxLength={REVIEW_REPORT_MAX} />
        </Field>
        <Button type="submit" size="sm" variant="outline">
          Send report
        </Button>
      </fetcher.Form>
    </details>
  );
}

function WriteReview() {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  // The toast thanks the author; the page reloads their reviews, the new one "waiting".
  if (fetcher.data?.ok) return null;
  return (
    <fetcher.Form method="post" className="flex max-w-xl flex-col gap-3" data-testid="review-form">
      <input type="hidden" name="intent" value="review" />
      <Field id="review-stars" label="Your rating" errors={errors.stars}>
        <NativeSelect name="stars" required defaultValue="">
          <option value="" disabled>
            Choose…
          </option>
          {[5, 4, 3, 2, 1].map((star) => (
            <option key={star} value={star}>
              {stars(star)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        id="review-text"
        label="Your review"
        hint={`${REVIEW_TEXT_MIN} to ${REVIEW_TEXT_MAX} characters: ordering, delivery, what arrived.`}
        errors={errors.text}
      >
        <Textarea
          name="text"
          required
          minLength={REVIEW_TEXT_MIN}
          maxLength={REVIEW_TEXT_MAX}
          rows={4}
        />
      </Field>
      <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"}>
        Send review
      </Button>
    </fetcher.Form>
  );
}

const STATUS_TEXT: Record<string, string> = {
  pending: "waiting for a moderator",
  approved: "published",
  rejected: "not published",
};

const REVIEW_PROMPTS = {
  signedOut: "Log in with a confirmed e-mail address to review this vendor.",
  unconfirmed: "Confirm your e-mail address to review this vendor.",
  reviewed: `You can review this vendor again ${REVIEW_INTERVAL_DAYS} days after your last review.`,
};

/** Buyers' reviews of the vendor: apart from the reliability score, which is measured. */
export function VendorReviewsSection({
  vendorName,
  reviews,
}: {
  vendorName: string;
  reviews: VendorReviewsData;
}) {
  return (
    <section aria-labelledby="vendor-reviews-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="vendor-reviews-heading" className="text-xl font-semibold">
          Buyer reviews
        </h2>
        <p className="text-sm text-muted-foreground">
          Opinions of signed-in buyers, published after a moderator checks them against{" "}
          <Link to={REVIEW_RULES_PATH} className="underline underline-offset-4">
            the review rules
          </Link>
          . They do not count in the reliability score.
        </p>
      </div>
      <Distribution distribution={reviews.distribution} />
      {reviews.newest.length > 0 ? (
        <ol className="flex flex-col gap-3" data-testid="vendor-reviews">
          {reviews.newest.map((review) => (
            <li key={review.id} className="flex flex-col gap-1 rounded-lg border p-3">
              <p className="flex items-center gap-1 text-sm">
                <Star className="size-4 fill-warning text-warning" aria-hidden />
                <span>{review.stars} / 5</span>
                <span className="text-muted-foreground">
                  · {review.authorName} · {formatDate(review.createdAt)}
                </span>
              </p>
              <p className="text-sm whitespace-pre-line">{review.text}</p>
              <VendorReply text={review.reply} />
              <ReportReview reviewId={review.id} />
            </li>
          ))}
        </ol>
      ) : null}
      {reviews.own.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm" data-testid="own-reviews">
          <h3 className="font-medium">Your reviews of {vendorName}</h3>
          <ul className="flex flex-col gap-1">
            {reviews.own.map((review) => (
              <li key={review.id}>
                {stars(review.stars)}, {formatDate(review.createdAt)}: {STATUS_TEXT[review.status]}
                {review.rejectionReason ? `. Reason: ${review.rejectionReason}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {reviews.viewer === "confirmed" ? (
        <WriteReview />
      ) : (
        <p className="text-sm text-muted-foreground">
          {REVIEW_PROMPTS[reviews.viewer ?? "signedOut"]}
        </p>
      )}
    </section>
  );
}
