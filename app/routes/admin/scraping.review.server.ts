/**
 * The review queue's part of the admin scraping route: its loader data and its actions. The
 * route checks admin rights before calling either.
 */
import type { AppContext } from "~/.server/platform/context.server";
import type { SessionUser } from "~/.server/services/auth.server";
import { getPendingReviewItems } from "~/.server/data/scrape-review.server";
import type { Database } from "~/.server/db/client";
import { decideReviewItem, ReviewApprovalError } from "~/.server/services/review-queue.server";
import { actionSuccess, failure } from "~/lib/action-result";
import { firstIssueMessage } from "~/lib/forms/form-data";
import { parsePriceProvenance } from "~/lib/price-provenance-schema";
import { reviewActionSchema, type ReviewAction } from "~/lib/forms/scrape-review";

export async function loadReviewQueue(db: Database) {
  const items = await getPendingReviewItems(db);
  // How each price was read, checked here so the page gets a known shape.
  return {
    items: items.map((item) => ({ ...item, provenance: parsePriceProvenance(item.provenance) })),
  };
}
export type ReviewQueueData = Awaited<ReturnType<typeof loadReviewQueue>>;

type ReviewContext = Pick<AppContext, "db" | "mailer" | "logger" | "baseUrl" | "cache" | "env">;

function doneMessage(form: ReviewAction, alias: string | null): string {
  switch (form.intent) {
    case "approve-review":
      return "Price approved";
    case "alias-review":
      return `"${alias}" added as an alias`;
    case "reject-review":
      return "Listing rejected";
    case "ignore-review":
      return "Listing ignored for good";
  }
}

export async function handleReviewAction(
  app: ReviewContext,
  admin: Pick<SessionUser, "id" | "email">,
  fields: Record<string, string>,
) {
  const parsed = reviewActionSchema.safeParse(fields);
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  try {
    const alias = await decideReviewItem(app, admin, parsed.data);
    return actionSuccess(doneMessage(parsed.data, alias));
  } catch (error) {
    if (error instanceof ReviewApprovalError) return failure(error.message, error.status);
    app.logger.error({ err: error }, "a review queue action failed");
    return failure("The review action failed", 500);
  }
}
