import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";

import { documentedResponseProblems } from "../../tests/helpers/openapi-responses";

import { openApiDocument } from "./openapi";

describe("openApiDocument", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    // validate() dereferences in place: it gets its own copy.
    const document = openApiDocument("https://peptides.example") as unknown as Parameters<
      typeof validate
    >[0];
    const result = await validate(structuredClone(document));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(result.specification).toBe("OpenAPI");
  });

  it("describes the read-only endpoints, lab tests, the stack endpoint and both feeds", () => {
    const document = openApiDocument("https://peptides.example/");
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "https://peptides.example/api/v1" }]);
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        "/feeds/peptides/{slug}/price-drops.atom",
        "/feeds/price-drops.atom",
        "/lab-tests",
        "/openapi.json",
        "/peptides",
        "/peptides/{slug}/offers",
        "/stack",
        "/vendors",
      ].sort(),
    );
    expect(Object.keys(document.paths["/stack"])).toEqual(["post"]);
    // The feeds live outside /api/v1.
    expect(document.paths["/feeds/price-drops.atom"].servers).toEqual([
      { url: "https://peptides.example" },
    ]);
  });

  it("documents the stack contract: items of peptide, size and quantity; baskets per vendor", () => {
    const { schemas } = openApiDocument("https://peptides.example").components;
    const request = schemas.StackRequest as {
      properties: { items: { items: { required: string[] } } };
    };
    expect(request.properties.items.items.required).toEqual(["peptide", "size", "quantity"]);
    const response = schemas.StackResponse as {
      required: string[];
      properties: { baskets: { items: { required: string[]; properties: Record<string, never> } } };
    };
    expect(response.required).toEqual(["total", "currency", "singleVendorBest", "baskets"]);
    expect(response.properties.baskets.items.required).toEqual([
      "vendor",
      "items",
      "subtotal",
      "discount",
      "shipping",
      "total",
    ]);
  });

  it("accepts an answer of the stack contract and refuses one missing its baskets", () => {
    const answer = {
      total: 82,
      currency: "USD",
      singleVendorBest: { vendor: "alpha", vendorName: "Alpha", total: 90 },
      baskets: [
        {
          vendor: "alpha",
          items: [{ peptide: "bpc-157", size: "10mg", quantity: 2, unitPrice: 40 }],
          subtotal: 80,
          discount: 8,
          shipping: 10,
          total: 82,
        },
      ],
    };
    const check = (body: unknown, status = 200) =>
      documentedResponseProblems("https://peptides.example", {
        path: "/stack",
        method: "post",
        status,
        body,
      });
    expect(check(answer)).toEqual([]);
    expect(check({ ...answer, singleVendorBest: null })).toEqual([]);
    expect(check({ ...answer, baskets: undefined })).not.toEqual([]);
    expect(check({ error: "Unknown peptide: nope" }, 400)).toEqual([]);
  });
});
