import { adminGuard } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/platform/context.server";
import { findPeptideOptions } from "~/.server/data/peptides.server";
import { findSizeOptions } from "~/.server/data/size-options.server";
import { findVendorOptions } from "~/.server/data/vendors.server";
import {
  CATALOGUE_OPTION_LIMIT,
  catalogueOptionsQuerySchema,
  type CatalogueOption,
} from "~/lib/catalogue-options";

import type { Route } from "./+types/options";

// A resource route outside the admin layout: it runs the same guard itself.
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

/**
 * The admin catalogue pickers' answers (components/admin/catalogue-combobox.tsx): the first few
 * peptides, vendors or one peptide's sizes matching what was typed, as JSON.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const parsed = catalogueOptionsQuerySchema.safeParse({
    kind: params.kind,
    q: new URL(request.url).searchParams.get("q") ?? undefined,
    peptide: new URL(request.url).searchParams.get("peptide") ?? undefined,
  });
  if (!parsed.success) {
    return Response.json({ error: "Unknown picker or search too long" }, { status: 400 });
  }
  const { kind, q, peptide } = parsed.data;
  const db = appOf(context).db;
  const search = { search: q, limit: CATALOGUE_OPTION_LIMIT };
  const options: CatalogueOption[] =
    kind === "peptides"
      ? await findPeptideOptions(db, search)
      : kind === "vendors"
        ? await findVendorOptions(db, search)
        : peptide
          ? await findSizeOptions(db, { ...search, peptideId: peptide })
          : [];
  return Response.json({ options }, { headers: { "Cache-Control": "private, no-store" } });
}
