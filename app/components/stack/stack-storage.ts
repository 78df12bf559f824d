import { STACK_CHANGED_EVENT, STACK_STORAGE_KEY, type StackLine } from "~/lib/stack-line";

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
