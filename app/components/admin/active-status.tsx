import { NativeSelect } from "~/components/admin/form-controls";
import { FilterControl } from "~/components/admin/table-filter-form";
import { Badge } from "~/components/ui/badge";

/** A row's public visibility, as the ads' cards show it: Active (green) or Inactive (grey). */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>;
}

/** The Status filter of a TableFilterForm: ?status=active|inactive (parseStatusParam reads it). */
export function StatusFilter({ id, active }: { id: string; active: boolean | null }) {
  return (
    <FilterControl id={id} label="Status">
      <NativeSelect
        id={id}
        name="status"
        defaultValue={active === null ? "" : active ? "active" : "inactive"}
        className="h-8"
      >
        <option value="">Any status</option>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </NativeSelect>
    </FilterControl>
  );
}
