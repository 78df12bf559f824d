import { data } from "react-router";
import { z } from "~/lib/forms/zod";

import { adminGuard } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/platform/context.server";
import { currentShopRead } from "~/.server/jobs/shop-read-job.server";

import type { Route } from "./+types/shop-read";

const params = z.object({ readId: z.string().uuid() });

// A resource route outside the admin layout: it runs the same guard itself.
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

/** One background read of a shop (a selector test), polled by the page that asked for it. */
export async function loader({ params: raw, context }: Route.LoaderArgs) {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw data({ error: "Unknown read" }, { status: 400 });
  const read = await currentShopRead(appOf(context), parsed.data.readId);
  if (!read) throw data({ error: "Unknown read" }, { status: 404 });
  return data(read, { headers: { "Cache-Control": "no-store" } });
}
