/** A stored price provenance (lib/price-provenance.ts) read back, as the admin and the public see it. */
import { z } from "zod";

import {
  EVIDENCE_MAX_LENGTH,
  PRICE_READ_VIA,
  type PriceProvenance,
  type PriceRead,
} from "./price-provenance";

export const priceProvenanceSchema = z.object({
  via: z.enum(PRICE_READ_VIA),
  url: z.string().max(2048).nullable(),
  readAt: z.string().datetime(),
  runId: z.string().uuid().nullable(),
  sourceKind: z.string().max(20).nullable(),
  evidence: z.string().max(EVIDENCE_MAX_LENGTH).nullable(),
}) satisfies z.ZodType<PriceProvenance>;

/** The stored value read back; anything unreadable is no provenance at all. */
export function parsePriceProvenance(value: unknown): PriceProvenance | null {
  const parsed = priceProvenanceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A stored provenance as the public offer row carries it; null when none was kept. */
export function publicPriceRead(value: unknown): PriceRead | null {
  const provenance = parsePriceProvenance(value);
  return provenance ? { via: provenance.via, readAt: provenance.readAt } : null;
}
