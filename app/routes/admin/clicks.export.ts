import { adminGuard } from "~/.server/http/admin-guard.server";
import { getClickReport } from "~/.server/data/outbound-clicks.server";
import { appOf } from "~/.server/platform/context.server";
import { clickReportBounds, clickReportCsv } from "~/lib/click-report";

import type { Route } from "./+types/clicks.export";
import { readClickRange } from "./clicks.server";

// A resource route outside the admin layout: it runs the same guard itself.
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

/** The click report (per day and vendor) of ?from=&to= as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const read = readClickRange(request);
  if (!read.ok) {
    return new Response(read.error, {
      status: 400,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  const rows = await getClickReport(appOf(context).db, clickReportBounds(read.range));
  return new Response(clickReportCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="clicks-${read.range.from}-to-${read.range.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
