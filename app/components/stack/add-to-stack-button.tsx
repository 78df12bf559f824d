import { Layers } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { stackUrl } from "~/lib/stack-line";

import { addToStoredStack } from "./stack-storage";

/**
 * Adds one vial of a peptide size to the visitor's stack (kept in this browser). Without
 * JavaScript it is a link to a stack of just that item.
 */
export function AddToStackButton({
  peptide,
  peptideName,
  size,
  variant = "outline",
}: {
  peptide: string;
  peptideName: string;
  size: string;
  variant?: "outline" | "ghost" | "secondary";
}) {
  const line = { peptide, size, quantity: 1 };
  const add = (event: React.MouseEvent) => {
    event.preventDefault();
    addToStoredStack(peptideName, line);
  };
  return (
    <Button asChild size="sm" variant={variant}>
      <Link
        to={stackUrl([line])}
        onClick={add}
        aria-label={`Add to stack: ${peptideName} ${size}`}
        data-testid="add-to-stack"
      >
        <Layers className="size-4" aria-hidden /> Add to stack
      </Link>
    </Button>
  );
}
