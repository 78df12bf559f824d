import { data } from "react-router";

import { publicPageHeaders } from "~/.server/platform/http/cache-headers.server";
import { REVIEW_RULES, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "~/lib/trust/vendor-reviews";

import type { Route } from "./+types/review-rules";

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta() {
  return [
    { title: "Review rules · PeptidePrices" },
    { name: "description", content: "The rules every vendor review on PeptidePrices follows." },
  ];
}

/** The rules vendor reviews are moderated by (issue 33), published for authors and readers. */
export default function ReviewRules() {
  return (
    <main className="container mx-auto flex max-w-2xl flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Review rules</h1>
      <p className="text-sm text-muted-foreground">
        Anyone with an account and a confirmed e-mail address can review a vendor, in{" "}
        {REVIEW_TEXT_MIN} to {REVIEW_TEXT_MAX} characters with 1 to 5 stars. A moderator reads every
        review before it is published and rejects one that breaks a rule below, telling its author
        why. Anyone can report a published review.
      </p>
      <ol className="list-decimal space-y-2 pl-5" data-testid="review-rules">
        {REVIEW_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground">
        Reviews are opinions: they are shown on the vendor page beside the reliability score, and
        are not counted in it.
      </p>
    </main>
  );
}
