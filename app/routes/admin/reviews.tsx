import { Form, Link, useNavigation } from "react-router";

import { listReviewsForModeration } from "~/.server/data/vendor-reviews.server";
import { adminOf } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/platform/context.server";
import { moderateReview } from "~/.server/services/vendor-reviews.server";
import { TablePager } from "~/components/admin/table-pager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useActionToast } from "~/hooks/use-action-toast";
import { actionSuccess, failure } from "~/lib/action-result";
import { formatDate } from "~/lib/format";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import {
  REVIEW_REJECTION_MAX,
  REVIEW_RULES_PATH,
  reviewModerationSchema,
} from "~/lib/trust/vendor-reviews";
import { VENDOR_REVIEWS_LIST } from "~/lib/trust/review-lists";
import { readTablePage } from "~/lib/table-query";

import type { Route } from "./+types/reviews";

export function meta() {
  return [{ title: "Reviews · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = VENDOR_REVIEWS_LIST.parse(new URL(request.url).searchParams);
  const { rows, ...page } = await readTablePage(query, (p) =>
    listReviewsForModeration(appOf(context).db, { page: p, pageSize: query.pageSize }),
  );
  return { ...page, reviews: rows };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const parsed = reviewModerationSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const outcome = await moderateReview(appOf(context), admin, parsed.data);
  return outcome.ok ? actionSuccess(outcome.message) : failure(outcome.message, outcome.status);
}

type Review = Route.ComponentProps["loaderData"]["reviews"][number];

function ReviewCard({ review, busy }: { review: Review; busy: boolean }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border p-4" data-testid="moderated-review">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-medium">
          <Link to={`/vendor/${review.vendorSlug}`} className="underline underline-offset-4">
            {review.vendorName}
          </Link>
          : {review.stars} / 5
        </h2>
        <Badge variant={review.status === "pending" ? "default" : "secondary"}>
          {review.status === "pending" ? "Waiting" : "Published, reported"}
        </Badge>
        <span className="text-sm text-muted-foreground">
          {review.authorEmail}, {formatDate(review.createdAt)}
        </span>
      </div>
      <p className="text-sm whitespace-pre-line">{review.text}</p>
      {review.reports.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {review.reports.map((report, index) => (
            <li key={index}>
              Reported {formatDate(report.createdAt)}: {report.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        {review.status === "pending" ? (
          <Form method="post">
            <input type="hidden" name="id" value={review.id} />
            <Button type="submit" name="intent" value="approve" disabled={busy}>
              Approve
            </Button>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="id" value={review.id} />
            <Button
              type="submit"
              name="intent"
              value="clear-reports"
              variant="outline"
              disabled={busy}
            >
              Keep published, dismiss reports
            </Button>
          </Form>
        )}
        <Form method="post" className="flex flex-1 flex-wrap items-end gap-2">
          <input type="hidden" name="id" value={review.id} />
          <Field
            id={`reason-${review.id}`}
            label="Reason for the author"
            className="min-w-64 flex-1"
          >
            <Input name="reason" required maxLength={REVIEW_REJECTION_MAX} />
          </Field>
          <Button type="submit" name="intent" value="reject" variant="destructive" disabled={busy}>
            Reject
          </Button>
        </Form>
      </div>
    </li>
  );
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  useActionToast(actionData);
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <div>
        <h1 id="reviews-heading" className="text-2xl font-semibold tracking-tight">
          Reviews
        </h1>
        <p className="text-sm text-muted-foreground">
          Vendor reviews waiting for a decision, then published ones someone reported. Reject a
          review that breaks{" "}
          <Link to={REVIEW_RULES_PATH} className="underline underline-offset-4">
            the published rules
          </Link>
          ; its author sees the reason.
        </p>
      </div>
      {loaderData.reviews.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          Nothing to moderate.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {loaderData.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} busy={busy} />
          ))}
        </ul>
      )}
      <TablePager
        label="Reviews"
        table={VENDOR_REVIEWS_LIST}
        query={loaderData.query}
        total={loaderData.total}
      />
    </section>
  );
}
