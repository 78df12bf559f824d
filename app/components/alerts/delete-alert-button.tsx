import { ConfirmRemoveButton } from "~/components/confirm-remove-button";

/** Deletes one price alert once confirmed: on the alerts list and in the detail page's alert box. */
export function DeleteAlertButton({
  alertId,
  label,
  iconOnly = false,
}: {
  alertId: string;
  label: string;
  iconOnly?: boolean;
}) {
  return (
    <ConfirmRemoveButton
      fields={{ intent: "delete", alertId }}
      action="/alerts"
      accessibleName={`Delete alert on ${label}`}
      label={iconOnly ? undefined : "Delete alert"}
      title="Delete this price alert?"
      description={`You will no longer be told about prices of ${label}.`}
      confirmLabel="Delete"
    />
  );
}
