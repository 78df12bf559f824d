import { describe, expect, it } from "vitest";
import { z } from "zod";

import { firstIssueMessage, formFields } from "./form-data";

describe("formFields", () => {
  it("keeps text fields, leaves files out and drops NUL characters", () => {
    const form = new FormData();
    form.set("name", "BPC\u0000-157");
    form.set("image", new Blob(["x"]), "x.png");
    expect(formFields(form)).toEqual({ name: "BPC-157" });
  });
});

describe("firstIssueMessage", () => {
  it("gives the first issue's message, the one a toast shows", () => {
    const result = z
      .object({ name: z.string().min(1, "Peptide name is required"), n: z.number() })
      .safeParse({ name: "" });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe("Peptide name is required");
  });
});
