import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";

import { documentedResponseProblems } from "../../tests/helpers/openapi-responses";

import { marketIndexQuerySchema, MAX_PER_PAGE, peptideListQuerySchema } from "./open-data";
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
        "/peptides/{slug}/index",
        "/stack",
        "/vendors",
        "/vendor/offers",
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
    };
    const basket = schemas.StackBasket as { required: string[] };
    expect(response.required).toEqual([
      "total",
      "currency",
      "shippingNotStatedVendors",
      "singleVendorBest",
      "saving",
      "baskets",
    ]);
    expect(basket.required).toEqual([
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
      saving: 8,
      shippingNotStatedVendors: 0,
      unknownShippingOption: null,
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
    const notStated = { ...answer.baskets[0]!, shipping: null, shippingKnown: false, total: 72 };
    expect(
      check({
        ...answer,
        unknownShippingOption: { total: 72, shippingNotStatedVendors: 1, baskets: [notStated] },
      }),
    ).toEqual([]);
    expect(check({ ...answer, baskets: undefined })).not.toEqual([]);
    expect(check({ error: "Unknown peptide: nope" }, 400)).toEqual([]);
  });

  it("takes its query parameters and schemas from the zod schemas the API validates and answers with", () => {
    const document = openApiDocument("https://peptides.example");
    type Parameter = { name: string; in: string; schema: { maximum?: number } };
    const parameters = (path: keyof typeof document.paths) =>
      (document.paths[path] as unknown as { get: { parameters: Parameter[] } }).get.parameters;
    const names = (path: keyof typeof document.paths) =>
      parameters(path)
        .filter((parameter) => parameter.in === "query")
        .map((parameter) => parameter.name);
    expect(names("/peptides")).toEqual(Object.keys(peptideListQuerySchema.shape));
    expect(names("/peptides/{slug}/index")).toEqual(Object.keys(marketIndexQuerySchema.shape));
    const perPage = parameters("/peptides").find((parameter) => parameter.name === "perPage");
    expect(perPage?.schema.maximum).toBe(MAX_PER_PAGE);
    // Answers may not carry fields the document does not name.
    const offer = document.components.schemas.Offer as { additionalProperties: boolean };
    expect(offer.additionalProperties).toBe(false);
  });
});
