/** The "Include offers that failed a lab test in Best Price" switch's form (routes/failed-lab-offers.ts). */
import { FAILED_LAB_MESSAGES, FAILED_LAB_VALUES } from "~/lib/failed-lab-preference";
import { z } from "~/lib/forms/zod";

/** The new value and the page to go back to. */
export const failedLabFormSchema = z.object({
  failedLabOffers: z.enum(FAILED_LAB_VALUES, { error: FAILED_LAB_MESSAGES.invalid }),
  returnTo: z.string().optional(),
});
