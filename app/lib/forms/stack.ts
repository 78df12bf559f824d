import { z } from "./zod";

import {
  MAX_STACK_LINES,
  parseStackParam,
  STACK_NAME_MAX_LENGTH,
  stackLineSchema,
} from "~/lib/stack";

import { USER_LIST_LIMITS } from "~/lib/constants";

import { requiredText } from "./fields";
import { recordId } from "./record-ids";

export const STACK_MESSAGES = {
  saved: "Stack saved",
  deleted: "Stack deleted",
  notFound: "That stack no longer exists",
  loginRequired: "Please log in to save stacks",
  empty: "Add at least one item",
  full: `You have ${USER_LIST_LIMITS.savedStacks} saved stacks, the most there can be; delete one to save another`,
} as const;

/** The /stack form: save the shown stack under a name, or delete a saved one. */
export const stackActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    name: requiredText("Name", STACK_NAME_MAX_LENGTH, "Give the stack a name"),
    items: z
      .string()
      .max(4000, "The stack is too long")
      .transform(parseStackParam)
      .pipe(
        z
          .array(stackLineSchema)
          .min(1, STACK_MESSAGES.empty)
          .max(MAX_STACK_LINES, `A stack holds at most ${MAX_STACK_LINES} lines`),
      ),
  }),
  z.object({ intent: z.literal("delete"), stackId: recordId(STACK_MESSAGES.notFound) }),
]);
