import { Bookmark, BookmarkCheck } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher, useLocation, type FetcherWithComponents } from "react-router";

import { toast } from "~/components/ui/toast";

import { DealDetailsFields } from "~/components/deals/deal-details-fields";
import { useActionToast } from "~/hooks/use-action-toast";
import { useFieldErrors } from "~/hooks/use-field-errors";
import type { ActionResult } from "~/lib/action-result";
import { DEAL_MESSAGES } from "~/lib/constants";
import { dealActionSchema, dealFormValues } from "~/lib/forms/deals";
import { useRootData } from "~/hooks/use-root-data";
import { loginPathFor } from "~/lib/site-path";

import { Button } from "./ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./ui/dialog";

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
 * same as the deal's edit form, read by the same schema.
 */
function SaveDealDialog({
  vendorPeptideId,
  fetcher,
}: {
  vendorPeptideId: string;
  fetcher: FetcherWithComponents<ActionResult>;
}) {
  const [open, setOpen] = useState(false);
  const { errors, onSubmit } = useFieldErrors(dealActionSchema, fetcher, {
    values: dealFormValues,
  });
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
        <fetcher.Form
          method="post"
          action="/deals"
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            onSubmit(event);
            if (!event.defaultPrevented) setOpen(false);
          }}
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="vendorPeptideId" value={vendorPeptideId} />
          <DealDetailsFields idPrefix={`save-${vendorPeptideId}`} errors={errors.notes} />
          <DialogFooter>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Save deal
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
