import { Bookmark, BookmarkCheck } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useFetcher, useLocation, type FetcherWithComponents } from "react-router";

import { toast } from "~/components/ui/toast";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { DEAL_MESSAGES } from "~/lib/constants";
import { useRootData } from "~/hooks/use-root-data";
import { loginPathFor } from "~/lib/site-path";

import { Button } from "./ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./ui/dialog";

const SaveDealForm = lazy(() =>
  import("~/components/deals/save-deal-form").then((module) => ({
    default: module.SaveDealForm,
  })),
);

/**
 * Saves one offer to the signed-in user's deals, asking for tags and a note on the way,
 * or unsaves it: POST /deals with intent=save|unsave and vendorPeptideId. Whether it is saved comes from the root loader, which
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
        <span className="sr-only"> deal</span>
      </Button>
    );
  }

  const pendingIntent = fetcher.formData?.get("intent");
  const saved =
    typeof pendingIntent === "string"
      ? pendingIntent === "save"
      : root.savedOfferIds.includes(vendorPeptideId);
  if (!saved) return <SaveDealDialog vendorPeptideId={vendorPeptideId} fetcher={fetcher} />;
  return (
    <fetcher.Form method="post" action="/deals">
      <input type="hidden" name="intent" value="unsave" />
      <input type="hidden" name="vendorPeptideId" value={vendorPeptideId} />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={fetcher.state !== "idle"}
        aria-pressed
        title="Saved: click to remove from your deals"
      >
        <BookmarkCheck className="size-4" aria-hidden />
        {/* Named by its visible word and " deal" ("Save deal", "Saved deal"), never a label
            that leaves the word out. */}
        <span className="sr-only sm:not-sr-only">Saved</span>
        <span className="sr-only"> deal</span>
      </Button>
    </fetcher.Form>
  );
}

/**
 * Saving asks for tags and a note (optional) in one step (issue 30): the dialog's form is the
 * same as the deal's edit form, read by the same schema. The form, with the schema and zod,
 * loads when the dialog first opens: every row of an offer table has this button, and the page
 * hydrates without form code.
 */
function SaveDealDialog({
  vendorPeptideId,
  fetcher,
}: {
  vendorPeptideId: string;
  fetcher: FetcherWithComponents<ActionResult>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="ghost" aria-pressed={false}>
          <Bookmark className="size-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">Save</span>
          <span className="sr-only"> deal</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save deal</DialogTitle>
          <DialogDescription>Tags and a note are optional.</DialogDescription>
        </DialogHeader>
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted-foreground">
              Loading…
            </p>
          }
        >
          <SaveDealForm
            vendorPeptideId={vendorPeptideId}
            fetcher={fetcher}
            onSubmitted={() => setOpen(false)}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
