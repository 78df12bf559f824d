import { NativeSelect } from "~/components/admin/form-controls";
import { FilterControl } from "~/components/admin/table-filter-form";
import { Badge } from "~/components/ui/badge";
import type { ACTIVE_STATUSES } from "~/lib/admin-tables";

/** A row's public visibility, as the ads' cards show it: Active (green) or Inactive (grey). */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>;
}

/** The Status filter of a TableFilterForm: the table's `status` filter, ?status=active|inactive. */
export function StatusFilter({
  id,
  status,
}: {
  id: string;
  status: (typeof ACTIVE_STATUSES)[number] | undefined;
}) {
  return (
    <FilterControl id={id} label="Status">
      <NativeSelect id={id} name="status" defaultValue={status ?? ""} className="h-8">
        <option value="">Any status</option>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </NativeSelect>
    </FilterControl>
  );
}
