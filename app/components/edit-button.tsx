import { Pencil } from "lucide-react";
import type { ComponentProps } from "react";

import { Button } from "./ui/button";

/**
 * The pencil button that opens a row's or card's edit dialog, by its `onClick` or as a dialog's
 * trigger (`<DialogTrigger asChild>`, which hands it the props it needs).
 */
export function EditButton({
  label,
  ...props
}: {
  /** The accessible name ("Edit BPC-157"). */
  label: string;
} & Omit<ComponentProps<typeof Button>, "children" | "aria-label">) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} {...props}>
      <Pencil className="size-4" aria-hidden />
    </Button>
  );
}
