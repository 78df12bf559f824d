/**
 * The admin's upload limits, shared by the forms (which say them and check a chosen file before
 * posting it) and the server (which enforces them: app/.server/services/uploads.server.ts).
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** The image formats an upload may be in (each re-encoded to WebP), as the forms say them. */
export const ACCEPTED_IMAGE_FORMATS = "JPEG, PNG, WebP, GIF or AVIF";

/** The same formats as a file input's `accept`. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export type UploadKind = "image" | "report" | "file";

/** What a form says of its upload field's limit, and what a refused upload answers. */
export const UPLOAD_LIMIT_MESSAGES: Record<UploadKind, string> = {
  image: `Images up to ${MAX_UPLOAD_MB} MB`,
  report: `Reports up to ${MAX_UPLOAD_MB} MB`,
  file: `Files up to ${MAX_UPLOAD_MB} MB`,
};

/** The message for a chosen file over the limit (its own size, so the admin sees by how much), else null. */
export function oversizedUploadMessage(kind: UploadKind, size: number): string | null {
  if (size <= MAX_UPLOAD_BYTES) return null;
  const megabytes = (size / (1024 * 1024)).toFixed(1);
  return `${UPLOAD_LIMIT_MESSAGES[kind]}: this one is ${megabytes} MB`;
}

/** The chosen file of an upload field (components/admin/upload-input.tsx), when it is over the limit: its message, else null. */
export function uploadInputError(input: HTMLInputElement): string | null {
  const kind = input.dataset.uploadKind as UploadKind | undefined;
  const file = input.files?.[0];
  return kind && file ? oversizedUploadMessage(kind, file.size) : null;
}

/** Every UploadInput of `form` whose chosen file is over the limit, by field name. */
export function oversizedUploads(form: HTMLFormElement): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>("input[data-upload-kind]")) {
    const message = uploadInputError(input);
    if (message && input.name) errors[input.name] = [message];
  }
  return errors;
}
