import * as React from "react";

import { clsx } from "clsx";

import { Label } from "./label";

interface FieldControl {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  /** A control with a maxLength reports what was typed or pasted (LimitNotice shows it). */
  onLength: (state: LimitState) => void;
}

interface LimitState {
  length: number;
  max: number;
  /** A paste was longer than the room left: the browser kept only what fits. */
  cut: boolean;
}

/** From this share of the limit on, the field shows how many characters are used. */
const COUNTER_FROM = 0.8;

type LimitedProps = {
  maxLength?: number;
  onInput?: React.FormEventHandler;
  onPaste?: React.ClipboardEventHandler;
};

/** The input and paste handlers that report a limited control's length to its Field. */
function withLimitReport<Props extends LimitedProps>(props: Props, field: FieldControl): Props {
  const max = props.maxLength;
  if (!max || max <= 0) return props;
  const target = (event: React.SyntheticEvent) =>
    event.currentTarget as HTMLInputElement | HTMLTextAreaElement;
  return {
    ...props,
    onInput: (event: React.FormEvent) => {
      props.onInput?.(event);
      field.onLength({ length: target(event).value.length, max, cut: false });
    },
    onPaste: (event: React.ClipboardEvent) => {
      props.onPaste?.(event);
      const control = target(event);
      const selected = (control.selectionEnd ?? 0) - (control.selectionStart ?? 0);
      const pasted = event.clipboardData.getData("text").length;
      const wanted = control.value.length - selected + pasted;
      if (wanted > max) field.onLength({ length: max, max, cut: true });
    },
  };
}

const FieldControlContext = React.createContext<FieldControl | null>(null);

/**
 * The id, aria-describedby and aria-invalid a control inside a Field takes, unless the control
 * sets them itself: the hint and the errors under a field are read out with its control.
 */
export function useFieldControlProps<
  Props extends React.AriaAttributes & { id?: string } & LimitedProps,
>(props: Props): Props {
  const field = React.useContext(FieldControlContext);
  if (!field) return props;
  return withLimitReport(
    {
      ...props,
      id: props.id ?? field.id,
      "aria-describedby": props["aria-describedby"] ?? field.describedBy,
      "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
    },
    field,
  );
}

/** Near a field's limit, how much of it is used; after a paste that did not fit, that it was cut. */
function LimitNotice({ id, state }: { id: string; state: LimitState | null }) {
  const near = state !== null && state.length >= state.max * COUNTER_FROM;
  return (
    <p
      id={id}
      aria-live="polite"
      className="text-xs text-muted-foreground tabular-nums empty:sr-only"
    >
      {state?.cut
        ? `The pasted text was cut to the limit of ${state.max} characters.`
        : near
          ? `${state.length} / ${state.max} characters`
          : ""}
    </p>
  );
}

/**
 * The messages under a field; `id` is what the control's aria-describedby points at. The mark
 * tells the error toast (hooks/error-toast.ts) that these need no toast.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const messages = errors?.filter(Boolean) ?? [];
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="grid gap-1 text-xs text-destructive" data-field-errors="">
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
  const [limit, setLimit] = React.useState<LimitState | null>(null);
  const control = React.useMemo(
    () => ({ id, describedBy, invalid: hasErrors, onLength: setLimit }),
    [id, describedBy, hasErrors],
  );
  return (
    <div className={clsx("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <FieldControlContext value={control}>{children}</FieldControlContext>
      <LimitNotice id={`${id}-limit`} state={limit} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
