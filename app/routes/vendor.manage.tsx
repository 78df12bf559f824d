import { Form, useActionData } from "react-router";

import { vendorGuard, vendorOf } from "~/.server/http/vendor-guard.server";
import { readFileUploadForm, withUploadForm } from "~/.server/http/upload-form.server";
import { appOf } from "~/.server/platform/context.server";
import { VendorLabReportsSection } from "~/components/vendor-manage/lab-reports";
import { ReviewRepliesSection } from "~/components/vendor-manage/review-replies";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { REPLY_MAX_LENGTH } from "~/lib/forms/vendor-portal";
import { formatSize } from "~/lib/units";
import { VENDOR_API_SCOPES, VENDOR_SUPPLIED_LABEL } from "~/lib/vendor-accounts";

import type { Route } from "./+types/vendor.manage";
import { handleVendorManageAction, loadVendorManagePage } from "./vendor.manage.server";

export const middleware: Route.MiddlewareFunction[] = [vendorGuard];

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Manage ${data?.vendor.name ?? "vendor"} · PeptidePrices` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadVendorManagePage(appOf(context), vendorOf(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  // One file at most (a lab report), cut at 5 MB like the admin's uploads.
  return withUploadForm(readFileUploadForm(request), (formData) =>
    handleVendorManageAction(appOf(context), vendorOf(context), formData),
  );
}

function Field({ name, label, value }: { name: string; label: string; value: unknown }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={`terms-${name}`}>{label}</Label>
      <Input id={`terms-${name}`} name={name} defaultValue={value == null ? "" : String(value)} />
    </div>
  );
}

export default function VendorManage({ loaderData }: Route.ComponentProps) {
  const { vendor, terms, keys, feedUrl, submissions, tests, labReports, reviews, sizes } =
    loaderData;
  const result = useActionData<typeof action>() as
    { ok: boolean; message?: string; error?: string; key?: string } | undefined;
  return (
    <main className="container mx-auto max-w-4xl space-y-8 px-4 py-8">
      <h1 className="text-2xl font-semibold">Manage {vendor.name}</h1>
      {result ? (
        <p role="status" className="rounded border p-3">
          {result.ok ? result.message : result.error}
          {result.key ? (
            <code className="mt-2 block break-all" data-testid="new-api-key">
              {result.key}
            </code>
          ) : null}
        </p>
      ) : null}

      <section aria-labelledby="terms-heading" className="space-y-3">
        <h2 id="terms-heading" className="text-xl font-semibold">
          Shipping terms and coupon
        </h2>
        <Form method="post" className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="update-terms" />
          <Field name="shippingCost" label="Shipping cost" value={terms.shippingCost} />
          <Field name="currency" label="Currency" value={terms.currency} />
          <Field name="shippingFee" label="Shipping fee" value={terms.shippingFee} />
          <Field
            name="freeShippingThreshold"
            label="Free-shipping threshold"
            value={terms.freeShippingThreshold}
          />
          <Field name="shipsTo" label="Ships to" value={terms.shipsTo.join(", ")} />
          <Field name="couponCode" label="Coupon code" value={terms.couponCode} />
          <Field name="discountAmount" label="Discount amount" value={terms.discountAmount} />
          <Field
            name="discountType"
            label="Discount type"
            value={terms.discountType ?? "percentage"}
          />
          <Field name="expirationDate" label="Expiration date" value={terms.expirationDate} />
          <div className="sm:col-span-2">
            <Button type="submit">Save terms</Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="keys-heading" className="space-y-3">
        <h2 id="keys-heading" className="text-xl font-semibold">
          API keys
        </h2>
        <ul className="space-y-2">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3">
              <span>
                {key.name} <code>{key.prefix}</code> · {key.scopes.join(", ")} ·{" "}
                {key.requestsPerMinute}/min
                {key.revokedAt ? " · revoked" : ""}
              </span>
              {key.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-key" />
                  <input type="hidden" name="id" value={key.id} />
                  <Button type="submit" variant="outline" size="sm">
                    Revoke
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Form method="post" className="grid gap-3 sm:grid-cols-3">
          <input type="hidden" name="intent" value="create-key" />
          <div className="grid gap-1">
            <Label htmlFor="key-name">Key name</Label>
            <Input id="key-name" name="name" required maxLength={200} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="key-rpm">Requests per minute</Label>
            <Input
              id="key-rpm"
              name="requestsPerMinute"
              type="number"
              min={1}
              max={600}
              defaultValue={30}
            />
          </div>
          <fieldset className="grid gap-1">
            <legend>Scopes</legend>
            {VENDOR_API_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2">
                <input type="checkbox" name="scopes" value={scope} defaultChecked /> {scope}
              </label>
            ))}
          </fieldset>
          <div className="sm:col-span-3">
            <Button type="submit">Create API key</Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="feed-heading" className="space-y-3">
        <h2 id="feed-heading" className="text-xl font-semibold">
          Product feed
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="set-feed" />
          <div className="grid flex-1 gap-1">
            <Label htmlFor="feed-url">Google Merchant feed URL (XML or TSV)</Label>
            <Input
              id="feed-url"
              name="feedUrl"
              type="url"
              maxLength={2048}
              defaultValue={feedUrl ?? ""}
            />
          </div>
          <Button type="submit">Save feed</Button>
        </Form>
      </section>

      <section aria-labelledby="submissions-heading" className="space-y-3">
        <h2 id="submissions-heading" className="text-xl font-semibold">
          Submitted prices
        </h2>
        <p className="text-sm text-muted-foreground">
          Prices you submit are {VENDOR_SUPPLIED_LABEL}: they go live once your storefront shows the
          same price and stock; otherwise an admin compares both.
        </p>
        <ul className="space-y-1">
          {submissions.map((row) => (
            <li key={row.id}>
              {row.peptideName} {formatSize(row.quantity, row.unit, row.unitLabel)}: {row.price}{" "}
              {row.currency} — {row.status}
              {row.reason ? ` (${row.reason})` : ""}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="lab-heading" className="space-y-3">
        <h2 id="lab-heading" className="text-xl font-semibold">
          Lab results
        </h2>
        {tests.map((test) => (
          <Form key={test.id} method="post" className="grid gap-2 rounded border p-3">
            <input type="hidden" name="intent" value="reply-lab-test" />
            <input type="hidden" name="id" value={test.id} />
            <Label htmlFor={`reply-${test.id}`}>
              {test.peptideName} · {test.labName} · {test.testedOn}
            </Label>
            <Textarea
              id={`reply-${test.id}`}
              name="body"
              maxLength={REPLY_MAX_LENGTH}
              defaultValue={test.reply ?? ""}
            />
            <Button type="submit" size="sm">
              Save reply
            </Button>
          </Form>
        ))}
      </section>

      <VendorLabReportsSection sizes={sizes} reports={labReports} />

      <ReviewRepliesSection reviews={reviews} />
    </main>
  );
}
