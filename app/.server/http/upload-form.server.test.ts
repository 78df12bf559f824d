import { describe, expect, it } from "vitest";

import {
  FORM_BODY_LIMIT,
  readImageUploadForm,
  readUploadForm,
  UPLOAD_FORM_MESSAGES,
} from "./upload-form.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "../services/uploads.server";

const BOUNDARY = "----upload-form-test";
const CHUNK_BYTES = 64 * 1024;
const encoder = new TextEncoder();

function textPart(name: string, value: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

function fileHeader(name: string, filename: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
}

/**
 * A multipart body whose last file never ends, produced only as fast as it is read:
 * `pulledBytes()` tells how much of it the reader asked for.
 */
function endlessUpload(prefix: string) {
  let pulled = 0;
  let sentPrefix = false;
  const filler = new Uint8Array(CHUNK_BYTES).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = sentPrefix ? filler : encoder.encode(prefix);
        sentPrefix = true;
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulledBytes: () => pulled };
}

function multipartRequest(body: ReadableStream<Uint8Array> | string): Request {
  return new Request("http://localhost/admin/hero", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  } as RequestInit);
}

async function refusalOf(attempt: Promise<unknown>) {
  const thrown = await attempt.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toMatchObject({ type: "DataWithResponseInit" });
  const { data, init } = thrown as { data: { ok: boolean; error: string }; init: ResponseInit };
  return { status: init.status, error: data.error };
}

describe("readUploadForm", () => {
  it("stops reading a file the moment it passes its limit and answers 413", async () => {
    const upload = endlessUpload(textPart("intent", "upload-image") + fileHeader("image", "a.png"));

    const refusal = await refusalOf(readImageUploadForm(multipartRequest(upload.stream)));

    expect(refusal).toEqual({ status: 413, error: UPLOAD_MESSAGES.tooLarge });
    // Read no further than the limit plus the chunk that crossed it (and the one in flight):
    // the rest of the body is never asked for, so it never reaches memory.
    expect(upload.pulledBytes()).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(upload.pulledBytes()).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 2 * CHUNK_BYTES + 1024);
  });

  it("cuts a file at the limit it is given", async () => {
    const upload = endlessUpload(fileHeader("backup", "backup.json"));
    const limits = { maxFileBytes: 256 * 1024, tooLargeMessage: "The backup is too large" };

    const refusal = await refusalOf(readUploadForm(multipartRequest(upload.stream), limits));

    expect(refusal).toEqual({ status: 413, error: "The backup is too large" });
    expect(upload.pulledBytes()).toBeLessThanOrEqual(limits.maxFileBytes + 2 * CHUNK_BYTES + 1024);
  });

  it("refuses more than 1 MB of ordinary fields beside the file with 413", async () => {
    const body =
      textPart("description", "x".repeat(FORM_BODY_LIMIT / 2 + 1)) +
      textPart("notes", "y".repeat(FORM_BODY_LIMIT / 2 + 1)) +
      `--${BOUNDARY}--\r\n`;

    const refusal = await refusalOf(readImageUploadForm(multipartRequest(body)));

    expect(refusal).toEqual({ status: 413, error: UPLOAD_FORM_MESSAGES.fieldsTooLarge });
  });

  it("refuses a second file with 400", async () => {
    const body =
      fileHeader("image", "a.png") +
      "aaaa\r\n" +
      fileHeader("logo", "b.png") +
      "bbbb\r\n" +
      `--${BOUNDARY}--\r\n`;

    const refusal = await refusalOf(readImageUploadForm(multipartRequest(body)));

    expect(refusal).toEqual({ status: 400, error: UPLOAD_FORM_MESSAGES.tooManyFiles });
  });

  it("refuses a body that is not multipart at all with 400", async () => {
    const refusal = await refusalOf(readImageUploadForm(multipartRequest("no boundary here")));

    expect(refusal).toEqual({ status: 400, error: UPLOAD_FORM_MESSAGES.unreadable });
  });

  it("returns the fields and the file of a form within its limits", async () => {
    const png = "\x89PNG-bytes";
    const body =
      textPart("intent", "upload-image") +
      textPart("title", "Spring") +
      fileHeader("image", "hero.png") +
      `${png}\r\n` +
      `--${BOUNDARY}--\r\n`;

    const formData = await readImageUploadForm(multipartRequest(body));

    expect(formData.get("intent")).toBe("upload-image");
    expect(formData.get("title")).toBe("Spring");
    const image = formData.get("image");
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe("hero.png");
    expect((image as File).type).toBe("image/png");
    expect(await (image as File).text()).toBe(png);
  });

  it("reads an ordinary url-encoded form the same way", async () => {
    const request = new Request("http://localhost/admin/hero", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=remove-image&title=A+%26+B",
    });

    const formData = await readImageUploadForm(request);

    expect(Object.fromEntries(formData)).toEqual({ intent: "remove-image", title: "A & B" });
  });
});
