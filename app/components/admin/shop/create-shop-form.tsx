import { useFetcher } from "react-router";

import { Field } from "~/components/admin/form-controls";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import type { PreviewView } from "~/lib/forms/add-shop";
import { TEXT_LIMITS } from "~/lib/text-limits";

type PreviewResult = NonNullable<PreviewView["result"]>;

/**
 * The last step: a new vendor and its source, or, when the shop's host already belongs to a
 * vendor, the source attached to that vendor (a second vendor would list every offer twice).
 */
export function CreateShopForm({
  previewId,
  result,
}: {
  previewId: string;
  result: PreviewResult;
}) {
  const create = useFetcher<ActionResult>();
  const attach = useFetcher<ActionResult>();
  useActionToast(create.data);
  useActionToast(attach.data);
  const busy = create.state !== "idle" || attach.state !== "idle";
  const duplicate = result.owners.length > 0;
  return (
    <div className="space-y-3">
      {duplicate ? (
        <div role="alert" className="space-y-2 rounded-md border border-amber-500 p-3 text-sm">
          <p className="font-medium">
            This shop&apos;s address already belongs to a vendor: a second vendor would list every
            offer twice.
          </p>
          <ul className="space-y-2">
            {result.owners.map((owner) => (
              <li key={owner.vendorId} className="flex flex-wrap items-center gap-2">
                <span>
                  {owner.vendorName} ({owner.address})
                </span>
                <attach.Form method="post">
                  <input type="hidden" name="intent" value="attach-shop" />
                  <input type="hidden" name="preview_id" value={previewId} />
                  <input type="hidden" name="vendor_id" value={owner.vendorId} />
                  <Button
                    type="submit"
                    size="sm"
                    disabled={busy}
                    aria-label={`Attach to the existing vendor ${owner.vendorName}`}
                  >
                    Attach to the existing vendor
                  </Button>
                </attach.Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <create.Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="create-shop" />
        <input type="hidden" name="preview_id" value={previewId} />
        <Field id="vendor-name" label="Vendor name">
          <Input
            name="vendor_name"
            required
            maxLength={TEXT_LIMITS.name}
            defaultValue={new URL(result.shopUrl).hostname}
          />
        </Field>
        {duplicate ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="separate_vendor" value="true" required />
            Create a second vendor anyway
          </label>
        ) : null}
        <Button type="submit" disabled={busy}>
          Create vendor and source
        </Button>
      </create.Form>
    </div>
  );
}
