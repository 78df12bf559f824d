import { redirect } from "react-router";

import { failedLabCookie } from "~/.server/platform/http/failed-lab-preference.server";
import { appOf } from "~/.server/platform/context.server";
import { failure } from "~/lib/action-result";
import { failedLabFormSchema } from "~/lib/forms/failed-lab";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { sameSitePath } from "~/lib/site-path";

import type { Route } from "./+types/failed-lab-offers";

/**
 * The price table's "Include offers that failed a lab test in Best Price" switch: keeps the
 * choice in a cookie and goes back to the page it was made on (a same-site path only). Works
 * as a plain form post, without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const parsed = failedLabFormSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const { failedLabOffers, returnTo } = parsed.data;
  return redirect(sameSitePath(returnTo, app.baseUrl) ?? "/", {
    headers: { "Set-Cookie": failedLabCookie(failedLabOffers, app.baseUrl) },
  });
}

export function loader() {
  return redirect("/");
}
