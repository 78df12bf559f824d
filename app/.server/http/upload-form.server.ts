import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { data } from "react-router";

import { actionFailure } from "~/lib/action-result";

import { MAX_BACKUP_BYTES } from "../services/backup.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../services/uploads.server";

/** Forms and JSON bodies: far above any real form, far below what would strain the server. */
export const FORM_BODY_LIMIT = 1024 * 1024;

export const UPLOAD_FORM_MESSAGES = {
  fieldsTooLarge: "The form's fields are larger than 1 MB",
  tooManyFiles: "Upload one file at a time",
  unreadable: "The form could not be read",
} as const;

export interface UploadFormLimits {
  /** The file's own limit: the parser stops reading the moment a file passes it. */
  maxFileBytes: number;
  /** The refusal shown when the file is larger (e.g. "The image is larger than 5 MB"). */
  tooLargeMessage: string;
}

function refusal(message: string, status: 400 | 413) {
  return data(actionFailure(message, { title: "Upload refused" }), {
    status,
    // Whatever the client still sends is not read: close rather than drain it.
    headers: { Connection: "close" },
  });
}

/**
 * Reads a form that may carry one uploaded file, as a stream: a file is cut (413) the moment it
 * passes its own limit, so no more than that limit plus the 1 MB of other fields is ever held in
 * memory. Drop-in for `request.formData()` in actions; a refusal is thrown as the action's
 * 4xx answer.
 */
export async function readUploadForm(
  request: Request,
  limits: UploadFormLimits,
): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await parseFormData(request, {
      maxFiles: 1,
      maxFileSize: limits.maxFileBytes,
      maxTotalSize: limits.maxFileBytes + FORM_BODY_LIMIT,
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw refusal(limits.tooLargeMessage, 413);
    if (error instanceof MaxTotalSizeExceededError) {
      throw refusal(UPLOAD_FORM_MESSAGES.fieldsTooLarge, 413);
    }
    if (error instanceof MaxFilesExceededError) {
      throw refusal(UPLOAD_FORM_MESSAGES.tooManyFiles, 400);
    }
    if (error instanceof FormDataParseError) throw refusal(UPLOAD_FORM_MESSAGES.unreadable, 400);
    throw error;
  }
  if (fieldBytes(formData) > FORM_BODY_LIMIT) {
    throw refusal(UPLOAD_FORM_MESSAGES.fieldsTooLarge, 413);
  }
  return formData;
}

function fieldBytes(formData: FormData): number {
  let total = 0;
  for (const value of formData.values()) {
    if (typeof value === "string") total += Buffer.byteLength(value);
  }
  return total;
}

/**
 * An action's form with at most one image, cut (413) the moment the image passes 5 MB: the
 * drop-in for `request.formData()` on every route that takes an image upload.
 */
export function readImageUploadForm(request: Request): Promise<FormData> {
  return readUploadForm(request, {
    maxFileBytes: MAX_UPLOAD_BYTES,
    tooLargeMessage: UPLOAD_MESSAGES.tooLarge,
  });
}

/** The backup-restore form, cut (413) the moment the backup passes its limit. */
export function readBackupUploadForm(request: Request): Promise<FormData> {
  return readUploadForm(request, {
    maxFileBytes: MAX_BACKUP_BYTES,
    tooLargeMessage: "The backup file is larger than 200 MB",
  });
}
