/** The header's "Ship to" form: a country code or "anywhere", and the page to go back to. */
import { z } from "./zod";

import { isCountryCode, SHIP_TO_ANYWHERE } from "~/lib/ship-to";

export const SHIP_TO_MESSAGES = {
  unknownCountry: "Choose a country from the list, or Anywhere",
} as const;

export const shipToFormSchema = z.object({
  shipTo: z
    .string({ error: SHIP_TO_MESSAGES.unknownCountry })
    .trim()
    .refine(
      (value) => value === SHIP_TO_ANYWHERE || isCountryCode(value),
      SHIP_TO_MESSAGES.unknownCountry,
    ),
  returnTo: z.string().optional(),
});
