import { handleAuthRequest } from "~/.server/auth.server";

import type { Route } from "./+types/api.auth";

/** better-auth's own endpoints (sign-in, sign-up, OAuth callbacks, password reset…). */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(context.app.auth, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(context.app.auth, request);
}
