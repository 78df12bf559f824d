import { Layers } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";

import { readStoredStack, STACK_CHANGED_EVENT } from "~/lib/stack-line";

/**
 * The header's link to /stack with the number of lines in this browser's stack. The count
 * shows only after hydration (the server cannot know it), so nothing mismatches.
 */
export function StackHeaderLink({ className }: { className?: string }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const update = () => setCount(readStoredStack(window.localStorage).length);
    update();
    window.addEventListener(STACK_CHANGED_EVENT, update);
    window.addEventListener("storage", update);
    return () => {
      window.removeEventListener(STACK_CHANGED_EVENT, update);
      window.removeEventListener("storage", update);
    };
  }, []);
  return (
    // Named by its visible text ("Stack 3 items"), which a voice user can say to reach it.
    <Link to="/stack" className={className}>
      <Layers className="size-4" aria-hidden />
      <span>Stack</span>
      {count > 0 ? (
        <>
          <span
            className="ml-1 rounded-full bg-primary px-1.5 text-xs leading-5 font-medium text-primary-foreground tabular-nums"
            data-testid="stack-count"
          >
            {count}
          </span>
          <span className="sr-only">{count === 1 ? " item" : " items"}</span>
        </>
      ) : null}
    </Link>
  );
}
