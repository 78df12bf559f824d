import { Loader2, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";

import { adminOf } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/infra/context.server";
import { Field } from "~/components/admin/form-controls";
import {
  ShopPreview,
  usePreviewFetcher,
  type ShopPreviewData,
} from "~/components/admin/shop/shop-preview";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { failure } from "~/lib/action-result";
import { addShopActionSchema } from "~/lib/forms/add-shop";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { TEXT_LIMITS } from "~/lib/text-limits";

import type { Route } from "./+types/scraping.add-shop";
import {
  createPeptideFromListing,
  createShop,
  createSizeFromListing,
  mapListing,
  previewShop,
} from "./scraping.add-shop.server";

export function meta() {
  return [{ title: "Add shop · Admin · PeptidePrices" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const app = appOf(context);
  const parsed = addShopActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const form = parsed.data;
  switch (form.intent) {
    case "detect":
      return previewShop(app, form);
    case "map-alias":
      return mapListing(app, admin, form);
    case "create-peptide":
      return createPeptideFromListing(app, admin, form);
    case "create-size":
      return createSizeFromListing(app, admin, form);
    case "create-shop":
      return createShop(app, admin, form);
  }
}

export default function AddShop() {
  const fetcher = usePreviewFetcher();
  const [preview, setPreview] = useState<ShopPreviewData | null>(null);
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.ok) setPreview(answer);
  }, [answer]);
  const busy = fetcher.state !== "idle";
  const error = answer && !answer.ok ? answer : null;
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
        read politely (robots.txt, the per-host delay) and previewed here; nothing is saved until
        you create the vendor and its source.
      </p>
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="detect" />
        <Field id="shop-address" label="Shop address" className="w-full max-w-xl">
          <Input
            name="address"
            type="url"
            required
            maxLength={TEXT_LIMITS.url}
            placeholder="https://shop.example/"
          />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
          {busy ? "Reading the shop..." : "Detect and preview"}
        </Button>
      </fetcher.Form>
      {error ? (
        <div role="alert" className="rounded-md border border-destructive p-3 text-sm">
          <p className="font-medium text-destructive">{"error" in error ? error.error : ""}</p>
          {"findings" in error && error.findings ? (
            <ul className="list-disc pl-5">
              {error.findings.map((finding) => (
                <li key={finding}>{finding}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {answer?.ok ? (
        <p role="status" className="text-sm">
          {answer.message}
        </p>
      ) : null}
      {preview ? (
        <ShopPreview
          key={preview.preview.shopUrl}
          data={preview}
          busy={busy}
          onAction={(form) => fetcher.submit(form, { method: "post" })}
        />
      ) : null}
    </div>
  );
}
