import { Heart, LogOut, ShieldCheck } from "lucide-react";
import { Form, Link, NavLink, useLocation } from "react-router";

import { usernameFromEmail } from "~/lib/format";
import { loginPathFor } from "~/lib/site-path";

import { CurrencySwitcher } from "./currency-switcher";
import { ShipToSwitcher } from "./ship-to-switcher";
import { SearchBox } from "./search-box";
import { StackHeaderLink } from "./stack/stack-header-link";
import { Button } from "./ui/button";

export interface HeaderUser {
  email: string;
  isAdmin: boolean;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? "text-foreground font-medium" : "text-muted-foreground hover:text-foreground";

/** Pages a visitor should not be sent back to after logging in. */
const AUTH_PAGES = new Set([
  "/login",
  "/signup",
  "/admin-login",
  "/forgot-password",
  "/reset-password",
]);

/** Its name is its visible text, so a voice user saying "PeptidePrices" reaches it. */
function BrandLink() {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight">
      <span
        aria-hidden
        className="grid size-7 place-items-center rounded-md bg-primary text-xs font-bold text-primary-foreground"
      >
        PP
      </span>
      <span className="sr-only sm:not-sr-only">PeptidePrices</span>
    </Link>
  );
}

function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <Button type="submit" size="sm" variant="ghost">
        <LogOut className="size-4" aria-hidden />
        Logout
      </Button>
    </Form>
  );
}

/**
 * The back office's header: one row at every width. The shop's search, currency, ship-to and
 * navigation serve buyers; an admin reaches the site through the brand or "View site".
 */
export function AdminHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className="border-b bg-background">
      <div className="flex h-14 items-center gap-3 px-4">
        <BrandLink />
        <div className="ml-auto flex min-w-0 items-center gap-2 text-sm">
          <Link
            to="/"
            className="rounded-sm px-2 py-1 text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            View site
          </Link>
          {user ? <LogoutButton /> : null}
        </div>
      </div>
    </header>
  );
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const { pathname, search } = useLocation();
  const loginPath = AUTH_PAGES.has(pathname) ? "/login" : loginPathFor(`${pathname}${search}`);
  return (
    <header className="border-b bg-background">
      <div className="container mx-auto flex min-h-14 flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <BrandLink />
        <nav
          aria-label="Main"
          className="order-last flex w-full flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:order-none sm:w-auto"
        >
          <NavLink to="/compare" className={navLinkClass}>
            Compare
          </NavLink>
          <NavLink to="/catalog" className={navLinkClass}>
            Catalogue
          </NavLink>
          <NavLink to="/vendors" className={navLinkClass}>
            Vendors
          </NavLink>
          <NavLink to="/deals" className={navLinkClass}>
            <span className="inline-flex items-center gap-1">
              <Heart className="size-4" aria-hidden />
              Saved Deals
            </span>
          </NavLink>
          <StackHeaderLink
            className={`inline-flex items-center gap-1 ${navLinkClass({ isActive: pathname.startsWith("/stack") })}`}
          />
        </nav>
        <SearchBox className="order-last w-full sm:order-none sm:ml-auto sm:w-64 lg:w-80" />
        <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-2 text-sm sm:ml-0">
          <ShipToSwitcher />
          <CurrencySwitcher />
          {user ? (
            <>
              <span className="hidden text-muted-foreground sm:inline">
                Hello, {usernameFromEmail(user.email)}
              </span>
              {user.isAdmin ? (
                <Button asChild size="sm" variant="secondary">
                  <Link to="/admin">
                    <ShieldCheck className="size-4" aria-hidden />
                    Admin
                  </Link>
                </Button>
              ) : null}
              <LogoutButton />
            </>
          ) : (
            <Button asChild size="sm">
              <Link to={loginPath}>Login</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
