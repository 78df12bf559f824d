import { Loader2, Search } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useActionData, useNavigation, useRevalidator } from "react-router";

import { adminOf } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/platform/context.server";
import { Field } from "~/components/admin/form-controls";
import { ShopPreview } from "~/components/admin/shop/shop-preview";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { addShopActionSchema, previewQuerySchema, type PreviewView } from "~/lib/forms/add-shop";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import { TEXT_LIMITS } from "~/lib/text-limits";

import type { Route } from "./+types/scraping.add-shop";
import {
  createPeptideFromListing,
  createShop,
  createSizeFromListing,
  ignoreListing,
  loadPreview,
  mapListing,
  queuePreview,
} from "./scraping.add-shop.server";

/** How often the page asks how the preview's job is getting on. */
const POLL_INTERVAL_MS = 1_000;

export function meta() {
  return [{ title: "Add shop · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  adminOf(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = previewQuerySchema.parse(params);
  return { view: await loadPreview(appOf(context), query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const app = appOf(context);
  const parsed = addShopActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return invalidForm(parsed.error);
  const form = parsed.data;
  switch (form.intent) {
    case "detect":
      return queuePreview(app, admin, form);
    case "map-alias":
      return mapListing(app, admin, form);
    case "create-peptide":
      return createPeptideFromListing(app, admin, form);
    case "create-size":
      return createSizeFromListing(app, admin, form);
    case "ignore":
      return ignoreListing(app, form);
    case "create-shop":
    case "attach-shop":
      return createShop(app, admin, form);
  }
}

/** While the job reads the shop: what it is doing, asked again every second. */
function PreviewProgress({ view }: { view: PreviewView }) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (state !== "idle") return;
    const timer = window.setTimeout(() => void revalidate(), POLL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [view, state, revalidate]);
  return (
    <p role="status" className="flex items-center gap-2 text-sm">
      <Loader2 className="animate-spin" aria-hidden />
      {view.status === "queued"
        ? "Waiting for a worker to read the shop…"
        : `${view.phase ?? "Reading the shop"}… ${view.requests} requests so far`}
    </p>
  );
}

function PreviewFailed({ view }: { view: PreviewView }) {
  return (
    <div role="alert" className="rounded-md border border-destructive p-3 text-sm">
      <p className="font-medium text-destructive">{view.message}</p>
      {view.findings.length > 0 ? (
        <ul className="list-disc pl-5">
          {view.findings.map((finding) => (
            <li key={finding}>{finding}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function AddShop({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  // Only the address form posts without a fetcher: its refusal shows under the field.
  const answer = useActionData<typeof action>();
  const addressErrors = answer && !answer.ok ? answer.fieldErrors?.address : undefined;
  const navigation = useNavigation();
  const detecting = navigation.formData?.get("intent") === "detect";
  const reading = detecting || view?.status === "queued" || view?.status === "running";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Add shop</h1>
        <Link to="/admin/scraping" className="text-sm underline">
          Back to scrape sources
        </Link>
      </div>
      <p className="max-w-prose text-sm text-muted-foreground">
        Paste a shop&apos;s address. Its WooCommerce Store API, Shopify product JSON or sitemap is
        read politely (robots.txt, the per-host delay) in the background and previewed here; nothing
        is saved until you create the vendor and its source.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="detect" />
        <Field
          id="shop-address"
          label="Shop address"
          className="w-full max-w-xl"
          errors={addressErrors}
        >
          <Input
            name="address"
            type="url"
            required
            maxLength={TEXT_LIMITS.url}
            placeholder="https://shop.example/"
            defaultValue={view?.address}
          />
        </Field>
        <Button type="submit" disabled={reading}>
          {reading ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
          {reading ? "Reading the shop..." : "Detect and preview"}
        </Button>
      </Form>
      {view && (view.status === "queued" || view.status === "running") ? (
        <PreviewProgress view={view} />
      ) : null}
      {view?.status === "failed" ? <PreviewFailed view={view} /> : null}
      {view?.result ? (
        <>
          <ul className="list-disc pl-5 text-sm text-muted-foreground">
            {view.findings.map((finding) => (
              <li key={finding}>{finding}</li>
            ))}
            <li>{view.requests} requests to the shop (robots.txt aside)</li>
          </ul>
          <ShopPreview previewId={view.id} result={view.result} />
        </>
      ) : null}
    </div>
  );
}
