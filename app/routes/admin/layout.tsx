import { data, isRouteErrorResponse, Outlet, useLocation } from "react-router";

import { adminGuard, adminOf } from "~/.server/http/admin-guard.server";
import { readCookie } from "~/.server/platform/http/cookies.server";
import { AdminAccessRequired, isAdminRefusal } from "~/components/admin/admin-access-required";
import { AdminSidebar, currentAdminSection } from "~/components/admin/admin-sidebar";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { focusPageHeading } from "~/components/admin/focus-return";
import { TRASH_UNDO_FETCHER_KEY } from "~/components/admin/trash-undo";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  SIDEBAR_COOKIE_NAME,
  SidebarInset,
  SidebarProvider,
  SidebarTrigger,
} from "~/components/ui/sidebar";
import { actionFailure } from "~/lib/action-result";
import { SESSION_EXPIRED_MESSAGE } from "~/lib/admin-session";

import type { Route } from "./+types/layout";

/** Every /admin page, loader and action is behind the admin guard (admin-guard.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

/**
 * A save refused because the session ended would otherwise replace the page with the error
 * boundary and lose what was typed: in the browser it becomes the form's own failed result,
 * so the dialog stays open and offers to sign in (form-dialog.tsx). Pages and full-page posts
 * without JavaScript still get the 403.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const results = await next();
    if (request.method === "GET") return results;
    for (const [routeId, outcome] of Object.entries(results)) {
      const refused =
        outcome.type === "error" &&
        isRouteErrorResponse(outcome.result) &&
        (outcome.result.status === 401 || outcome.result.status === 403);
      if (!refused) continue;
      results[routeId] = {
        type: "data",
        result: data(actionFailure(SESSION_EXPIRED_MESSAGE, { sessionExpired: true }), {
          status: 403,
        }),
      };
    }
    return results;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  return {
    adminEmail: admin.email,
    // Read on the server so the first paint already has the sidebar the admin left.
    // Missing or unreadable: open.
    sidebarOpen: readCookie(request, SIDEBAR_COOKIE_NAME) !== "false",
  };
}

export function meta() {
  return [{ title: "Admin · PeptidePrices" }, { name: "robots", content: "noindex" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // An Undo pressed on one page may finish after the admin moved to another.
  // The Undo button left with its toast: the focus goes to the page's heading, not the body.
  useFetcherToast(TRASH_UNDO_FETCHER_KEY, focusPageHeading);
  const current = currentAdminSection(pathname);
  return (
    // The sidebar sits below the site header, so it is positioned within this area, not the viewport.
    <SidebarProvider
      defaultOpen={loaderData.sidebarOpen}
      className="relative min-h-[calc(100svh-3.5rem)]"
    >
      <AdminSidebar current={current} />
      <SidebarInset as="div">
        <div className="flex h-12 items-center gap-2 border-b px-4">
          <SidebarTrigger />
          <span className="text-sm font-medium">{current?.title ?? "Admin"}</span>
          <span className="ml-auto hidden truncate text-xs text-muted-foreground sm:inline">
            {loaderData.adminEmail}
          </span>
        </div>
        <main tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isAdminRefusal(error)) return <AdminAccessRequired />;
  return (
    <GeneralErrorBoundary
      error={error}
      // A refused upload (e.g. cut at its limit, 413) is thrown as an answer that carries its reason.
      fallback={(thrown) =>
        isRouteErrorResponse(thrown) && typeof thrown.data?.error === "string"
          ? { title: "Request refused", message: thrown.data.error }
          : {
              title: "Something went wrong",
              message: "The admin page could not be loaded. Please try again.",
            }
      }
      link={{ to: "/admin", label: "Back to admin", variant: "outline" }}
    />
  );
}
