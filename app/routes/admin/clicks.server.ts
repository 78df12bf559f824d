/**
 * The admin's outbound click report (issue 34) and the site-wide affiliate switch. The route
 * checks admin rights (the layout's guard) before these run.
 */
import { z } from "zod";

import { getClickReport } from "~/.server/data/outbound-clicks.server";
import { getAffiliateLinksEnabled } from "~/.server/data/settings.server";
import type { AppContext } from "~/.server/platform/context.server";
import type { SessionUser } from "~/.server/services/auth.server";
import { setAffiliateLinks } from "~/.server/services/settings.server";
import { actionSuccess, failure } from "~/lib/action-result";
import {
  clickReportBounds,
  clickReportRangeSchema,
  type ClickReportRange,
} from "~/lib/click-report";

/** The range the URL asks for, or the message saying what is wrong with it. */
export function readClickRange(
  request: Request,
): { ok: true; range: ClickReportRange } | { ok: false; error: string } {
  const params = new URL(request.url).searchParams;
  const parsed = clickReportRangeSchema.safeParse({
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
  });
  return parsed.success
    ? { ok: true, range: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid date range" };
}

export async function loadClicksPage(app: AppContext, request: Request) {
  const read = readClickRange(request);
  const range = read.ok ? read.range : clickReportRangeSchema.parse({});
  const [rows, affiliateLinksEnabled] = await Promise.all([
    getClickReport(app.db, clickReportBounds(range)),
    getAffiliateLinksEnabled(app.db),
  ]);
  return { range, rows, affiliateLinksEnabled, rangeError: read.ok ? null : read.error };
}

const affiliationFormSchema = z.object({
  intent: z.literal("set-affiliation", { error: "Unknown action" }),
  enabled: z.enum(["on", "off"], { error: "Say on or off" }),
});

export async function handleClicksAction(
  app: AppContext,
  admin: Pick<SessionUser, "id" | "email">,
  fields: Record<string, string>,
) {
  const form = affiliationFormSchema.safeParse(fields);
  if (!form.success) return failure(form.error.issues[0]?.message ?? "Invalid form", 400);
  const enabled = form.data.enabled === "on";
  // A public change: the page cache empties, so Buy buttons lose or gain the label at once.
  await setAffiliateLinks(app, admin, enabled);
  return actionSuccess(enabled ? "Affiliate links switched on" : "Affiliate links switched off");
}
