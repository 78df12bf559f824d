import { Pencil } from "lucide-react";

import { Button } from "../ui/button";

/** The pencil button of a table row or card that opens its edit dialog. */
export function EditButton({
  label,
  disabled,
  onClick,
}: {
  /** The accessible name ("Edit BPC-157"). */
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} disabled={disabled} onClick={onClick}>
      <Pencil className="size-4" aria-hidden />
    </Button>
  );
}
