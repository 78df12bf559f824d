import { Trash2 } from "lucide-react";
import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";

import { ConfirmDialog } from "./confirm-dialog";
import { Button } from "./ui/button";

/**
 * How a signed-in visitor removes one of their own rows (a saved deal, a price alert): a trash
 * button that asks first, then posts `fields` to `action` through its own fetcher and toasts
 * the answer. With `label` the button shows it beside the icon; without, the icon stands alone.
 */
export function ConfirmRemoveButton({
  fields,
  action,
  accessibleName,
  label,
  title,
  description,
  confirmLabel,
}: {
  fields: Record<string, string>;
  action: string;
  accessibleName: string;
  label?: string;
  title: string;
  description: string;
  confirmLabel: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <ConfirmDialog
      trigger={
        <Button
          size={label ? "sm" : "icon"}
          variant={label ? "outline" : "ghost"}
          aria-label={accessibleName}
          disabled={fetcher.state !== "idle"}
        >
          <Trash2 className="size-4" aria-hidden />
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={() => void fetcher.submit(fields, { method: "post", action })}
    />
  );
}
