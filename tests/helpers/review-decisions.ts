/**
 * The review queue's decisions as an admin posts them, for tests that hold listings and decide
 * on them: the form's optional fields default as the form leaves them, and the deciding admin
 * is a test account of its own.
 */
import * as t from "~/.server/db/schema";
import type { Database } from "~/.server/db/client";
import { decideReviewItem } from "~/.server/services/review-queue.server";
import type { OfferWriter } from "~/.server/services/offers.server";
import type { ReviewAction } from "~/lib/forms/scrape-review";

type Approve = Extract<ReviewAction, { intent: "approve-review" }>;

const REVIEWER = { id: "test-reviewer", email: "reviewer@example.test" };

/** The reviewing admin's account, made on first use (the audit log names a real account). */
async function anAdmin(db: Database) {
  await db
    .insert(t.user)
    .values({ ...REVIEWER, name: REVIEWER.email, emailVerified: true })
    .onConflictDoNothing();
  return REVIEWER;
}

export async function approveReviewItem(
  app: OfferWriter,
  id: string,
  decision: { peptideId: string } & Partial<Omit<Approve, "intent" | "id" | "peptide_id">>,
): Promise<void> {
  const { peptideId, ...rest } = decision;
  await decideReviewItem(app, await anAdmin(app.db), {
    intent: "approve-review",
    id,
    peptide_id: peptideId,
    quantity: null,
    unit: null,
    vials: null,
    currency: null,
    add_alias: false,
    ...rest,
  });
}

export async function addReviewItemAlias(app: OfferWriter, id: string, peptideId: string) {
  return decideReviewItem(app, await anAdmin(app.db), {
    intent: "alias-review",
    id,
    peptide_id: peptideId,
  });
}

export async function ignoreReviewItem(app: OfferWriter, id: string): Promise<void> {
  await decideReviewItem(app, await anAdmin(app.db), { intent: "ignore-review", id });
}
