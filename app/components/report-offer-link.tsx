import { Flag } from "lucide-react";
import { Link } from "react-router";

import { formatPack } from "~/lib/offer-view";
import type { OfferRow } from "~/lib/offer-row";
import { offerReportPath } from "~/lib/trust/offer-reports";

import { Button } from "./ui/button";

/** Every offer row's "Report a problem": a plain link to the form, so it works before hydration. */
export function ReportOfferLink({ offer }: { offer: OfferRow }) {
  return (
    <Button asChild size="sm" variant="ghost" title="Report a problem">
      <Link to={offerReportPath(offer.id)} data-testid="report-offer" rel="nofollow">
        <Flag className="size-4" aria-hidden />
        <span className="sr-only">
          Report a problem with {offer.peptideName} {formatPack(offer.sizeLabel, offer.vials)} at{" "}
          {offer.vendorName}
        </span>
      </Link>
    </Button>
  );
}
