import { formatDate } from "~/lib/format";
import type { ReliabilityComponent } from "~/lib/vendor-reliability";

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The vendor page's reliability score and how it is computed: every component with its value
 * and weight, those without data said to be left out (issue 23).
 */
export function VendorReliabilityBreakdown({
  score,
  components,
  computedAt,
}: {
  score: number | null;
  components: ReliabilityComponent[];
  computedAt: string;
}) {
  const counted = components.filter((component) => component.value !== null);
  const countedWeight = counted.reduce((sum, component) => sum + component.weight, 0);
  return (
    <section
      id="reliability"
      aria-labelledby="vendor-reliability-heading"
      className="flex flex-col gap-3"
      data-testid="vendor-reliability"
    >
      <h2 id="vendor-reliability-heading" className="text-xl font-semibold">
        Reliability{" "}
        <span className="tabular-nums" data-testid="vendor-reliability-score">
          {score === null ? "not rated yet" : `${score}/100`}
        </span>
      </h2>
      <p className="text-sm text-muted-foreground">
        Computed only from data this site holds, after every price check (last{" "}
        {formatDate(computedAt)}). Components without data are left out and the others keep their
        relative weights.
      </p>
      <details className="rounded-lg border p-3" open>
        <summary className="cursor-pointer text-sm font-medium">How this is computed</summary>
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 pr-3 font-medium">
                Component
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Value
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Weight
              </th>
              <th scope="col" className="hidden py-1 font-medium sm:table-cell">
                What it measures
              </th>
            </tr>
          </thead>
          <tbody>
            {components.map((component) => (
              <tr
                key={component.key}
                className="border-t align-top"
                data-testid="reliability-component"
                data-key={component.key}
              >
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  {component.label}
                  <span className="block text-xs text-muted-foreground sm:hidden">
                    {component.explains}
                  </span>
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">
                  {component.value === null ? "No data" : percent(component.value)}
                </td>
                <td className="py-1.5 pr-3 text-right tabular-nums">
                  {component.value === null
                    ? "not counted"
                    : percent(component.weight / countedWeight)}
                </td>
                <td className="hidden py-1.5 text-muted-foreground sm:table-cell">
                  {component.explains}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
