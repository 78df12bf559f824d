import { isRouteErrorResponse, Link, useLocation } from "react-router";

import { ADMIN_ACCESS_REQUIRED, adminLoginPathFor } from "~/lib/admin-session";

import { Button } from "../ui/button";

/** Whether an error is the admin guard's refusal (403 'Admin Access Required'). */
export function isAdminRefusal(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    (error.status === 401 || error.status === 403) &&
    (error.data as { error?: unknown } | null)?.error === ADMIN_ACCESS_REQUIRED
  );
}

/**
 * What a visitor or non-admin sees on an /admin page. The admin guard refuses before the root
 * loader runs, so the root's ErrorBoundary shows this as well as the admin layout's; the login
 * link carries the page, so signing in returns there.
 */
export function AdminAccessRequired() {
  const location = useLocation();
  return (
    <main className="container mx-auto flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{ADMIN_ACCESS_REQUIRED}</h1>
      <p className="text-muted-foreground">
        Sign in with an administrator account to manage the catalogue.
      </p>
      <Button asChild>
        <Link to={adminLoginPathFor(`${location.pathname}${location.search}`)}>
          Go to Admin Login
        </Link>
      </Button>
    </main>
  );
}
