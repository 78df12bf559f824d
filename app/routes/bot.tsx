import { appOf } from "~/.server/platform/context.server";
import { getSettings } from "~/.server/data/settings.server";
import { formatDuration } from "~/lib/format";

import type { Route } from "./+types/bot";

/** The page states the scraper's configured pace, read from the settings on every render. */
export async function loader({ context }: Route.LoaderArgs) {
  const app = appOf(context);
  const settings = await getSettings(app.db);
  return {
    userAgent: app.env.SCRAPER_USER_AGENT,
    origin: app.baseUrl,
    requestDelay: formatDuration(settings.requestDelayMs),
    interval: formatDuration(settings.scrapeIntervalSeconds * 1000),
    maxUrlsPerRun: settings.maxUrlsPerRun,
  };
}

export function meta() {
  return [
    { title: "PeptidePricesBot · PeptidePrices" },
    {
      name: "description",
      content: "Who PeptidePricesBot is, what it fetches, how often, and how a shop opts out.",
    },
  ];
}

export default function Bot({ loaderData }: Route.ComponentProps) {
  const { userAgent, origin, requestDelay, interval, maxUrlsPerRun } = loaderData;
  return (
    <main className="container mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">PeptidePricesBot</h1>
      <section aria-labelledby="bot-who" className="space-y-2">
        <h2 id="bot-who" className="text-xl font-semibold">
          Who we are
        </h2>
        <p>
          PeptidePricesBot is the price checker of PeptidePrices ({origin}), a site where
          researchers compare vendor prices for research peptides. It identifies itself with the
          user agent <code className="break-all">{userAgent}</code>.
        </p>
      </section>
      <section aria-labelledby="bot-what" className="space-y-2">
        <h2 id="bot-what" className="text-xl font-semibold">
          What we fetch, and how often
        </h2>
        <p>
          Only the product and category pages a site administrator has added as a price source, the
          pages their &ldquo;next page&rdquo; links lead to, and the files those pages need to show
          their prices. A check runs at most once every {interval}, reads robots.txt first, waits at
          least <strong>{requestDelay}</strong> between two requests to one shop (robots.txt
          included; longer when your Crawl-delay asks for it) and stops after {maxUrlsPerRun} pages
          per run.
        </p>
      </section>
      <section aria-labelledby="bot-opt-out" className="space-y-2">
        <h2 id="bot-opt-out" className="text-xl font-semibold">
          How to opt out
        </h2>
        <p>Add these lines to your shop&apos;s robots.txt; the next run will fetch nothing else:</p>
        <pre className="rounded-md bg-muted p-3 text-sm">
          {"User-agent: PeptidePricesBot\nDisallow: /"}
        </pre>
        <p>
          A Disallow for some paths or a Crawl-delay is honoured the same way. While your robots.txt
          answers a server error or cannot be reached, we fetch nothing from your site.
        </p>
      </section>
      <section aria-labelledby="bot-contact" className="space-y-2">
        <h2 id="bot-contact" className="text-xl font-semibold">
          Contact
        </h2>
        <p>
          To ask us to stop or slow down, write to the operators of {origin} through the contact
          details in the site&apos;s footer; we remove a shop&apos;s sources on request.
        </p>
      </section>
    </main>
  );
}
