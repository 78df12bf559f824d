/**
 * Claiming a vendor page (issue 33 Must 4): the shop proves it is the vendor by showing the
 * claim's token on its own host (a meta tag on its home page or a file at a fixed path, both
 * read by a background job through the polite fetcher and its address guard, never inside the
 * claimant's request: issue 37 Must 2), or by a mailed link to an address at its domain. Each success makes the user a member of the vendor, audited in the same transaction.
 */
import {
  fileHasToken,
  isShopEmail,
  metaTokens,
  VERIFICATION_FILE_PATH,
  type VendorClaimMethod,
} from "~/lib/vendor-accounts";

import type { AppContext } from "../platform/context.server";
import type { SessionUser } from "./auth.server";
import {
  addVendorMember,
  getClaimByToken,
  getOrCreateClaim,
  getVendorRecord,
  setClaimEmail,
  type VendorRecord,
} from "../data/vendor-accounts.server";
import { commitAudited } from "./audited-change.server";
import { enqueueShopRead } from "./shop-read-queue.server";
import { createFetcher } from "../reader/scrape-page.server";

export type ClaimOutcome = { ok: true } | { ok: false; error: string };

type ClaimContext = Pick<AppContext, "db" | "env" | "baseUrl" | "mailer">;

async function becomeMember(
  app: ClaimContext,
  vendor: VendorRecord,
  actor: Pick<SessionUser, "id" | "email">,
  via: VendorClaimMethod,
): Promise<ClaimOutcome> {
  const added = await commitAudited(app, actor, async (tx, audit) => {
    if (!(await addVendorMember(tx, { vendorId: vendor.id, userId: actor.id, via }))) return false;
    audit({
      action: "grant",
      entity: "vendor_member",
      entityId: vendor.id,
      name: vendor.name,
      details: { via },
    });
    return true;
  });
  return added ? { ok: true } : { ok: false, error: "This account already speaks for a vendor." };
}

function failure(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 300) : "the shop could not be read";
}

/** What the background check of a claim reads (shop-read-job.server.ts). */
export interface ClaimCheckInput {
  vendorId: string;
  claimId: string;
  actor: Pick<SessionUser, "id" | "email">;
  method: "meta" | "file";
}

/**
 * Queues the check of the shop's home page (meta) or verification file (file) for the user's
 * token; the request answers at once and the claim page shows the outcome when it is in.
 */
export async function queueClaimCheck(
  app: ClaimContext & Pick<AppContext, "database" | "logger">,
  vendor: VendorRecord,
  actor: Pick<SessionUser, "id" | "email">,
  method: "meta" | "file",
): Promise<ClaimOutcome> {
  if (!vendor.website) return { ok: false, error: "The vendor has no website to verify." };
  const claim = await getOrCreateClaim(app.db, vendor.id, actor.id);
  const input: ClaimCheckInput = {
    vendorId: vendor.id,
    claimId: claim.id,
    actor: { id: actor.id, email: actor.email },
    method,
  };
  await enqueueShopRead(app, { kind: "vendor-claim", subject: claim.id, input });
  return { ok: true };
}

/** The job: reads the shop for the claim's token and, when it is there, grants membership. */
export async function checkClaimOnShop(
  app: ClaimContext,
  input: ClaimCheckInput,
): Promise<{ ok: boolean; message: string }> {
  const vendor = await getVendorRecord(app.db, input.vendorId);
  if (!vendor?.website) return { ok: false, message: "The vendor has no website to verify." };
  const claim = await getOrCreateClaim(app.db, vendor.id, input.actor.id);
  const origin = new URL(vendor.website).origin;
  const address = input.method === "file" ? `${origin}${VERIFICATION_FILE_PATH}` : `${origin}/`;
  let found = false;
  let error: string | null = null;
  try {
    const fetcher = await createFetcher(app);
    const page = await fetcher.fetchPage(address);
    // A redirect off the shop's host proves nothing about the shop.
    if (new URL(page.url).origin !== origin) {
      error = `${address} redirected away from the shop (${new URL(page.url).host})`;
    } else {
      found =
        input.method === "file"
          ? fileHasToken(page.body, claim.token)
          : metaTokens(page.body).includes(claim.token);
      if (!found) error = `The token was not found at ${address}`;
    }
  } catch (cause) {
    error = failure(cause);
  }
  if (!found) return { ok: false, message: error ?? "The token was not found" };
  const outcome = await becomeMember(app, vendor, input.actor, input.method);
  return outcome.ok
    ? { ok: true, message: `You now speak for ${vendor.name}.` }
    : { ok: false, message: outcome.error };
}

/** Mails the claim's confirmation link to an address at the shop's domain. */
export async function mailClaimLink(
  app: ClaimContext,
  vendor: VendorRecord,
  actor: Pick<SessionUser, "id" | "email">,
  email: string,
): Promise<ClaimOutcome> {
  if (!isShopEmail(email, vendor.website)) {
    return { ok: false, error: "The address must be at the shop's own domain." };
  }
  const claim = await getOrCreateClaim(app.db, vendor.id, actor.id);
  await setClaimEmail(app.db, claim.id, email);
  const link = `${app.baseUrl}/vendor/${vendor.slug}/claim?token=${encodeURIComponent(claim.token)}`;
  await app.mailer.send({
    to: email,
    subject: `Confirm that you speak for ${vendor.name} on PeptidePrices`,
    text: `${actor.email} asked to manage ${vendor.name}'s page on PeptidePrices.\n\nOpen this link while signed in as ${actor.email} to confirm:\n${link}\n\nIf this was not you, ignore this mail.`,
  });
  return { ok: true };
}

/** The mailed link: only the account that asked, on the vendor the claim names. */
export async function confirmMailedClaim(
  app: ClaimContext,
  vendor: VendorRecord,
  actor: Pick<SessionUser, "id" | "email">,
  token: string,
): Promise<ClaimOutcome> {
  const claim = await getClaimByToken(app.db, token);
  if (!claim?.email || claim.vendorId !== vendor.id || claim.userId !== actor.id) {
    return { ok: false, error: "This confirmation link is not valid for this account." };
  }
  return becomeMember(app, vendor, actor, "email");
}
