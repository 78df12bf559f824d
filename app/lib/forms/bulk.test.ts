import { describe, expect, it } from "vitest";

import { bulkActionSchema, bulkFormFields, BULK_OPERATIONS, MAX_BULK_IDS } from "./bulk";

const A = "6b1f6a2e-2f43-4a8e-9d57-0d3d2b8b6c11";
const B = "0f8a7c1e-5d2b-4e3a-9c6d-1b2a3c4d5e6f";

const tableSchema = bulkActionSchema("bulk-rows", BULK_OPERATIONS);

describe("the bulk wire format", () => {
  it("reads back what a bulk bar posts: intent, operation, ids and their versions", () => {
    const posted = bulkFormFields("bulk-rows", "deactivate", [A, B], new Map([[A, "17"]]));
    expect(posted).toEqual({
      intent: "bulk-rows",
      operation: "deactivate",
      ids: `${A},${B}`,
      versions: `${A}:17`,
    });
    expect(tableSchema.parse(posted)).toEqual({
      intent: "bulk-rows",
      operation: "deactivate",
      ids: [A, B],
      versions: new Map([[A, "17"]]),
    });
  });

  it("refuses another page's intent, an operation the rows lack, no or too many ids", () => {
    const fields = bulkFormFields("bulk-rows", "delete", [A], new Map());
    expect(tableSchema.safeParse({ ...fields, intent: "bulk-other" }).success).toBe(false);
    // The per-operation intents of the old ads and sources bars are no bulk action.
    expect(tableSchema.safeParse({ ...fields, intent: "delete-ads" }).success).toBe(false);
    const deleteOnly = bulkActionSchema("bulk-rows", ["delete"]);
    expect(deleteOnly.safeParse(fields).success).toBe(true);
    expect(deleteOnly.safeParse({ ...fields, operation: "activate" }).success).toBe(false);
    expect(tableSchema.safeParse({ ...fields, ids: "" }).error?.issues[0]?.message).toBe(
      "Select at least one row",
    );
    const tooMany = Array.from(
      { length: MAX_BULK_IDS + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    ).join(",");
    expect(tableSchema.safeParse({ ...fields, ids: tooMany }).success).toBe(false);
  });
});
