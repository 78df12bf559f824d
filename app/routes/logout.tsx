import { redirect } from "react-router";

import { headersWithCookies } from "~/.server/services/auth.server";

import type { Route } from "./+types/logout";
import { appOf } from "~/.server/platform/context.server";

export async function action({ request, context }: Route.ActionArgs) {
  const response = await appOf(context).auth.api.signOut({
    headers: request.headers,
    asResponse: true,
  });
  return redirect("/", { headers: headersWithCookies(response.headers.getSetCookie()) });
}

export function loader() {
  return redirect("/");
}
