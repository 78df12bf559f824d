import { Coins } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Form, useLocation, useSubmit } from "react-router";

import { useRootData } from "~/hooks/use-root-data";

import { Button } from "./ui/button";
import { NativeSelect } from "./ui/native-select";

const subscribeToNothing = () => () => {};

/** False in the server's HTML and during hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The display-currency switch in the header: a plain form posted to /currency, so it works
 * without JavaScript (with its Apply button); once React runs, choosing submits at once.
 */
export function CurrencySwitcher() {
  const root = useRootData();
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  if (!root || root.currencies.length < 2) return null;
  return (
    <Form method="post" action="/currency" className="flex items-center gap-1">
      <input
        type="hidden"
        name="returnTo"
        value={`${location.pathname}${location.search}${location.hash}`}
      />
      <label htmlFor="display-currency" className="text-muted-foreground">
        <Coins className="size-4" aria-hidden />
        <span className="sr-only">Display currency</span>
      </label>
      <NativeSelect
        key={root.displayCurrency}
        id="display-currency"
        name="currency"
        defaultValue={root.displayCurrency}
        className="h-8 w-auto px-2"
        onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {root.currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" hidden={hydrated}>
        Apply
      </Button>
    </Form>
  );
}
