import { data, Form, Link, useNavigation } from "react-router";

import { getReportableOffer } from "~/.server/data/offer-reports.server";
import { appOf } from "~/.server/platform/context.server";
import { getSessionUser } from "~/.server/services/auth.server";
import { submitOfferReport } from "~/.server/services/offer-reports.server";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { formatDate, formatPrice } from "~/lib/format";
import { fieldErrorsOf, firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { recordId } from "~/lib/forms/record-ids";
import {
  OFFER_REPORT_DETAIL_MAX,
  OFFER_REPORT_KIND_LABELS,
  OFFER_REPORT_KINDS,
  OFFER_REPORT_MESSAGES,
} from "~/lib/trust/offer-reports";
import { offerReportSchema } from "~/lib/forms/offer-reports";

import type { Route } from "./+types/offer-report";

const PRIVATE = { "Cache-Control": "private, no-store" };

async function loadOffer(context: Route.LoaderArgs["context"], offerId: string) {
  const id = recordId().safeParse(offerId);
  const offer = id.success ? await getReportableOffer(appOf(context).db, id.data) : null;
  if (!offer) throw data(OFFER_REPORT_MESSAGES.unknownOffer, { status: 404 });
  return offer;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const offer = await loadOffer(context, params.offerId);
  const user = await getSessionUser(appOf(context), request);
  return data(
    { offer: { ...offer, priceCheckedAt: offer.priceCheckedAt.toISOString() }, signedIn: !!user },
    { headers: PRIVATE },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const offer = await loadOffer(context, params.offerId);
  const parsed = offerReportSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) {
    return data(
      {
        ok: false as const,
        error: firstIssueMessage(parsed.error),
        fieldErrors: fieldErrorsOf(parsed.error),
      },
      { status: 400 },
    );
  }
  const user = await getSessionUser(app, request);
  const result = await submitOfferReport(app, request, offer, parsed.data, user);
  return result.ok
    ? data({ ok: true as const, message: result.message })
    : data(
        { ok: false as const, error: result.message, fieldErrors: {} },
        { status: result.status },
      );
}

export function meta() {
  return [{ title: "Report a problem · PeptidePrices" }, { name: "robots", content: "noindex" }];
}

export default function OfferReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, signedIn } = loaderData;
  const sending = useNavigation().state === "submitting";
  const errors: Record<string, string[] | undefined> =
    actionData && !actionData.ok ? actionData.fieldErrors : {};
  return (
    <main className="container mx-auto flex max-w-xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Report a problem</h1>
        <p className="text-sm text-muted-foreground">
          {offer.peptideName} {offer.pack} at{" "}
          <Link to={`/vendor/${offer.vendorSlug}`} className="underline underline-offset-4">
            {offer.vendorName}
          </Link>
          : we show {formatPrice(offer.price, offer.currency)},{" "}
          {offer.stockStatus.replaceAll("_", " ")}, as of {formatDate(offer.priceCheckedAt)}.
        </p>
      </div>
      {actionData?.ok ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/5 p-4 text-sm">
          {actionData.message}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          {actionData && !actionData.ok ? (
            <p role="alert" className="text-sm text-destructive">
              {actionData.error}
            </p>
          ) : null}
          <Field id="report-kind" label="What is wrong?" errors={errors.kind}>
            <NativeSelect name="kind" required defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {OFFER_REPORT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {OFFER_REPORT_KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id="report-detail"
            label="Details (optional)"
            hint="What does the vendor's page show instead? One or two sentences."
            errors={errors.detail}
          >
            <Textarea name="detail" maxLength={OFFER_REPORT_DETAIL_MAX} rows={3} />
          </Field>
          <p className="text-xs text-muted-foreground">
            {signedIn
              ? "We will e-mail you what came of your report."
              : "You can report without an account; log in first if you want to hear what came of it."}
          </p>
          <Button type="submit" disabled={sending} className="self-start">
            {sending ? "Sending…" : "Send report"}
          </Button>
        </Form>
      )}
    </main>
  );
}
