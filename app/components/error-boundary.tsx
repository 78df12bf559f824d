import { isRouteErrorResponse, Link, useLocation } from "react-router";

import { useRootData } from "~/hooks/use-root-data";

import { Button } from "./ui/button";

export interface ErrorView {
  title: string;
  message: string;
}

/**
 * The one error boundary of the app's routes: a heading, a message and a way back. The view
 * comes from `statusViews` for an answer thrown with that status (a 404), else from `fallback`
 * (a function may read the error, e.g. a reason the answer carries). "page" fills a route's
 * main area; "section" sits inside a layout that already has its <main> (the back office).
 */
export function GeneralErrorBoundary({
  error,
  statusViews = {},
  fallback,
  link,
  layout = "page",
}: {
  error: unknown;
  statusViews?: Partial<Record<number, ErrorView>>;
  fallback: ErrorView | ((error: unknown) => ErrorView);
  link: { to: string; label: string; variant?: "default" | "outline" };
  layout?: "page" | "section";
}) {
  const view =
    (isRouteErrorResponse(error) ? statusViews[error.status] : undefined) ??
    (typeof fallback === "function" ? fallback(error) : fallback);
  const requestId = useErrorRequestId();
  const action = (
    <Button asChild variant={link.variant ?? "default"}>
      <Link to={link.to}>{link.label}</Link>
    </Button>
  );
  const reference = requestId ? (
    <p className="text-sm text-muted-foreground">
      Request ID: <code>{requestId}</code>
    </p>
  ) : null;
  if (layout === "section") {
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-2xl font-bold tracking-tight">{view.title}</h1>
        <p role="alert" className="text-destructive">
          {view.message}
        </p>
        {reference}
        {action}
      </div>
    );
  }
  return (
    <main className="container mx-auto flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{view.title}</h1>
      <p className="max-w-prose text-muted-foreground">{view.message}</p>
      {reference}
      {action}
    </main>
  );
}

/**
 * The location the browser loaded the document at. React Router keys it by history.state,
 * which its ScrollRestoration script fills before the app's modules run; the server renders
 * it as "default".
 */
const documentLocationKey =
  typeof window === "undefined"
    ? "default"
    : ((window.history.state as { key?: string } | null)?.key ?? "default");

/**
 * The id of the request that rendered this error page (its log lines carry it), from the
 * root loader's data. Only on the page as the server sent it (the document's own location):
 * after a navigation in the browser the root data is the first page's, whose id names another
 * request, so none is shown rather than a wrong one.
 */
function useErrorRequestId(): string | null {
  const firstPage = useLocation().key === documentLocationKey;
  const requestId = useRootData()?.requestId ?? null;
  return firstPage ? requestId : null;
}

/**
 * A public detail page's boundary (a peptide's, a vendor's): "not found" for an address that
 * names nothing, "failed to load" for anything else, both with the way home.
 */
export function DetailPageErrorBoundary({
  error,
  subject,
}: {
  error: unknown;
  subject: "peptide" | "vendor";
}) {
  const Subject = subject === "peptide" ? "Peptide" : "Vendor";
  return (
    <GeneralErrorBoundary
      error={error}
      statusViews={{
        404: {
          title: `${Subject} not found`,
          message: `We could not find a ${subject} at this address.`,
        },
      }}
      fallback={{
        title: `Failed to load ${subject} details`,
        message: "Please try again in a moment.",
      }}
      link={{ to: "/", label: "Return to Home" }}
    />
  );
}
