import type { Route } from "./+types/api.auth";

/** better-auth's own endpoints (sign-in, sign-up, OAuth callbacks, password reset…). */
export function loader({ request, context }: Route.LoaderArgs) {
  return context.app.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return context.app.auth.handler(request);
}
