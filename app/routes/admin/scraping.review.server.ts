/**
 * The review queue's part of the admin scraping route: its loader data and its actions. The
 * route checks admin rights before calling either.
 */
import type { AppContext } from "~/.server/platform/context.server";
import type { SessionUser } from "~/.server/services/auth.server";
import { recordAudit } from "~/.server/data/audit.server";
import { getPendingReviewItems } from "~/.server/data/scrape-review.server";
import type { Database } from "~/.server/db/client";
import {
  addReviewItemAlias,
  approveReviewItem,
  ignoreReviewItem,
  rejectReviewItem,
  ReviewApprovalError,
} from "~/.server/scraper/apply.server";
import { actionSuccess, failure } from "~/lib/action-result";
import { firstIssueMessage } from "~/lib/forms/form-data";
import { parsePriceProvenance } from "~/lib/price-provenance";
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

async function perform(app: ReviewContext, form: ReviewAction): Promise<string> {
  switch (form.intent) {
    case "approve-review":
      await approveReviewItem(app, form.id, {
        peptideId: form.peptide_id,
        quantity: form.quantity,
        unit: form.unit,
        vials: form.vials,
        currency: form.currency,
        addAlias: form.add_alias,
      });
      return "Price approved";
    case "alias-review": {
      const alias = await addReviewItemAlias(app, form.id, form.peptide_id);
      return `"${alias}" added as an alias`;
    }
    case "reject-review":
      await rejectReviewItem(app, form.id);
      return "Listing rejected";
    case "ignore-review":
      await ignoreReviewItem(app, form.id);
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
  const form = parsed.data;
  let message: string;
  try {
    message = await perform(app, form);
  } catch (error) {
    if (error instanceof ReviewApprovalError) return failure(error.message, error.status);
    app.logger.error({ err: error }, "a review queue action failed");
    return failure("The review action failed", 500);
  }
  await recordAudit(app.db, admin, {
    action: "update",
    entity: "scrape_review",
    entityId: form.id,
    details: form,
  });
  return actionSuccess(message);
}
