/** The admin's vendor accounts page: grant or remove a vendor member, decide held submissions. */
import { z } from "./zod";

import { recordId, UNKNOWN_ACTION } from "./record-ids";

export const vendorAccountsAdminSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("grant-member"),
      vendorId: recordId("Choose a vendor"),
      email: z.string().trim().max(320).pipe(z.email("Enter the account's e-mail")),
    }),
    z.object({ intent: z.literal("remove-member"), id: recordId() }),
    z.object({ intent: z.literal("approve-submission"), id: recordId() }),
    z.object({ intent: z.literal("reject-submission"), id: recordId() }),
  ],
  { error: UNKNOWN_ACTION },
);
