import { Form, useLocation, useNavigation } from "react-router";

import { useRootData } from "~/hooks/use-root-data";
import { FAILED_LAB_COOKIE_PATH, FAILED_LAB_SWITCH_LABEL } from "~/lib/failed-lab-preference";

import { SwitchTrack } from "./offer-table-controls";

/**
 * The price table's "Include offers that failed a lab test in Best Price" switch (issue 30
 * Must 4): a form posting the turned-over choice to its resource route, which keeps it in a
 * cookie and sends the visitor back, so the button works before hydration and without
 * JavaScript. Every screen that ranks offers reads the same cookie (getPricingContext).
 */
export function FailedLabSwitch() {
  const root = useRootData();
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.formAction === FAILED_LAB_COOKIE_PATH;
  const on = root?.includeFailedLabOffers ?? false;
  return (
    <Form method="post" action={FAILED_LAB_COOKIE_PATH} preventScrollReset>
      <input
        type="hidden"
        name="returnTo"
        value={`${location.pathname}${location.search}${location.hash}`}
      />
      <input type="hidden" name="failedLabOffers" value={on ? "exclude" : "include"} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        disabled={pending}
        data-testid="failed-lab-switch"
        className="inline-flex items-center gap-2 rounded-md text-left text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-70"
      >
        <SwitchTrack on={on} />
        {FAILED_LAB_SWITCH_LABEL}
      </button>
    </Form>
  );
}
