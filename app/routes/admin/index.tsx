import { redirect } from "react-router";

import { requireAdmin } from "~/.server/auth.server";

import type { Route } from "./+types/index";

export function meta() {
  return [{ title: "Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.app, request);
  return redirect("/admin/peptides");
}
