import type * as React from "react";
import { Form, Link, useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { TABLE_QUERY_MAX, type AnyTableQueryDefinition, type TableQuery } from "~/lib/table-query";

/**
 * The URL's parameters a table's search form does not set itself, as hidden inputs: its sort
 * (when not the default) and the page's other parameters (another table's page). Submitting
 * the form then changes only the search and filters, and starts at page 1.
 */
export function TableStateInputs({
  table,
  query,
}: {
  table: AnyTableQueryDefinition;
  query: TableQuery;
}) {
  const { search } = useLocation();
  const { q, page, filters } = table.paramNames;
  const set = new Set([q, page, ...filters]);
  const kept = new URLSearchParams(table.hrefFor(query, { page: 1 }, search).slice(1));
  return (
    <>
      {[...kept]
        .filter(([name]) => !set.has(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/**
 * A table's search and filters as a GET form: applying starts at page 1 and keeps the sort;
 * works without JavaScript. `children` are the controls, named as the table's parameters.
 */
export function TableFilterForm({
  label,
  table,
  query,
  children,
}: {
  label: string;
  table: AnyTableQueryDefinition;
  query: TableQuery;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="get"
      preventScrollReset
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
    >
      <TableStateInputs table={table} query={query} />
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

/** The search box of a TableFilterForm, named as the table's own search parameter. */
export function SearchControl({
  id,
  table,
  query,
  placeholder,
}: {
  id: string;
  table: AnyTableQueryDefinition;
  query: TableQuery;
  placeholder: string;
}) {
  return (
    <FilterControl id={id} label="Search">
      <Input
        id={id}
        name={table.paramNames.q}
        type="search"
        placeholder={placeholder}
        maxLength={TABLE_QUERY_MAX}
        defaultValue={query.q}
        className="h-8 w-56"
      />
    </FilterControl>
  );
}
