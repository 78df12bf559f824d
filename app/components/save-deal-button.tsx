import { Bookmark } from "lucide-react";
import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";

import { Button } from "./ui/button";

/**
 * Saves one vendor price to the signed-in user's deals: POST /deals with
 * intent=save and vendorPeptideId; the action answers an ActionResult ('Deal saved').
 */
export function SaveDealButton({ vendorPeptideId }: { vendorPeptideId: string }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/deals">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="vendorPeptideId" value={vendorPeptideId} />
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        disabled={fetcher.state !== "idle"}
        aria-label="Save deal"
      >
        <Bookmark className="size-4" aria-hidden />
        <span className="sr-only sm:not-sr-only">Save</span>
      </Button>
    </fetcher.Form>
  );
}
