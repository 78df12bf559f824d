import { useEffect } from "react";

import { toasterReady, wantToaster } from "./ui/sonner";

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
    let cancelled = false;
    // Sonner loads after the page is shown (see ui/sonner.tsx); the id keeps a toast single.
    wantToaster();
    void Promise.all([import("sonner"), toasterReady]).then(([{ toast }]) => {
      if (cancelled) return;
      if (flash.kind === "success") toast.success(flash.message, { id: flash.id });
      else toast.error(flash.title ?? "Error", { id: flash.id, description: flash.message });
    });
    return () => {
      cancelled = true;
    };
  }, [flash]);
  return null;
}
