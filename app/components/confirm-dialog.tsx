import type * as React from "react";
import { useRef } from "react";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";

export interface ConfirmDialogProps {
  /** The button that opens the dialog; leave it out when `open` is controlled by the caller. */
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The answer that asks nothing: "Cancel" unless the question words it otherwise. */
  cancelLabel?: string;
  confirmLabel: React.ReactNode;
  confirmVariant?: "default" | "destructive";
  /** What confirming does: a fetcher submit, a form post, a state change. */
  onConfirm: () => void;
  /**
   * Where the focus goes once a confirmed dialog has closed, for a trigger that goes with what
   * was confirmed (a deleted row's button): the page's heading rather than a detached node.
   */
  focusAfterConfirm?: () => void;
  /**
   * Where the focus goes once the dialog was answered with Cancel, when that answer means "go
   * and change something" (the field a save's question is about); else back to the opener.
   */
  focusAfterCancel?: () => void;
  /**
   * The answer is being worked on: both buttons and Escape wait, and confirming leaves the
   * dialog open (the caller closes it when the answer is in).
   */
  busy?: boolean;
}

/** The one "are you sure?" dialog of the site: a question, Cancel, and the confirming button. */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  cancelLabel = "Cancel",
  confirmLabel,
  confirmVariant = "default",
  onConfirm,
  focusAfterConfirm,
  focusAfterCancel,
  busy,
}: ConfirmDialogProps) {
  const confirmed = useRef(false);
  const confirm = () => {
    confirmed.current = true;
    onConfirm();
  };
  // A dialog that waits for its answer keeps itself open: a plain button, not the closing action.
  const confirmButton =
    busy === undefined ? (
      <AlertDialogAction variant={confirmVariant} onClick={confirm}>
        {confirmLabel}
      </AlertDialogAction>
    ) : (
      <Button variant={confirmVariant} disabled={busy} onClick={confirm}>
        {confirmLabel}
      </Button>
    );
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) confirmed.current = false;
        onOpenChange?.(next);
      }}
    >
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
        onCloseAutoFocus={(event) => {
          const focusAfter = confirmed.current ? focusAfterConfirm : focusAfterCancel;
          if (!focusAfter) return;
          event.preventDefault();
          focusAfter();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          {confirmButton}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
