import { Link } from "react-router";

import type { CategoryLink } from "~/lib/peptide-card";
import { clsx } from "clsx";

/** Plain links (?category=slug) so filtering works without JavaScript and crawlers can follow it. */
export function CategoryBar({
  categories,
  active,
  hrefFor,
}: {
  categories: CategoryLink[];
  active: string | null;
  hrefFor: (slug: string | null) => string;
}) {
  const items = [{ name: "All Categories", slug: null as string | null }, ...categories];
  return (
    <nav aria-label="Categories" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex w-max gap-2 pb-1">
        {items.map((item) => {
          const current = item.slug === active;
          return (
            <li key={item.slug ?? "all"}>
              <Link
                to={hrefFor(item.slug)}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                className={clsx(
                  "inline-flex h-8 items-center rounded-full border px-3 text-sm whitespace-nowrap transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                  current
                    ? "border-primary bg-primary text-primary-foreground"
                    : "bg-background hover:bg-accent",
                )}
              >
                {item.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
