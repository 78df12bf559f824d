import * as React from "react";
import { Link } from "react-router";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from "lucide-react";

import { clsx } from "clsx";
import { Button } from "~/components/ui/button";

type PaginationControlsProps = {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages; 0 (no rows) is shown as "Page 1 of 1". */
  pageCount: number;
  /** Called with the new page when a button is pressed (client-side paging). */
  onPageChange?: (page: number) => void;
  /**
   * When given, Previous/Next render as links to these URLs, so paging works
   * without JavaScript (e.g. `(p) => "?page=" + p`).
   */
  hrefForPage?: (page: number) => string;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Adds First and Last (for long lists, such as the admin tables). */
  showEnds?: boolean;
  className?: string;
};

type Direction = "first" | "previous" | "next" | "last";

const CONTROL_LABELS: Record<Direction, string> = {
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
};

const CONTROL_RELS: Partial<Record<Direction, string>> = { previous: "prev", next: "next" };

function controlContent(direction: Direction) {
  switch (direction) {
    case "first":
      return (
        <>
          <ChevronsLeftIcon />
          {/* Icon only on phones, so the admin pager fits a 390 px screen; named by aria-label. */}
          <span className="max-sm:sr-only">First</span>
        </>
      );
    case "previous":
      return (
        <>
          <ChevronLeftIcon />
          <span>Previous</span>
        </>
      );
    case "next":
      return (
        <>
          <span>Next</span>
          <ChevronRightIcon />
        </>
      );
    case "last":
      return (
        <>
          <span className="max-sm:sr-only">Last</span>
          <ChevronsRightIcon />
        </>
      );
  }
}

/** (First /) Previous / "Page X of Y" / Next (/ Last), disabled at the ends. */
function PaginationControls({
  page,
  pageCount,
  onPageChange,
  hrefForPage,
  label = "Pagination",
  showEnds = false,
  className,
}: PaginationControlsProps) {
  const total = Math.max(1, Math.floor(pageCount));
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  const hasPrevious = current > 1;
  const hasNext = current < total;

  function control(target: number, enabled: boolean, direction: Direction) {
    const ariaLabel = CONTROL_LABELS[direction];
    const content = controlContent(direction);

    if (enabled && hrefForPage) {
      return (
        <Button asChild variant="outline" size="sm">
          <Link
            to={hrefForPage(target)}
            aria-label={ariaLabel}
            rel={CONTROL_RELS[direction]}
            preventScrollReset
          >
            {content}
          </Link>
        </Button>
      );
    }

    return (
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={ariaLabel}
        disabled={!enabled}
        onClick={enabled ? () => onPageChange?.(target) : undefined}
      >
        {content}
      </Button>
    );
  }

  return (
    <nav
      aria-label={label}
      data-slot="pagination-controls"
      className={clsx("flex flex-wrap items-center justify-end gap-2", className)}
    >
      {showEnds ? control(1, hasPrevious, "first") : null}
      {control(current - 1, hasPrevious, "previous")}
      <span className="px-2 text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {`Page ${current} of ${total}`}
      </span>
      {control(current + 1, hasNext, "next")}
      {showEnds ? control(total, hasNext, "last") : null}
    </nav>
  );
}

export { PaginationControls, type PaginationControlsProps };
