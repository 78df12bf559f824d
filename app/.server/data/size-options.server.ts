import { and, eq, isNull } from "drizzle-orm";

import type { Unit } from "~/lib/constants";

import type { Database } from "../db/client";
import { sizeOptions } from "../db/schema";

export interface SizeInput {
  peptideId: string;
  quantity: number;
  unit: Unit;
  /** Only for unit 'other'. */
  unitLabel: string | null;
}

/** The peptide's size of this quantity and unit, created on the fly when it does not exist yet. */
export async function findOrCreateSizeOption(
  db: Database,
  input: SizeInput,
): Promise<{ id: string; created: boolean }> {
  const unitLabel = input.unit === "other" ? input.unitLabel : null;
  const [existing] = await db
    .select({ id: sizeOptions.id })
    .from(sizeOptions)
    .where(
      and(
        eq(sizeOptions.peptideId, input.peptideId),
        eq(sizeOptions.quantity, input.quantity),
        eq(sizeOptions.unit, input.unit),
        unitLabel === null ? isNull(sizeOptions.unitLabel) : eq(sizeOptions.unitLabel, unitLabel),
      ),
    );
  if (existing) return { id: existing.id, created: false };
  const [row] = await db
    .insert(sizeOptions)
    .values({ ...input, unitLabel })
    .returning({ id: sizeOptions.id });
  return { id: row.id, created: true };
}
