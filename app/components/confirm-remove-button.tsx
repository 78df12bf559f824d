import { Trash2 } from "lucide-react";
import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";

import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";
import { Button } from "./ui/button";

/**
 * The one trash button that asks first: confirmed, it posts `fields` (to `action`, else to the
 * current route) through a fetcher. With `label` the button shows it beside the icon; without,
 * the icon stands alone.
 *
 * Where the removed row takes this button with it before the answer arrives (the admin tables),
 * the page passes `fetcherKey` and toasts that fetcher's answer itself; without a key the
 * button toasts its own answer.
 */
export function ConfirmRemoveButton({
  fields,
  action,
  fetcherKey,
  accessibleName,
  label,
  title,
  description,
  confirmLabel,
  confirmVariant,
  focusAfterConfirm,
}: {
  fields: Record<string, string>;
  action?: string;
  fetcherKey?: string;
  accessibleName: string;
  label?: string;
} & Pick<
  ConfirmDialogProps,
  "title" | "description" | "confirmLabel" | "confirmVariant" | "focusAfterConfirm"
>) {
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey });
  useActionToast(fetcherKey ? undefined : fetcher.data);
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
      confirmVariant={confirmVariant}
      onConfirm={() => void fetcher.submit(fields, { method: "post", action })}
      focusAfterConfirm={focusAfterConfirm}
    />
  );
}
