import { data, Link } from "react-router";

import { appOf, appSecret } from "~/.server/platform/context.server";
import { verifyUnsubscribeToken } from "~/.server/alerts/unsubscribe-token.server";
import { removeEmailFromAlerts } from "~/.server/data/price-alerts.server";
import type { AppContext } from "~/.server/platform/context.server";
import { Button } from "~/components/ui/button";

import type { Route } from "./+types/alerts.unsubscribe";

export function meta() {
  return [{ title: "Unsubscribe · PeptidePrices" }, { name: "robots", content: "noindex" }];
}

/** Switches alert e-mail off for the token's alert (or all of its user's); false when the token is not ours. */
async function unsubscribe(app: Pick<AppContext, "db" | "env">, request: Request) {
  const token = new URL(request.url).searchParams.get("token")?.slice(0, 500) ?? "";
  const scope = verifyUnsubscribeToken(appSecret(app.env), token);
  if (!scope) return false;
  await removeEmailFromAlerts(
    app.db,
    scope.kind === "alert" ? { alertId: scope.alertId } : { userId: scope.userId },
  );
  return true;
}

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The link in the e-mail: one click, no sign-in needed (the signature is the proof). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const done = await unsubscribe(appOf(context), request);
  return data({ done }, { status: done ? 200 : 400, headers: NO_STORE });
}

/** RFC 8058 one-click: the mail client POSTs List-Unsubscribe=One-Click to the header's URL. */
export async function action({ request, context }: Route.ActionArgs) {
  const done = await unsubscribe(appOf(context), request);
  return data({ done }, { status: done ? 200 : 400, headers: NO_STORE });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const done = (actionData ?? loaderData).done;
  return (
    <main className="container mx-auto flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">
        {done ? "You are unsubscribed" : "This unsubscribe link is not valid"}
      </h1>
      <p className="max-w-sm text-muted-foreground">
        {done
          ? "Price-alert e-mails from this link are off. Alerts that also notify your browser or a webhook keep doing so."
          : "The link may have been cut short. Manage your alerts on your Saved Deals page."}
      </p>
      <Button asChild variant="outline">
        <Link to="/deals">Your saved deals and alerts</Link>
      </Button>
    </main>
  );
}
