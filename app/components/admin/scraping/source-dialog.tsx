import { FlaskConical, Loader2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";

import { CatalogueCombobox } from "~/components/admin/catalogue-combobox";
import { Field, NativeSelect } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { useActionToast } from "~/hooks/use-action-toast";
import { useShopRead } from "~/hooks/use-shop-read";
import type { ActionResult } from "~/lib/action-result";
import {
  scrapeSourceFields,
  SELECTOR_HELP,
  SOURCE_FIELD_LIMITS,
  type EditableSource,
} from "~/lib/forms/scraping";
import { isShopReadPending, type ShopReadView } from "~/lib/shop-reads";

import { SelectorTestReport, type SelectorTestReportData } from "./selector-test-report";

type TextFieldName = keyof typeof SOURCE_FIELD_LIMITS;
/** The test's request answers the queued read to follow, or a refusal (missing selectors). */
type SelectorTestAnswer = ActionResult & { readId?: string };

/** A finished test as SPEC's toast: "Selector test succeeded." or "Error testing selectors: …". */
function testOutcome(read: ShopReadView | null): ActionResult | undefined {
  if (!read || isShopReadPending(read)) return undefined;
  return read.status === "succeeded"
    ? { ok: true, message: read.message ?? "" }
    : { ok: false, error: read.message ?? "Error testing selectors" };
}

/**
 * Add Source / Edit Source. A refused save keeps the dialog open with what was typed, each
 * message under its field; only a successful save closes it (FormDialog asks before
 * discarding changes).
 */
export function SourceDialog({
  open,
  source,
  onClose,
}: {
  open: boolean;
  source: EditableSource | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const testFetcher = useFetcher<SelectorTestAnswer>();
  const [pageType, setPageType] = useState(source?.pageType ?? "single");
  // The page is read by a background job: the dialog follows it until the report is in.
  const test = useShopRead(
    testFetcher.state === "idle" ? (testFetcher.data?.readId ?? null) : null,
  );
  const outcome = useMemo(() => testOutcome(test.read), [test.read]);
  useActionToast(testFetcher.data?.ok === false ? testFetcher.data : outcome);
  const saving = fetcher.state !== "idle";
  const testing = testFetcher.state !== "idle" || test.pending;
  const report =
    test.read?.status === "succeeded" ? (test.read.result as SelectorTestReportData) : null;
  const { errors, onSubmit } = useFieldErrors(scrapeSourceFields, fetcher);

  function runTest(form: HTMLFormElement | null) {
    if (!form) return;
    const formData = new FormData(form);
    formData.set("intent", "test-selectors");
    testFetcher.submit(formData, { method: "post" });
  }

  const text = (
    name: TextFieldName,
    label: string,
    value: string | null | undefined,
    options: { required?: boolean; type?: string; placeholder?: string } = {},
  ) => (
    <Field
      id={`source-${name}`}
      label={`${label}${options.required ? " *" : ""}`}
      errors={errors[name]}
    >
      <Input
        name={name}
        type={options.type ?? "text"}
        defaultValue={value ?? ""}
        placeholder={options.placeholder}
        maxLength={SOURCE_FIELD_LIMITS[name]}
        required={options.required}
        aria-required={options.required}
      />
    </Field>
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      fetcher={fetcher}
      title={source ? "Edit Source" : "Add Source"}
      description="A retailer page and the CSS selectors that find each product's name, price, link and sold-out marker."
      submitLabel={source ? "Save Changes" : "Add Source"}
      version={source?.version}
      formProps={{ noValidate: true, onSubmit }}
      contentClassName="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <input type="hidden" name="intent" value={source ? "update-source" : "create-source"} />
      {source ? <input type="hidden" name="id" value={source.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("retailer_name", "Retailer name", source?.retailerName, { required: true })}
        {text("url", "URL", source?.url, {
          required: true,
          type: "url",
          placeholder: "https://shop.example/products/bpc-157",
        })}
        <Field id="source-page_type" label="Page type" errors={errors.page_type}>
          <NativeSelect
            name="page_type"
            value={pageType}
            onChange={(event) => setPageType(event.target.value)}
          >
            <option value="single">Single product</option>
            <option value="category">Category</option>
          </NativeSelect>
        </Field>
        <Field id="source-vendor_id" label="Vendor" errors={errors.vendor_id}>
          <CatalogueCombobox
            kind="vendors"
            name="vendor_id"
            selected={
              source?.vendorId && source.vendorName
                ? { id: source.vendorId, label: source.vendorName }
                : null
            }
            noneLabel="No vendor (results are not applied to prices)"
          />
        </Field>
        {text("currency", "Currency when the page shows only a symbol", source?.currency, {
          placeholder: "USD",
        })}
        {text("product_selector", "Product selector", source?.productSelector, {
          required: true,
          placeholder: ".product-card",
        })}
        {text("name_selector", "Name selector", source?.nameSelector, {
          required: true,
          placeholder: ".product-title",
        })}
        {text("price_selector", "Price selector", source?.priceSelector, {
          required: true,
          placeholder: ".price",
        })}
        {text("link_selector", "Link selector (optional)", source?.linkSelector, {
          placeholder: "a.product-link",
        })}
        {text("sold_out_selector", "Sold-out selector (optional)", source?.soldOutSelector, {
          placeholder: ".sold-out",
        })}
        {pageType === "category" ? (
          <>
            {text("pagination_selector", "Pagination selector", source?.paginationSelector, {
              placeholder: ".pagination",
            })}
            {text("next_page_selector", "Next page selector", source?.nextPageSelector, {
              placeholder: "a.next",
            })}
          </>
        ) : null}
        <p className="text-xs text-muted-foreground sm:col-span-2">{SELECTOR_HELP}</p>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Switch name="is_active" defaultChecked={source?.isActive ?? true} aria-label="Active" />
        Active (included in Start Scraping and the schedule)
      </label>
      {test.pending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Reading the page…
        </p>
      ) : null}
      {report ? <SelectorTestReport report={report} /> : null}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={testing || saving}
        onClick={(event) => runTest(event.currentTarget.form)}
      >
        {testing ? <Loader2 className="animate-spin" aria-hidden /> : <FlaskConical aria-hidden />}
        Test selectors
      </Button>
    </FormDialog>
  );
}
