import { Layers } from "lucide-react";
import { useId } from "react";

import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";

import { addToStoredStack } from "./stack-storage";

/**
 * A size picker with "Add to stack", for lists of peptides, set to the size a search asked for
 * (`chosen`) or the first. Without JavaScript it is a GET form that opens /stack with that one
 * item.
 */
export function AddToStackPicker({
  peptide,
  peptideName,
  sizes,
  chosen = null,
}: {
  peptide: string;
  peptideName: string;
  sizes: string[];
  chosen?: string | null;
}) {
  const id = useId();
  if (sizes.length === 0) return null;
  const shown = chosen !== null && sizes.includes(chosen) ? chosen : sizes[0];
  const add = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const size = String(new FormData(event.currentTarget).get("size") ?? shown);
    addToStoredStack(peptideName, { peptide, size, quantity: 1 });
  };
  return (
    <form method="get" action="/stack" onSubmit={add} className="flex items-center gap-2">
      <input type="hidden" name="peptide" value={peptide} />
      <input type="hidden" name="quantity" value="1" />
      <label htmlFor={id} className="sr-only">
        Size of {peptideName}
      </label>
      <NativeSelect id={id} name="size" defaultValue={shown} className="h-8 w-28">
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" aria-label={`Add to stack: ${peptideName}`}>
        <Layers className="size-4" aria-hidden /> Add to stack
      </Button>
    </form>
  );
}
