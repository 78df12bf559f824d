import { Link } from "react-router";

import { cn } from "~/lib/utils";

export interface SizeLinkItem {
  key: string;
  label: string;
  to: string;
  current: boolean;
}

/**
 * A row of size pills that each link to the page for that size (without jumping to the top);
 * the current one is filled and carries `aria-current` (`page` where each size is its own page).
 */
export function SizeLinks({
  label,
  items,
  ariaCurrent = "true",
  className,
}: {
  label: string;
  items: SizeLinkItem[];
  ariaCurrent?: "page" | "true";
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("flex flex-wrap", className)}>
      {items.map((item) => (
        <Link
          key={item.key}
          to={item.to}
          preventScrollReset
          aria-current={item.current ? ariaCurrent : undefined}
          className={cn(
            "inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
            item.current
              ? "border-primary bg-primary text-primary-foreground"
              : "bg-background hover:bg-accent",
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
