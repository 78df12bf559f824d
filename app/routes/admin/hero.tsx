import { adminOf } from "~/.server/http/admin-guard.server";
import { getHeroContent } from "~/.server/data/hero.server";
import { readImageUploadForm, withUploadForm } from "~/.server/http/upload-form.server";
import { HeroEditor } from "~/components/admin/hero/hero-editor";

import type { Route } from "./+types/hero";
import { handleHeroAction } from "./hero.server";
import { appOf } from "~/.server/platform/context.server";

export const meta: Route.MetaFunction = () => [{ title: "Hero · Admin · PeptidePrices" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getHeroContent(appOf(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return withUploadForm(readImageUploadForm(request), (formData) =>
    handleHeroAction(appOf(context), admin, formData),
  );
}

export default function AdminHero({ loaderData }: Route.ComponentProps) {
  return <HeroEditor hero={loaderData.hero} />;
}
