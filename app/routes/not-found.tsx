import { data } from "react-router";

import type { Route } from "./+types/not-found";
import { appOf } from "~/.server/platform/context.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  appOf(context).logger.warn({ path: pathname }, "404: no route for path");
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found · PeptidePrices" }];
}

export default function NotFound() {
  return null;
}
