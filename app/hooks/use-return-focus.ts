import { useRef } from "react";

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Radix's dialogs give the focus back to their Trigger on close; ours are mostly opened by a
 * plain button that sets state (Add Admin, the phone sidebar's toggle, a save's question), so
 * there is no Trigger and the focus fell to the page's body. These handlers for a dialog's
 * content remember what had the focus as it opened and give the focus back to it as it closes.
 * A caller's own onCloseAutoFocus that moves the focus (preventDefault) wins, and an opener that
 * left the page (a closed dialog's button) leaves Radix's behaviour.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
