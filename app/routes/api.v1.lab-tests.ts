import { appOf } from "~/.server/platform/context.server";
import { listPublicLabTests } from "~/.server/data/lab-tests.server";
import { getLabThresholds } from "~/.server/data/settings.server";
import { apiError, apiJson } from "~/.server/services/open-data.server";
import { describeIssues, labTestsQuerySchema, queryParams } from "~/lib/open-data";
import type { ApiLabTestList } from "~/lib/open-data-schemas";

import type { Route } from "./+types/api.v1.lab-tests";

/** GET /api/v1/lab-tests?vendor=&peptide=: every lab test, newest first, judged. Two queries. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const query = labTestsQuerySchema.safeParse(
    queryParams(new URL(request.url), ["vendor", "peptide"]),
  );
  if (!query.success) return apiError(request, 400, describeIssues(query.error));
  const thresholds = await getLabThresholds(app.db);
  const tests = await listPublicLabTests(
    app.db,
    { vendorSlug: query.data.vendor, peptideSlug: query.data.peptide },
    thresholds,
  );
  const origin = app.baseUrl.replace(/\/+$/, "");
  return apiJson(request, {
    thresholds,
    data: tests.map((test) => ({
      ...test,
      // Uploaded reports are paths on this site: absolute, so a client can fetch them.
      reportUrl: test.reportUrl?.startsWith("/") ? `${origin}${test.reportUrl}` : test.reportUrl,
    })),
  } satisfies ApiLabTestList);
}
