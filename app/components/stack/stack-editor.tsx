import { Link2, Trash2 } from "lucide-react";
import { Form, Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useActionToast } from "~/hooks/use-action-toast";
import { useFieldErrors } from "~/hooks/use-field-errors";
import type { ActionResult } from "~/lib/action-result";
import { stackActionSchema } from "~/lib/forms/stack";
import { loginPathFor } from "~/lib/site-path";
import {
  formatStackParam,
  MAX_STACK_QUANTITY,
  STACK_NAME_MAX_LENGTH,
  stackUrl,
  type StackLine,
} from "~/lib/stack";

export function StackEditor({
  lines,
  names,
}: {
  lines: StackLine[];
  names: Record<string, string>;
}) {
  return (
    <Form method="get" action="/stack" className="flex flex-col gap-3" aria-label="Your stack">
      <h2 className="text-lg font-semibold">Your stack</h2>
      <ul className="flex flex-col divide-y rounded-lg border">
        {lines.map((line, index) => {
          const id = `stack-quantity-${index}`;
          return (
            <li
              key={`${line.peptide}-${line.size}`}
              data-testid="stack-line"
              className="flex flex-wrap items-center justify-between gap-3 px-3 py-2"
            >
              <span>
                <Link
                  to={`/peptide/${line.peptide}?size=${encodeURIComponent(line.size)}`}
                  className="font-medium hover:underline"
                >
                  {names[line.peptide] ?? line.peptide}
                </Link>{" "}
                {line.size}
              </span>
              <span className="flex items-center gap-2">
                <input type="hidden" name="peptide" value={line.peptide} />
                <input type="hidden" name="size" value={line.size} />
                <Label htmlFor={id} className="text-sm text-muted-foreground">
                  Quantity
                </Label>
                <Input
                  id={id}
                  name="quantity"
                  type="number"
                  min={1}
                  max={MAX_STACK_QUANTITY}
                  defaultValue={line.quantity}
                  className="w-20"
                />
                <Button asChild size="icon" variant="ghost">
                  <Link
                    to={stackUrl(lines.filter((_other, other) => other !== index))}
                    aria-label={`Remove ${line.peptide} ${line.size}`}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Link>
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
      <div>
        <Button type="submit" variant="outline" size="sm">
          Update quantities
        </Button>
      </div>
    </Form>
  );
}

export function ShareStack({ lines, signedIn }: { lines: StackLine[]; signedIn: boolean }) {
  const fetcher = useFetcher<ActionResult & { shareToken?: string }>();
  useActionToast(fetcher.data);
  const { errors, onSubmit } = useFieldErrors(stackActionSchema, fetcher);
  // The action answers its refusals without field errors: each (the name's, the stack's, the
  // session's) is shown under the one field the visitor can change.
  const checked = Object.values(errors).flat();
  const nameErrors =
    checked.length > 0 ? checked : fetcher.data && !fetcher.data.ok ? [fetcher.data.error] : null;
  const link = stackUrl(lines);
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(new URL(link, window.location.origin).toString());
      toast.success("Link copied");
    } catch {
      toast.error("Could not copy the link");
    }
  };
  return (
    <section aria-labelledby="share-heading" className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 id="share-heading" className="text-lg font-semibold">
        Save and share
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copyLink}>
          <Link2 className="size-4" aria-hidden /> Copy link to this stack
        </Button>
      </div>
      {signedIn ? (
        <fetcher.Form
          method="post"
          action="/stack"
          className="flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="items" value={formatStackParam(lines)} />
          <Field id="stack-name" label="Name" errors={nameErrors}>
            <Input
              name="name"
              required
              maxLength={STACK_NAME_MAX_LENGTH}
              placeholder="My recovery stack"
              className="w-64"
            />
          </Field>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save stack"}
          </Button>
          {fetcher.data?.ok && fetcher.data.shareToken ? (
            <Link to={`/stack/s/${fetcher.data.shareToken}`} className="text-sm underline">
              Open its share link
            </Link>
          ) : null}
        </fetcher.Form>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Link to={loginPathFor(link)} className="underline">
            Log in
          </Link>{" "}
          to save this stack and share it by a read-only link.
        </p>
      )}
    </section>
  );
}
