import { useContext } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
} from "react-router";

import { getSessionUser } from "~/.server/services/auth.server";
import { listSavedOfferIds } from "~/.server/data/saved-deals.server";
import { getShellContent } from "~/.server/data/shell.server";
import { getDisplayCurrency } from "~/.server/platform/http/display-currency.server";
import { readFlash } from "~/.server/platform/http/flash.server";
import {
  getCachedExchangeRates,
  getCachedShippingCountries,
} from "~/.server/services/pricing-context.server";
import { getShipTo } from "~/.server/platform/http/ship-to.server";
import { getIncludeFailedLabOffers } from "~/.server/platform/http/failed-lab-preference.server";
import { AdminAccessRequired, isAdminRefusal } from "~/components/admin/admin-access-required";
import { AgeGate } from "~/components/age-gate";
import { FlashToast } from "~/components/flash-toast";
import { SiteFooter } from "~/components/site-footer";
import { AdminHeader, SiteHeader } from "~/components/site-header";
import { SkipLink } from "~/components/skip-link";
import { TopBar } from "~/components/top-bar";
import { Toaster } from "~/components/ui/sonner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useRootData } from "~/hooks/use-root-data";
import { isAdminArea } from "~/lib/admin-session";
import { AGE_GATE_HEAD_SCRIPT, AGE_GATE_PAGE_SCRIPT } from "~/lib/age-gate";
import { SCRIPTING_HEAD_SCRIPT } from "~/lib/scripting";
import { displayCurrencies } from "~/lib/money";
import { shipToChoices } from "~/lib/ship-to";

import type { Route } from "./+types/root";
import "./app.css";
import { appOf, requestIdContext } from "~/.server/platform/context.server";

/** The last element of every page: the first paint waits until the parser has reached it. */
const PAGE_END_ID = "page-end";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const [user, shell, rates, shippingCountries] = await Promise.all([
    getSessionUser(app, request),
    getShellContent(app),
    getCachedExchangeRates(app),
    getCachedShippingCountries(app),
  ]);
  // Every Save button on the page says whether its price is already saved.
  const savedOfferIds = user ? await listSavedOfferIds(app.db, user.id) : [];
  const { flash, clearCookie } = readFlash(request, app.baseUrl);
  const displayCurrency = getDisplayCurrency(request, rates);
  const shipTo = getShipTo(request);
  return data(
    {
      user,
      ...shell,
      flash,
      displayCurrency,
      currencies: displayCurrencies(rates),
      shipTo,
      shipToChoices: shipToChoices(shippingCountries, shipTo),
      // Every offer table ranks Best Price and Good Deal with the visitor's lab-test choice.
      includeFailedLabOffers: getIncludeFailedLabOffers(request),
      savedOfferIds,
      // Shown on an error page rendered by this request, for the visitor to quote.
      requestId: context.get(requestIdContext),
    },
    clearCookie ? { headers: { "Set-Cookie": clearCookie } } : undefined,
  );
}

/** The title of any page without its own, and of every error page (404s included). */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [{ title: "PeptidePrices" }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? "Page not found · PeptidePrices" : "Error · PeptidePrices" },
    { name: "robots", content: "noindex" },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  // The back office is for admins; the public age gate would only stand in their way.
  const adminArea = isAdminArea(useLocation().pathname);
  // The response's CSP nonce (React Router's own scripts carry it); the browser hides it after
  // parsing, so the client renders none and the mismatch is expected.
  const nonce = useContext(FrameworkContext)?.nonce;
  return (
    // The head scripts mark <html> before hydration (SCRIPTING_HEAD_SCRIPT, AGE_GATE_HEAD_SCRIPT).
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/site.webmanifest" />
        <meta name="theme-color" content="#171717" />
        {/* Before the stylesheet, which would hold the parser until it loads. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: SCRIPTING_HEAD_SCRIPT }}
        />
        {adminArea ? null : (
          <>
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: AGE_GATE_HEAD_SCRIPT }}
            />
            {/* Without JavaScript nobody could confirm: such visitors browse as before. */}
            <noscript>
              <style>{"[data-age-gate]{display:none}"}</style>
            </noscript>
          </>
        )}
        {/* Holds the first paint until the page's content is parsed: painted half-parsed, an
            offer table's columns are sized from its first rows and shift when the rest arrive. */}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
        <Meta />
        <Links />
      </head>
      <body className="bg-background text-foreground antialiased">
        <div className="flex min-h-screen flex-col">
          {adminArea ? null : (
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: AGE_GATE_PAGE_SCRIPT }}
            />
          )}
          <SkipLink />
          {adminArea ? (
            <AdminHeader user={root?.user ?? null} />
          ) : (
            <>
              <SiteHeader user={root?.user ?? null} />
              <TopBar confirmed={root?.pricesConfirmed ?? null} />
            </>
          )}
          {/* The skip link's target without JavaScript (with it, the link focuses <main>). */}
          <div id="main-content" className="flex flex-1 flex-col">
            {children}
          </div>
          <SiteFooter sections={root?.footer ?? []} />
          <div id={PAGE_END_ID} hidden />
        </div>
        {adminArea ? null : <AgeGate />}
        <Toaster theme="system" />
        <FlashToast flash={root?.flash ?? null} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isAdminRefusal(error)) return <AdminAccessRequired />;
  return (
    <GeneralErrorBoundary
      error={error}
      statusViews={{ 404: { title: "404", message: "Oops! Page not found" } }}
      fallback={{ title: "Error", message: "An error occurred" }}
      link={{ to: "/", label: "Return to Home" }}
    />
  );
}
