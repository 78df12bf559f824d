import { redirect } from "react-router";

import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const response = await context.app.auth.api.signOut({
    headers: request.headers,
    asResponse: true,
  });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
