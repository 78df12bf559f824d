/**
 * The vendor API's paths in the OpenAPI document (openapi.ts): a key's own vendor only, each
 * operation with the scope it needs. The schemas are vendor-api.ts's zod schemas, registered in
 * the open-data registry, so the document and the handler cannot drift apart.
 */
import "~/lib/vendor-api";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const error = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});
const keyErrors = {
  "401": error("No key, an unknown key, or a revoked key."),
  "403": error("The key lacks the operation's scope."),
  "429": {
    description: "The key's own requests per minute are used up; retry after Retry-After seconds.",
    headers: { "Retry-After": { schema: { type: "integer", minimum: 1 } } },
    content: { "application/json": { schema: ref("Error") } },
  },
};

export function vendorApiPaths() {
  return {
    "/vendor/offers": {
      get: {
        operationId: "listVendorSubmissions",
        summary:
          "The key's vendor's recent price submissions and what became of them (scope offers:read)",
        security: [{ vendorKey: [] }],
        responses: {
          "200": {
            description:
              "Newest first: pending (its storefront not read yet), live, held for an admin, approved or rejected.",
            content: { "application/json": { schema: ref("VendorSubmissionList") } },
          },
          ...keyErrors,
        },
      },
      put: {
        operationId: "submitVendorOffers",
        summary: "Submit prices and stock of the key's vendor (scope offers:write)",
        description:
          "Each offer's url must be a page of the vendor's own shop. The answer comes at once: each offer is refused or pending verification. The page is then read in the background through the site's scraper: when it shows the same price and stock, the price goes live marked vendor-supplied; otherwise it is held with both values for an admin. GET shows what became of each.",
        security: [{ vendorKey: [] }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: ref("VendorOffersRequest") } },
        },
        responses: {
          "202": {
            description:
              "Accepted: one outcome per offer, in order (pending verification or refused).",
            content: { "application/json": { schema: ref("VendorOffersResponse") } },
          },
          "400": error("The body is not valid JSON or breaks the schema."),
          "415": error("The body is not application/json."),
          ...keyErrors,
        },
      },
    },
  };
}
