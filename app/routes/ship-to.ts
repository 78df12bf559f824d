import { redirect } from "react-router";

import { appOf } from "~/.server/platform/context.server";
import { shipToCookie } from "~/.server/platform/http/ship-to.server";
import { failure } from "~/lib/action-result";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { shipToFormSchema } from "~/lib/forms/ship-to";
import { sameSitePath } from "~/lib/site-path";

import type { Route } from "./+types/ship-to";

/**
 * The header's "Ship to" choice: keeps it in a cookie and goes back to the page it was made on
 * (a same-site path only). Works as a plain form post, without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const parsed = shipToFormSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const { shipTo, returnTo } = parsed.data;
  return redirect(sameSitePath(returnTo, app.baseUrl) ?? "/", {
    headers: { "Set-Cookie": shipToCookie(shipTo, app.baseUrl) },
  });
}

export function loader() {
  return redirect("/");
}
