/**
 * The admin guard: React Router middleware that runs once for every /admin route, before any
 * of its loaders or actions.
 *
 * - routes/admin/layout.tsx exports `middleware = [adminGuard]`, which covers every page under
 *   it; the resource routes outside the layout (/admin/backup, /admin/scraping/runs/:runId)
 *   export the same array.
 * - A visitor or a signed-in non-admin gets 403 'Admin Access Required' (thrown, as
 *   requireAdmin always did): a page shows the layout's ErrorBoundary, whose "Go to Admin
 *   Login" link carries the page's path so signing in returns there; an action is refused
 *   before it runs (the browser's clientMiddleware in layout.tsx turns a fetcher's 403 into
 *   "Your session has expired — sign in again" inside the open dialog, see form-dialog.tsx).
 * - Loaders and actions read the admin with `adminOf(context)` (no second session lookup).
 *   The app's services come from `appOf(context)`, as in every loader (context.server.ts).
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { requireAdmin, type SessionUser } from "../services/auth.server";
import { appOf } from "../platform/context.server";

const adminUserContext = createContext<SessionUser>();

export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(adminUserContext, await requireAdmin(appOf(context), request));
};

/** The signed-in admin the guard let through; throws when the route is not behind the guard. */
export function adminOf(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(adminUserContext);
}
