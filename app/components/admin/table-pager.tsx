import { useEffect, useId } from "react";
import { Form, useLocation, useNavigate } from "react-router";

import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { PaginationControls } from "~/components/ui/pagination-controls";
import { pageCount, type AnyTableQueryDefinition, type TableQuery } from "~/lib/table-query";

/** The URL's parameters other than `drop`, as hidden inputs of a GET form that changes one. */
function KeptParams({ search, drop }: { search: string; drop: string[] }) {
  return [...new URLSearchParams(search)]
    .filter(([name]) => !drop.includes(name))
    .map(([name, value], index) => (
      <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
    ));
}

/**
 * Under every admin table: rows per page (remembered per table in this browser), first,
 * previous, "Page X of Y", next, last, and a page-number field. Each is a link or a GET form,
 * so paging works without JavaScript; with it, a remembered size is asked for again when the
 * URL names none.
 */
export function TablePager({
  label,
  table,
  query,
  total,
}: {
  label: string;
  table: AnyTableQueryDefinition;
  query: TableQuery;
  total: number;
}) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const pages = pageCount(total, query.pageSize);
  const names = table.paramNames;
  const sizeNamed = new URLSearchParams(search).has(names.size);

  useEffect(() => {
    if (sizeNamed) return;
    const remembered = Number(window.localStorage.getItem(table.storageKey));
    if (table.pageSizes.includes(remembered) && remembered !== query.pageSize) {
      void navigate(table.hrefFor(query, { pageSize: remembered }, search), {
        replace: true,
        preventScrollReset: true,
      });
    }
  }, [sizeNamed, table, query, search, navigate]);

  const chooseSize = (pageSize: number) => {
    window.localStorage.setItem(table.storageKey, String(pageSize));
    void navigate(table.hrefFor(query, { pageSize }, search), { preventScrollReset: true });
  };

  return (
    <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
      <Form method="get" preventScrollReset className="flex items-center gap-2">
        <KeptParams search={search} drop={[names.size, names.page]} />
        <label htmlFor={`${id}-size`} className="text-sm text-muted-foreground">
          Rows per page
        </label>
        <NativeSelect
          id={`${id}-size`}
          name={names.size}
          value={query.pageSize}
          onChange={(event) => chooseSize(Number(event.currentTarget.value))}
          className="w-20"
        >
          {table.pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
        <noscript>
          <button type="submit" className="text-sm underline">
            Show
          </button>
        </noscript>
      </Form>
      <PaginationControls
        page={query.page}
        pageCount={pages}
        hrefForPage={(page) => table.hrefFor(query, { page }, search)}
        label={`${label} pages`}
        showEnds
      />
      {pages > 1 ? (
        <Form method="get" preventScrollReset className="flex items-center gap-2">
          <KeptParams search={search} drop={[names.page]} />
          <label htmlFor={`${id}-page`} className="text-sm text-muted-foreground">
            Go to page
          </label>
          <Input
            id={`${id}-page`}
            key={query.page}
            name={names.page}
            type="number"
            inputMode="numeric"
            min={1}
            max={pages}
            defaultValue={query.page}
            className="h-8 w-20 tabular-nums"
          />
        </Form>
      ) : null}
    </div>
  );
}
