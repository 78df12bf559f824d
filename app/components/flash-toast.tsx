import { useEffect } from "react";
import { toast } from "sonner";

export interface FlashMessage {
  id: string;
  kind: "success" | "error";
  message: string;
  title?: string;
}

/** Shows the server's one-shot message (set before a redirect) as a toast, once per message. */
export function FlashToast({ flash }: { flash: FlashMessage | null }) {
  useEffect(() => {
    if (!flash) return;
    if (flash.kind === "success") toast.success(flash.message, { id: flash.id });
    else toast.error(flash.title ?? "Error", { id: flash.id, description: flash.message });
  }, [flash]);
  return null;
}
