import { data } from "react-router";
import { z } from "~/lib/forms/zod";

import { adminGuard } from "~/.server/http/admin-guard.server";
import { getScrapeRun } from "~/.server/data/scrape-runs.server";

import type { Route } from "./+types/scraping.run";
import { toRunView } from "./scraping.runs.server";
import { appOf } from "~/.server/platform/context.server";

const params = z.object({ runId: z.string().uuid() });

// A resource route outside the admin layout: it runs the same guard itself.
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

/** The progress of one scraping run, polled by the admin scraping page while it runs. */
export async function loader({ params: raw, context }: Route.LoaderArgs) {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw data({ error: "Unknown run" }, { status: 400 });
  const run = await getScrapeRun(appOf(context).db, parsed.data.runId);
  if (!run) throw data({ error: "Unknown run" }, { status: 404 });
  return data(toRunView(run), { headers: { "Cache-Control": "no-store" } });
}
