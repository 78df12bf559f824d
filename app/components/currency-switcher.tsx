import { Coins } from "lucide-react";

import { useRootData } from "~/hooks/use-root-data";

import { HeaderChoice } from "./header-choice";

/** The display-currency switch in the header, posted to /currency. */
export function CurrencySwitcher() {
  const root = useRootData();
  if (!root || root.currencies.length < 2) return null;
  return (
    <HeaderChoice
      action="/currency"
      id="display-currency"
      name="currency"
      label="Display currency"
      icon={<Coins className="size-4" aria-hidden />}
      value={root.displayCurrency}
      options={root.currencies.map((code) => ({ value: code, label: code }))}
    />
  );
}
