import { redirect } from "react-router";

import { headersWithCookies } from "~/.server/auth.server";

import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const response = await context.app.auth.api.signOut({
    headers: request.headers,
    asResponse: true,
  });
  return redirect("/", { headers: headersWithCookies(response.headers.getSetCookie()) });
}

export function loader() {
  return redirect("/");
}
