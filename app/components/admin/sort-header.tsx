import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";

import type { TableQuery } from "~/lib/table-query";

import { TableHead } from "../ui/table";

/**
 * A column header that sorts on the server: a link to the same page sorted by `sort`
 * (ascending first, then the other way), keeping the search; aria-sort says the current order.
 */
export function SortHeader<Sort extends string>({
  label,
  sort,
  table,
  href,
}: {
  label: string;
  sort: Sort;
  table: TableQuery<Sort, unknown>;
  href: (sort: Sort) => string;
}) {
  const current = table.sort === sort ? table.dir : null;
  return (
    <TableHead
      aria-sort={current === "asc" ? "ascending" : current === "desc" ? "descending" : undefined}
    >
      <Link
        to={href(sort)}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {label}
        {current === "asc" ? (
          <ArrowUp className="size-3.5" aria-hidden />
        ) : current === "desc" ? (
          <ArrowDown className="size-3.5" aria-hidden />
        ) : (
          <ArrowUpDown className="size-3.5 opacity-50" aria-hidden />
        )}
      </Link>
    </TableHead>
  );
}
