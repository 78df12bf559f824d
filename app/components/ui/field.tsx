import * as React from "react";

import { cn } from "~/lib/utils";

import { Label } from "./label";

interface FieldControl {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldControlContext = React.createContext<FieldControl | null>(null);

/**
 * The id, aria-describedby and aria-invalid a control inside a Field takes, unless the control
 * sets them itself: the hint and the errors under a field are read out with its control.
 */
export function useFieldControlProps<Props extends React.AriaAttributes & { id?: string }>(
  props: Props,
): Props {
  const field = React.useContext(FieldControlContext);
  if (!field) return props;
  return {
    ...props,
    id: props.id ?? field.id,
    "aria-describedby": props["aria-describedby"] ?? field.describedBy,
    "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
  };
}

/** The messages under a field; `id` is what the control's aria-describedby points at. */
export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const messages = errors?.filter(Boolean) ?? [];
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="grid gap-1 text-xs text-destructive">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/**
 * A labelled form control with its hint and its errors under it. The Input, Textarea and
 * NativeSelect inside pick up the field's id and describedby on their own.
 */
export function Field({
  id,
  label,
  hint,
  errors,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors?: readonly string[] | null;
  className?: string;
  children: React.ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const hasErrors = Boolean(errors?.some(Boolean));
  const errorId = hasErrors ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const control = React.useMemo(
    () => ({ id, describedBy, invalid: hasErrors }),
    [id, describedBy, hasErrors],
  );
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <FieldControlContext value={control}>{children}</FieldControlContext>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
