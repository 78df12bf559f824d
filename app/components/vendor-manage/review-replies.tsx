import { Form } from "react-router";

import { formatDate } from "~/lib/format";
import { REPLY_MAX_LENGTH } from "~/lib/forms/vendor-portal";

import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";

export interface ReviewToAnswer {
  id: string;
  stars: number;
  text: string;
  authorName: string;
  createdAt: string;
  reply: string | null;
}

/** The vendor's published reviews, each with its one reply (shown beneath it on the vendor page). */
export function ReviewRepliesSection({ reviews }: { reviews: ReviewToAnswer[] }) {
  return (
    <section aria-labelledby="review-replies-heading" className="space-y-3">
      <h2 id="review-replies-heading" className="text-xl font-semibold">
        Buyer reviews
      </h2>
      {reviews.length === 0 ? <p className="text-sm">No published review yet.</p> : null}
      {reviews.map((review) => (
        <Form key={review.id} method="post" className="grid gap-2 rounded border p-3">
          <input type="hidden" name="intent" value="reply-review" />
          <input type="hidden" name="id" value={review.id} />
          <p className="text-sm">
            {review.stars} / 5 · {review.authorName} · {formatDate(review.createdAt)}
          </p>
          <p className="text-sm whitespace-pre-line">{review.text}</p>
          <Label htmlFor={`review-reply-${review.id}`}>Your reply</Label>
          <Textarea
            id={`review-reply-${review.id}`}
            name="body"
            required
            maxLength={REPLY_MAX_LENGTH}
            defaultValue={review.reply ?? ""}
          />
          <Button type="submit" size="sm" className="justify-self-start">
            Save reply
          </Button>
        </Form>
      ))}
    </section>
  );
}
