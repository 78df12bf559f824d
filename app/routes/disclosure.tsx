import { data } from "react-router";

import { getFooterSections } from "~/.server/data/footer.server";
import { appOf } from "~/.server/platform/context.server";
import { publicPageHeaders } from "~/.server/platform/http/cache-headers.server";
import { DEFAULT_FOOTER } from "~/lib/constants";

import type { Route } from "./+types/disclosure";

/** The affiliate disclosure (issue 34): the footer's "disclosure" section, edited under Footer. */
export function meta() {
  return [
    { title: "Affiliate disclosure · PeptidePrices" },
    {
      name: "description",
      content: "Which links earn PeptidePrices a commission, and how offers are ranked regardless.",
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const sections = await getFooterSections(appOf(context).db);
  return data(
    { section: sections.find((s) => s.section === "disclosure") ?? null },
    { headers: publicPageHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Disclosure({ loaderData }: Route.ComponentProps) {
  const { section } = loaderData;
  const title = section?.title ?? DEFAULT_FOOTER.disclosure.title;
  return (
    <main className="container mx-auto flex max-w-2xl flex-col gap-4 px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div
        data-testid="disclosure-content"
        className="space-y-3 [&_a]:underline"
        // Sanitized on the server (sanitizeFooterHtml) like every footer section.
        dangerouslySetInnerHTML={{ __html: section?.content ?? "" }}
      />
    </main>
  );
}
