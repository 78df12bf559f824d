import { ConfirmDeleteButton } from "~/components/admin/confirm-delete-button";
import { EditButton } from "~/components/edit-button";
import { Badge } from "~/components/ui/badge";

import type { EditableFilter } from "~/lib/forms/catalog";
import { FILTER_FIELD_LABELS, FILTER_TYPE_LABELS } from "./filter-labels";

export const DELETE_FILTER_KEY = "delete-filter";

/** The home page's filters in their order, each with Edit and Delete. */
export function FilterList({
  filters,
  onEdit,
}: {
  filters: EditableFilter[];
  onEdit: (filter: EditableFilter) => void;
}) {
  if (filters.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
        No filters yet.
      </p>
    );
  }
  return (
    <ul className="divide-y rounded-md border" aria-label="Filters">
      {filters.map((filter) => (
        <li key={filter.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
          <span className="font-medium">{filter.name}</span>
          <Badge variant="outline">{FILTER_TYPE_LABELS[filter.type] ?? filter.type}</Badge>
          <span className="text-sm text-muted-foreground">
            {FILTER_FIELD_LABELS[filter.field] ?? filter.field}
          </span>
          {filter.enabled ? null : <Badge variant="secondary">Disabled</Badge>}
          <div className="ml-auto flex items-center gap-1">
            <EditButton label={`Edit filter ${filter.name}`} onClick={() => onEdit(filter)} />
            <ConfirmDeleteButton
              fetcherKey={DELETE_FILTER_KEY}
              fields={{ intent: "delete-filter", id: filter.id }}
              itemName={`filter ${filter.name}`}
              description={`The filter ${filter.name} will be moved to the trash and leave the home page until it is restored.`}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
