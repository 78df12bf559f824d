import { sameSitePath } from "./site-path";

export const ADMIN_ACCESS_REQUIRED = "Admin Access Required";

/** What a dialog says when its save reached the server after the admin's session ended. */
export const SESSION_EXPIRED_MESSAGE = "Your session has expired — sign in again";

/**
 * The back office's pages and its sign-in (`/admin…`): no public age gate there, and they
 * hydrate at once rather than after the first paint.
 */
export function isAdminArea(pathname: string): boolean {
  return pathname.startsWith("/admin");
}

/** `/admin-login?redirectTo=…`, so signing in returns to the admin page (only admin pages). */
export function adminLoginPathFor(returnTo: string): string {
  const path = sameSitePath(returnTo) ?? "/admin";
  const adminPath = path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin?");
  return adminPath && path !== "/admin"
    ? `/admin-login?${new URLSearchParams({ redirectTo: path })}`
    : "/admin-login";
}

/** Where a successful admin sign-in goes: the admin page it was sent from, else the dashboard. */
export function adminReturnPath(redirectTo: unknown, origin?: string): string {
  const path = sameSitePath(redirectTo, origin) ?? "/admin";
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin?")
    ? path
    : "/admin";
}
