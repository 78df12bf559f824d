import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";

import { openApiDocument } from "~/lib/openapi";

/**
 * Checks a real answer against the schema the OpenAPI document gives for that path, method
 * and status (JSON Schema 2020-12, as OpenAPI 3.1 uses, with formats checked).
 * Returns the problems found, empty when the answer matches.
 */
export function documentedResponseProblems(
  baseUrl: string,
  {
    path,
    method = "get",
    status,
    body,
  }: { path: string; method?: string; status: number; body: unknown },
): string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ ...openApiDocument(baseUrl), $id: "openapi" });
  const pointer = [
    "paths",
    path,
    method,
    "responses",
    String(status),
    "content",
    "application/json",
    "schema",
  ]
    .map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1"))
    .join("/");
  const validate = ajv.getSchema(`openapi#/${pointer}`);
  if (!validate)
    return [`the document has no JSON schema for ${method.toUpperCase()} ${path} ${status}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
}
