import { Form, useFetcher } from "react-router";

import { adminOf } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/platform/context.server";
import { ClicksChart } from "~/components/admin/clicks/clicks-chart";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { clicksPerVendor, dailyClickTotals } from "~/lib/click-report";
import { formFields } from "~/lib/forms/form-data";

import type { Route } from "./+types/clicks";
import { handleClicksAction, loadClicksPage } from "./clicks.server";

export const meta: Route.MetaFunction = () => [
  { title: "Clicks · Admin · PeptidePrices" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadClicksPage(appOf(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleClicksAction(appOf(context), adminOf(context), formFields(await request.formData()));
}

function AffiliationSwitch({ enabled }: { enabled: boolean }) {
  const toggle = useFetcher<ActionResult>();
  useActionToast(toggle.data);
  const checked =
    toggle.state !== "idle" && toggle.formData ? toggle.formData.get("enabled") === "on" : enabled;
  return (
    <div className="flex items-center gap-2">
      <Switch
        id="affiliate-links-enabled"
        checked={checked}
        disabled={toggle.state !== "idle"}
        onCheckedChange={(on) =>
          void toggle.submit(
            { intent: "set-affiliation", enabled: on ? "on" : "off" },
            { method: "post" },
          )
        }
      />
      <Label htmlFor="affiliate-links-enabled">Apply vendors' affiliate templates</Label>
    </div>
  );
}

export default function AdminClicks({ loaderData }: Route.ComponentProps) {
  const { range, rows, affiliateLinksEnabled, rangeError } = loaderData;
  const days = dailyClickTotals(rows, range);
  const vendors = clicksPerVendor(rows);
  const total = vendors.reduce((sum, vendor) => sum + vendor.clicks, 0);
  const exportHref = `/admin/clicks/export.csv?from=${range.from}&to=${range.to}`;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Outbound clicks</h1>
        <p className="text-sm text-muted-foreground">
          Buy and vendor links followed through /go, per vendor and day (UTC). Bots and repeats
          within 30 seconds are not counted; no address or cookie is kept.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Affiliate links</CardTitle>
          <CardDescription>
            Each vendor's template is set in its vendor dialog. Switched off, every link goes to the
            shop's own address and no button says &quot;Affiliate link&quot;.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AffiliationSwitch enabled={affiliateLinksEnabled} />
        </CardContent>
      </Card>

      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="clicks-from">From</Label>
          <Input id="clicks-from" name="from" type="date" defaultValue={range.from} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="clicks-to">To</Label>
          <Input id="clicks-to" name="to" type="date" defaultValue={range.to} />
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
        <Button asChild variant="outline">
          <a href={exportHref} download data-testid="clicks-export">
            Export CSV
          </a>
        </Button>
      </Form>
      {rangeError ? (
        <p role="alert" className="text-sm text-destructive">
          {rangeError}; showing the last 30 days.
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>
            {total} {total === 1 ? "click" : "clicks"} from {range.from} to {range.to}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ClicksChart days={days} />
          <table className="w-full text-sm" data-testid="clicks-by-vendor">
            <thead>
              <tr className="border-b text-left">
                <th className="py-2 font-medium">Vendor</th>
                <th className="py-2 text-right font-medium">Clicks</th>
                <th className="py-2 text-right font-medium">Affiliated</th>
              </tr>
            </thead>
            <tbody>
              {vendors.map((vendor) => (
                <tr key={vendor.vendorId} className="border-b last:border-0">
                  <td className="py-2">{vendor.vendorName}</td>
                  <td className="py-2 text-right tabular-nums">{vendor.clicks}</td>
                  <td className="py-2 text-right tabular-nums">{vendor.affiliatedClicks}</td>
                </tr>
              ))}
              {vendors.length === 0 ? (
                <tr>
                  <td colSpan={3} className="py-4 text-center text-muted-foreground">
                    No clicks in this range.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}
