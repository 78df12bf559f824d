import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { ConfirmSaveDialog } from "~/components/admin/confirm-save";
import type { DataColumn } from "~/components/admin/data-table";
import { EditConflictNotice, RowVersionInput } from "~/components/admin/edit-conflict";
import { ErrorList } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { TableCell } from "~/components/ui/table";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { STOCK_STATUSES } from "~/lib/constants";
import { formValuesOf, type FormValues } from "~/lib/edit-conflict";
import { TEXT_LIMITS } from "~/lib/text-limits";

import { priceRowName, STOCK_LABELS, type PriceRow } from "./price-columns";

/**
 * An offer's row in edit mode: price, stock and link become inputs of one form (linked
 * with the `form` attribute, since a form cannot wrap table cells). Enter saves, Escape
 * cancels; a refused value stays typed with its message under the input. A save after someone
 * else's shows their change (EditConflictNotice); an unusual price asks first (ConfirmSaveDialog).
 */
export function InlinePriceEditor({
  row,
  columns,
  onDone,
}: {
  row: PriceRow;
  columns: DataColumn<PriceRow>[];
  onDone: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, onDone);
  const formId = `edit-price-${row.id}`;
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  const name = priceRowName(row);
  const formRef = useRef<HTMLFormElement | null>(null);
  const openedValues = useRef<FormValues | null>(null);
  // The inputs sit in other cells (form attribute); all are in the DOM once this row mounts.
  useEffect(() => {
    if (formRef.current) openedValues.current = formValuesOf(new FormData(formRef.current));
  }, []);

  useEffect(() => {
    const cancelOnEscape = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const inThisRow =
        target?.getAttribute("form") === formId || Boolean(target?.closest(`#${formId}`));
      if (event.key === "Escape" && inThisRow) onDone();
    };
    document.addEventListener("keydown", cancelOnEscape);
    return () => document.removeEventListener("keydown", cancelOnEscape);
  }, [onDone, formId]);

  const editor = (id: string) => {
    const errorId = (field: string) => (errors[field] ? `${formId}-${field}-error` : undefined);
    switch (id) {
      case "price":
        return (
          <div className="grid min-w-24 gap-1">
            <Input
              form={formId}
              name="price"
              type="number"
              step="0.01"
              min={0}
              inputMode="decimal"
              required
              autoFocus
              defaultValue={row.price}
              aria-label={`Price of ${name}`}
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={errorId("price")}
              className="h-8 tabular-nums"
            />
            <ErrorList id={errorId("price")} errors={errors.price} />
          </div>
        );
      case "stock":
        return (
          <div className="grid min-w-32 gap-1">
            <NativeSelect
              form={formId}
              name="stockStatus"
              defaultValue={row.stockStatus}
              aria-label={`Stock of ${name}`}
              aria-invalid={errors.stockStatus ? true : undefined}
              aria-describedby={errorId("stockStatus")}
              className="h-8"
            >
              {STOCK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STOCK_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
            <ErrorList id={errorId("stockStatus")} errors={errors.stockStatus} />
          </div>
        );
      case "link":
        return (
          <div className="grid min-w-48 gap-1">
            <Input
              form={formId}
              name="url"
              type="url"
              maxLength={TEXT_LIMITS.url}
              placeholder="https://"
              defaultValue={row.url ?? ""}
              aria-label={`Link of ${name}`}
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errorId("url")}
              className="h-8"
            />
            <ErrorList id={errorId("url")} errors={errors.url} />
          </div>
        );
      case "actions":
        return (
          <div className="grid max-w-80 gap-2">
            <fetcher.Form
              ref={formRef}
              method="post"
              id={formId}
              noValidate
              className="flex items-center gap-1"
            >
              <input type="hidden" name="intent" value="update-vendor-price" />
              <input type="hidden" name="id" value={row.id} />
              <RowVersionInput version={row.version} />
              <Button type="submit" size="sm" disabled={busy}>
                {busy ? "Saving..." : "Save"}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={onDone}>
                Cancel
              </Button>
            </fetcher.Form>
            <EditConflictNotice result={fetcher.data} formRef={formRef} opened={openedValues} />
            <ConfirmSaveDialog fetcher={fetcher} formRef={formRef} />
          </div>
        );
      default:
        return null;
    }
  };

  return columns.map((column) => (
    <TableCell key={column.id} className="align-top whitespace-normal">
      {editor(column.id) ?? column.cell(row)}
    </TableCell>
  ));
}
