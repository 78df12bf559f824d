/** A buyer's "worked / didn't work" vote on a vendor's coupon code (lib/trust/coupon-feedback.ts). */
import { z } from "~/lib/forms/zod";

export const couponFeedbackSchema = z.object({
  intent: z.literal("coupon-feedback", { error: "Unknown action" }),
  worked: z.enum(["yes", "no"], { error: "Say whether the code worked" }),
});
