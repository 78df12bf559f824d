import type * as React from "react";
import { Form, Link } from "react-router";

import { Button } from "~/components/ui/button";
import type { SortState } from "~/lib/sort";

/**
 * A server-side table's search and filters as a GET form: applying starts at page 1 and keeps
 * the sort; works without JavaScript.
 */
export function TableFilterForm({
  label,
  sort,
  defaultSort,
  children,
}: {
  label: string;
  sort: SortState<string>;
  defaultSort: SortState<string>;
  children: React.ReactNode;
}) {
  const sortChanged =
    sort.column !== defaultSort.column || sort.direction !== defaultSort.direction;
  return (
    <Form
      method="get"
      preventScrollReset
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
    >
      {sortChanged ? <input type="hidden" name="sort" value={sort.column} /> : null}
      {sortChanged && sort.direction === "desc" ? (
        <input type="hidden" name="dir" value="desc" />
      ) : null}
      {children}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="secondary">
          Apply
        </Button>
        <Button asChild size="sm" variant="ghost">
          <Link to="?" preventScrollReset>
            Reset
          </Link>
        </Button>
      </div>
    </Form>
  );
}

/** A labelled control of a TableFilterForm. */
export function FilterControl({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}
