import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { Form, useActionData, useRevalidator } from "react-router";

import { appOf } from "~/.server/platform/context.server";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { isShopReadPending, SHOP_READ_POLL_MS } from "~/lib/shop-reads";
import { VERIFICATION_FILE_PATH, VERIFICATION_META_NAME } from "~/lib/vendor-accounts";

import type { Route } from "./+types/vendor.claim";
import { handleClaimAction, loadClaimPage } from "./vendor.claim.server";

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `Claim ${data?.vendor.name ?? "vendor"} · PeptidePrices` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadClaimPage(appOf(context), request, params.slug);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleClaimAction(appOf(context), request, params.slug);
}

/** While the shop is read for the token: asked again every second (a success redirects). */
function CheckUnderway() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (state !== "idle") return;
    const timer = window.setTimeout(() => void revalidate(), SHOP_READ_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [state, revalidate]);
  return (
    <p role="status" className="flex items-center gap-2 rounded border p-3">
      <Loader2 className="animate-spin" aria-hidden />
      Checking your shop for the token…
    </p>
  );
}

export default function VendorClaim({ loaderData }: Route.ComponentProps) {
  const { vendor, claim, error, check } = loaderData;
  const result = useActionData<typeof action>() as
    { ok: boolean; message?: string; error?: string } | undefined;
  const checking = check !== null && isShopReadPending(check);
  // The last check's failure is the news once it is over; a queued check shows its progress.
  const message =
    result && !result.ok
      ? result.error
      : (error ??
        (check && !checking ? check.message : null) ??
        (checking ? null : result?.message));
  return (
    <main className="container mx-auto max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-semibold">Claim {vendor.name}</h1>
      {checking ? <CheckUnderway /> : null}
      {message ? (
        <p role="status" className="rounded border p-3">
          {message}
        </p>
      ) : null}
      {claim ? (
        <>
          <p>
            Prove that you run {vendor.website ?? "the shop"} in one of three ways. Your token:{" "}
            <code data-testid="claim-token">{claim.token}</code>
          </p>
          <Form method="post" className="space-y-2">
            <p>
              1. Put{" "}
              <code>{`<meta name="${VERIFICATION_META_NAME}" content="${claim.token}">`}</code> in
              your home page&apos;s head.
            </p>
            <Button type="submit" name="intent" value="verify-meta">
              Check the meta tag
            </Button>
          </Form>
          <Form method="post" className="space-y-2">
            <p>
              2. Or serve the token as a line of <code>{VERIFICATION_FILE_PATH}</code> on your shop.
            </p>
            <Button type="submit" name="intent" value="verify-file">
              Check the file
            </Button>
          </Form>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="mail-link" />
            <Label htmlFor="claim-email">
              3. Or get a link at an address of the shop&apos;s domain
            </Label>
            <Input id="claim-email" name="email" type="email" required maxLength={320} />
            <Button type="submit">Send the link</Button>
          </Form>
        </>
      ) : null}
    </main>
  );
}
