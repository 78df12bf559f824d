import { Bookmark, BookmarkCheck } from "lucide-react";
import { Link, useFetcher, useLocation } from "react-router";
import { toast } from "sonner";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { DEAL_MESSAGES } from "~/lib/constants";
import { useRootData } from "~/hooks/use-root-data";
import { loginPathFor } from "~/lib/site-path";

import { Button } from "./ui/button";

/**
 * Saves one vendor price to the signed-in user's deals, or unsaves it: POST /deals with
 * intent=save|unsave and vendorPeptideId. Whether it is saved comes from the root loader, which
 * reloads after the post. Signed out, it asks the visitor to log in and come back here.
 */
export function SaveDealButton({ vendorPeptideId }: { vendorPeptideId: string }) {
  const root = useRootData();
  const location = useLocation();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);

  if (!root?.user) {
    const loginPath = loginPathFor(`${location.pathname}${location.search}`);
    return (
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-label="Save deal"
        onClick={() =>
          toast.error(DEAL_MESSAGES.loginRequired, {
            id: "login-to-save",
            description: (
              <Link to={loginPath} className="font-medium underline underline-offset-4">
                Log in
              </Link>
            ),
          })
        }
      >
        <Bookmark className="size-4" aria-hidden />
        <span className="sr-only sm:not-sr-only">Save</span>
      </Button>
    );
  }

  const pendingIntent = fetcher.formData?.get("intent");
  const saved =
    typeof pendingIntent === "string"
      ? pendingIntent === "save"
      : root.savedOfferIds.includes(vendorPeptideId);
  return (
    <fetcher.Form method="post" action="/deals">
      <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
      <input type="hidden" name="vendorPeptideId" value={vendorPeptideId} />
      <Button
        type="submit"
        size="sm"
        variant={saved ? "secondary" : "ghost"}
        disabled={fetcher.state !== "idle"}
        aria-pressed={saved}
        aria-label="Save deal"
        title={saved ? "Saved: click to remove from your deals" : undefined}
      >
        {saved ? (
          <BookmarkCheck className="size-4" aria-hidden />
        ) : (
          <Bookmark className="size-4" aria-hidden />
        )}
        <span className="sr-only sm:not-sr-only">{saved ? "Saved" : "Save"}</span>
      </Button>
    </fetcher.Form>
  );
}
