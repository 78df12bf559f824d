import { Loader2 } from "lucide-react";
import type * as React from "react";
import { useCallback, useRef } from "react";
import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { formValuesOf, type FormValues } from "~/lib/edit-conflict";
import { formatLastScraped } from "~/lib/format";
import { MAX_UNITS_PER_USD, MIN_UNITS_PER_USD } from "~/lib/forms/exchange-rates";

import { ConfirmDeleteButton } from "../confirm-delete-button";
import { EditConflictNotice, RowVersionInput } from "../edit-conflict";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { TableCell, TableRow } from "../../ui/table";

export const DELETE_RATE_KEY = "delete-exchange-rate";
export const SETTINGS_ACTION = "/admin/settings";

export interface ExchangeRateRowData {
  currency: string;
  unitsPerUsd: number;
  source: string;
  updatedAt: Date | string;
  /** The rate's version: a save after another change answers 409 (~/lib/edit-conflict). */
  version: string;
}

/**
 * One stored rate: edited in place (the form remounts, with the stored value and its version,
 * when the stored rate changes). A save after someone else's (or the ECB refresh's) shows their
 * value (EditConflictNotice).
 */
/** How many units of a currency one US dollar buys: a row's edit and the add form. */
export function UnitsPerUsdInput(props: Omit<React.ComponentProps<typeof Input>, "name" | "type">) {
  return (
    <Input
      name="unitsPerUsd"
      type="number"
      inputMode="decimal"
      min={MIN_UNITS_PER_USD}
      max={MAX_UNITS_PER_USD}
      step="any"
      required
      {...props}
    />
  );
}

export function ExchangeRateRow({ rate }: { rate: ExchangeRateRowData }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const saving = fetcher.state !== "idle";
  const inputId = `rate-${rate.currency}`;
  const formRef = useRef<HTMLFormElement | null>(null);
  const openedValues = useRef<FormValues | null>(null);
  const attachForm = useCallback((form: HTMLFormElement | null) => {
    formRef.current = form;
    if (form) openedValues.current = formValuesOf(new FormData(form));
  }, []);
  return (
    <TableRow>
      <TableCell className="font-medium">{rate.currency}</TableCell>
      <TableCell>
        <fetcher.Form
          key={`${rate.currency}-${rate.version}`}
          ref={attachForm}
          method="post"
          action={SETTINGS_ACTION}
          className="flex items-center gap-2"
        >
          <input type="hidden" name="intent" value="update-rate" />
          <input type="hidden" name="currency" value={rate.currency} />
          <RowVersionInput version={rate.version} />
          <UnitsPerUsdInput
            id={inputId}
            defaultValue={rate.unitsPerUsd}
            aria-label={`1 USD in ${rate.currency}`}
            className="w-36 tabular-nums"
          />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={saving}
            aria-label={`Save ${rate.currency} rate`}
          >
            {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            Save
          </Button>
        </fetcher.Form>
        <EditConflictNotice result={fetcher.data} formRef={formRef} opened={openedValues} />
      </TableCell>
      <TableCell>
        <Badge variant={rate.source === "ecb" ? "default" : "secondary"}>
          {rate.source === "ecb" ? "ECB" : "Manual"}
        </Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatLastScraped(rate.updatedAt)}</TableCell>
      <TableCell>
        <ConfirmDeleteButton
          fetcherKey={DELETE_RATE_KEY}
          fields={{ intent: "delete-rate", currency: rate.currency }}
          itemName={`${rate.currency} rate`}
          description={`Prices in ${rate.currency} will no longer be converted, and visitors can no longer display prices in it.`}
        />
      </TableCell>
    </TableRow>
  );
}
