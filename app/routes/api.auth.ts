import { handleAuthRequest } from "~/.server/services/auth.server";

import type { Route } from "./+types/api.auth";
import { appOf } from "~/.server/platform/context.server";

/** better-auth's own endpoints (sign-in, sign-up, OAuth callbacks, password reset…). */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(appOf(context).auth, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(appOf(context).auth, request);
}
