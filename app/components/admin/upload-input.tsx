import type * as React from "react";

import { Input } from "~/components/ui/input";
import { ACCEPTED_IMAGE_TYPES, type UploadKind } from "~/lib/upload-limits";

const ACCEPT: Record<UploadKind, string> = {
  image: ACCEPTED_IMAGE_TYPES,
  report: `application/pdf,${ACCEPTED_IMAGE_TYPES}`,
  file: "",
};

/**
 * A file field of an admin form, with the server's size limit on it (oversizedUploads): useFieldErrors refuses a
 * larger file before posting (under the field, the dialog and what was typed kept), as the
 * server would with a 413.
 */
export function UploadInput({
  kind,
  ...props
}: Omit<React.ComponentProps<typeof Input>, "type"> & { kind: UploadKind }) {
  return (
    <Input type="file" accept={ACCEPT[kind] || undefined} data-upload-kind={kind} {...props} />
  );
}
