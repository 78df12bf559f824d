import type * as React from "react";
import { toast } from "sonner";
import type { z } from "zod";

import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { cn } from "~/lib/utils";

import { Label } from "../ui/label";

/** A labelled form control with an optional hint. */
export function Field({
  id,
  label,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A native select styled like the inputs: keyboard- and phone-friendly, posts with the form. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30",
        className,
      )}
      {...props}
    />
  );
}

/**
 * Runs the form's own zod schema before posting, so the admin sees SPEC's message at once;
 * the action validates again whatever the browser sent.
 */
export function validateOnSubmit(schema: z.ZodType) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    const result = schema.safeParse(formFields(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      toast.error("Error", { description: firstIssueMessage(result.error) });
    }
  };
}

/** An add/edit dialog: closed, or open on a row (null = adding); the nonce remounts its form. */
export type DialogState<T> = { open: false } | { open: true; row: T | null; nonce: number };
