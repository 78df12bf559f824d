/** The version fields every edit form and bulk action posts (lib/edit-conflict.ts). */
import { MISSING_VERSION_MESSAGE } from "~/lib/edit-conflict";
import { z } from "~/lib/forms/zod";

/** The row's version (updated_at in microseconds) from the form's hidden `version` field. */
export const rowVersionField = z
  .string({ error: MISSING_VERSION_MESSAGE })
  .trim()
  .regex(/^\d{1,20}$/, MISSING_VERSION_MESSAGE);

/**
 * A bulk action's "id:version" pairs, comma-separated (the versions the page showed), read as
 * a map; missing or empty: no versions to check.
 */
export const bulkVersionsField = z
  .string()
  .max(200 * 80, "Too many rows at once")
  .optional()
  .transform((value) => {
    const versions = new Map<string, string>();
    for (const pair of (value ?? "").split(",")) {
      const [id, version] = pair.split(":").map((part) => part.trim());
      if (id && version && /^\d{1,20}$/.test(version)) versions.set(id, version);
    }
    return versions;
  });
