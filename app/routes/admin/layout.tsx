import { Outlet } from "react-router";

import { requireAdmin } from "~/.server/auth.server";

import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.app, request);
  return { admin };
}

export default function AdminLayout() {
  return <Outlet />;
}
