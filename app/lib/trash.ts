/** One item of the Trash page (components/admin/trash). */
export interface TrashListItem {
  id: string;
  batchId: string;
  entity: string;
  entityLabel: string;
  name: string;
  deletedAt: string;
  deletedByEmail: string | null;
}
