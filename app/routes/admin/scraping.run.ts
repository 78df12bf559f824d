import { data } from "react-router";
import { z } from "zod";

import { requireAdmin } from "~/.server/auth.server";
import { getScrapeRun } from "~/.server/data/scrape-runs.server";

import type { Route } from "./+types/scraping.run";
import { toRunView } from "./scraping.runs.server";

const params = z.object({ runId: z.string().uuid() });

/** The progress of one scraping run, polled by the admin scraping page while it runs. */
export async function loader({ request, params: raw, context }: Route.LoaderArgs) {
  await requireAdmin(context.app, request);
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw data({ error: "Unknown run" }, { status: 400 });
  const run = await getScrapeRun(context.app.db, parsed.data.runId);
  if (!run) throw data({ error: "Unknown run" }, { status: 404 });
  return data(toRunView(run), { headers: { "Cache-Control": "no-store" } });
}
