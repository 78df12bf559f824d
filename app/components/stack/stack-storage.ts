import { toast } from "~/components/ui/toast";

import {
  addToStack,
  MAX_STACK_LINES,
  readStoredStack,
  STACK_CHANGED_EVENT,
  STACK_STORAGE_KEY,
  stackUrl,
  type StackLine,
} from "~/lib/stack-line";

/** Stores the visitor's stack in this browser and tells the header's count. */
export function writeStoredStack(lines: StackLine[]) {
  try {
    if (lines.length === 0) window.localStorage.removeItem(STACK_STORAGE_KEY);
    else window.localStorage.setItem(STACK_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage may be full or refused (private mode); the URL still holds the stack.
  }
  window.dispatchEvent(new Event(STACK_CHANGED_EVENT));
}

/**
 * Adds a line to the stack kept in this browser and says so in a toast (with a way to the
 * stack), or says the stack is full.
 */
export function addToStoredStack(peptideName: string, line: StackLine) {
  const stored = readStoredStack(window.localStorage);
  const next = addToStack(stored, line);
  if (next === stored) {
    toast.error("Your stack is full", {
      description: `A stack holds at most ${MAX_STACK_LINES} different peptide sizes.`,
    });
    return;
  }
  writeStoredStack(next);
  toast.success(`Added ${peptideName} ${line.size} to your stack`, {
    action: { label: "View stack", onClick: () => window.location.assign(stackUrl(next)) },
  });
}
