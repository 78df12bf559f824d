import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { Card, CardAction, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** A headline count that opens the table it counts. */
export function StatCard({
  label,
  value,
  to,
  icon: Icon,
}: {
  label: string;
  value: number;
  to: string;
  icon: LucideIcon;
}) {
  return (
    <Link
      to={to}
      // Named by what it shows ("Peptides 12"), so a voice user saying the label reaches it.
      className="rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Card className="gap-2 py-4 transition-colors hover:bg-accent/50">
        <CardHeader className="px-4">
          <CardTitle className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Icon className="size-4" aria-hidden />
            {label}
          </CardTitle>
        </CardHeader>
        <CardContent className="px-4 text-3xl font-semibold tabular-nums">{value}</CardContent>
      </Card>
    </Link>
  );
}

/**
 * A dashboard section: a title with its total, a link to the filtered admin table, and either
 * its rows or an empty-state sentence.
 */
export function WidgetCard({
  title,
  total,
  to,
  linkLabel,
  emptyMessage,
  children,
}: {
  title: string;
  total?: number;
  to: string;
  linkLabel: string;
  emptyMessage: string;
  children?: ReactNode;
}) {
  const headingId = `dashboard-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const empty = total === 0 || children === undefined;
  return (
    <Card className="gap-3 py-4" role="region" aria-labelledby={headingId}>
      <CardHeader className="px-4">
        <CardTitle id={headingId} className="flex items-baseline gap-2 text-base">
          {title}
          {total !== undefined ? (
            <span className="text-sm font-normal text-muted-foreground tabular-nums">
              ({total})
            </span>
          ) : null}
        </CardTitle>
        <CardAction>
          <Link to={to} className="text-sm text-primary underline-offset-4 hover:underline">
            {linkLabel}
          </Link>
        </CardAction>
      </CardHeader>
      <CardContent className="px-4 text-sm">
        {empty ? <p className="text-muted-foreground">{emptyMessage}</p> : children}
      </CardContent>
    </Card>
  );
}

/** The rows of a widget: one line each, a main text and a muted side text. */
export function WidgetList({ children }: { children: ReactNode }) {
  return <ul className="divide-y">{children}</ul>;
}

export function WidgetListItem({ main, side }: { main: ReactNode; side?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-1.5">
      <span className="min-w-0 wrap-anywhere">{main}</span>
      {side ? <span className="text-xs text-muted-foreground">{side}</span> : null}
    </li>
  );
}
