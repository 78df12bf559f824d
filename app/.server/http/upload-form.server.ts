import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

import { actionFailure, type ActionResult } from "~/lib/action-result";
import { UPLOAD_LIMIT_MESSAGES } from "~/lib/upload-limits";

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
 * Runs an action on its upload form, or answers the form's refusal (413: a file over its limit)
 * as the action's result: thrown, it would replace the admin page by the error page and lose
 * the open dialog and everything typed in it; answered, the form stays and says why.
 */
export async function withUploadForm<T>(
  read: Promise<FormData>,
  handle: (formData: FormData) => T,
): Promise<Awaited<T> | DataWithResponseInit<ActionResult>> {
  let formData: FormData;
  try {
    formData = await read;
  } catch (error) {
    if (isRefusal(error)) return error;
    throw error;
  }
  return await handle(formData);
}

/** readUploadForm throws nothing else as an answer (other errors are faults). */
function isRefusal(error: unknown): error is DataWithResponseInit<ActionResult> {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { type?: unknown }).type === "DataWithResponseInit"
  );
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

/** A form with at most one file of any kind the page takes (a lab report or a CSV), cut at 5 MB. */
export function readFileUploadForm(request: Request): Promise<FormData> {
  return readUploadForm(request, {
    maxFileBytes: MAX_UPLOAD_BYTES,
    tooLargeMessage: UPLOAD_LIMIT_MESSAGES.file,
  });
}

/** The backup-restore form, cut (413) the moment the backup passes its limit. */
export function readBackupUploadForm(request: Request): Promise<FormData> {
  return readUploadForm(request, {
    maxFileBytes: MAX_BACKUP_BYTES,
    tooLargeMessage: "The backup file is larger than 200 MB",
  });
}
