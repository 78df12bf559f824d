import { Form, useSearchParams } from "react-router";

import {
  HISTORY_RANGE_LABELS,
  HISTORY_RANGE_PARAM,
  HISTORY_RANGES,
  type HistoryRange,
} from "~/lib/price-history";
import { cn } from "~/lib/utils";

/**
 * The history charts' range: toggle buttons (one pressed) that load the range's prices, each
 * summed up by the day, week or month it needs. A GET form, so it also works without
 * JavaScript; the page's other parameters (size, chart, sort) ride along as hidden fields.
 */
export function HistoryRangeSwitch({ range }: { range: HistoryRange }) {
  const [params] = useSearchParams();
  const kept = [...params].filter(([name]) => name !== HISTORY_RANGE_PARAM);
  return (
    <Form
      method="get"
      preventScrollReset
      aria-label="History range"
      className="flex flex-wrap gap-1.5"
    >
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {HISTORY_RANGES.map((option) => (
        <button
          key={option}
          type="submit"
          name={HISTORY_RANGE_PARAM}
          value={option}
          aria-pressed={option === range}
          className={cn(
            "inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
            option === range
              ? "border-primary bg-primary text-primary-foreground"
              : "bg-background hover:bg-accent",
          )}
        >
          {HISTORY_RANGE_LABELS[option]}
        </button>
      ))}
    </Form>
  );
}
