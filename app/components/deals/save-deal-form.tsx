import type { FetcherWithComponents } from "react-router";

import { DealDetailsFields } from "~/components/deals/deal-details-fields";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { useFieldErrors } from "~/hooks/use-field-errors";
import type { ActionResult } from "~/lib/action-result";
import { dealActionSchema, dealFormValues } from "~/lib/forms/deals";

/**
 * The Save deal dialog's form (components/save-deal-button.tsx): the offer, and the tags and
 * note the deal's edit form also takes, checked by the same schema before it is posted.
 */
export function SaveDealForm({
  vendorPeptideId,
  fetcher,
  onSubmitted,
}: {
  vendorPeptideId: string;
  fetcher: FetcherWithComponents<ActionResult>;
  onSubmitted: () => void;
}) {
  const { errors, onSubmit } = useFieldErrors(dealActionSchema, fetcher, {
    values: dealFormValues,
  });
  return (
    <fetcher.Form
      method="post"
      action="/deals"
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        onSubmit(event);
        if (!event.defaultPrevented) onSubmitted();
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
  );
}
