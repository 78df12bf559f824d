import { Link } from "react-router";

import { DISCLOSURE_PATH } from "~/lib/affiliate";

/** The visible mark of an affiliated link (issue 34), opening the disclosure page. */
export function AffiliateNote() {
  return (
    <Link
      to={DISCLOSURE_PATH}
      className="text-[0.7rem] whitespace-nowrap text-muted-foreground underline underline-offset-2 hover:text-foreground"
      data-testid="affiliate-note"
    >
      Affiliate link
    </Link>
  );
}
