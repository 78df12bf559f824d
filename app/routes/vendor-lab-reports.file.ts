import { z } from "zod";

import { appOf } from "~/.server/platform/context.server";
import { getSessionUser } from "~/.server/services/auth.server";
import { serveVendorLabReportFile } from "~/.server/services/vendor-lab-reports.server";

import type { Route } from "./+types/vendor-lab-reports.file";

/**
 * GET /vendor-lab-reports/{id}/file: a vendor's uploaded lab report, readable only by the
 * vendor's users and admins until an admin publishes it (serveVendorLabReportFile).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) return new Response("Not Found", { status: 404 });
  const app = appOf(context);
  return serveVendorLabReportFile(app, await getSessionUser(app, request), id.data);
}
