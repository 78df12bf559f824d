import { Truck } from "lucide-react";

import { useRootData } from "~/hooks/use-root-data";
import { SHIP_TO_ANYWHERE } from "~/lib/ship-to";

import { HeaderChoice } from "./header-choice";

/**
 * The header's "Ship to" choice, posted to /ship-to: shipping, landed totals and Best Price
 * follow the destination. Options show country codes so the header stays narrow on a phone.
 */
export function ShipToSwitcher() {
  const root = useRootData();
  if (!root) return null;
  return (
    <HeaderChoice
      action="/ship-to"
      id="ship-to"
      name="shipTo"
      label="Ship to"
      icon={<Truck className="size-4" aria-hidden />}
      value={root.shipTo ?? SHIP_TO_ANYWHERE}
      options={[
        { value: SHIP_TO_ANYWHERE, label: "Anywhere" },
        ...root.shipToChoices.map((code) => ({ value: code, label: code })),
      ]}
    />
  );
}
