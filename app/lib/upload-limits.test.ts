import { describe, expect, it } from "vitest";

import { MAX_UPLOAD_BYTES, oversizedUploadMessage } from "./upload-limits";

describe("oversizedUploadMessage", () => {
  it("passes a file at the limit", () => {
    expect(oversizedUploadMessage("image", MAX_UPLOAD_BYTES)).toBeNull();
  });

  it("names the limit and the file's own size past it", () => {
    expect(oversizedUploadMessage("image", 7 * 1024 * 1024)).toBe(
      "Images up to 5 MB: this one is 7.0 MB",
    );
    expect(oversizedUploadMessage("report", MAX_UPLOAD_BYTES + 1)).toBe(
      "Reports up to 5 MB: this one is 5.0 MB",
    );
  });
});
