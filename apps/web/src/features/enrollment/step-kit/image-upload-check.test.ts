import { describe, expect, it } from "vitest";
import { checkPhotoUpload, MAX_PHOTO_BYTES } from "./image-upload-check.ts";

describe("photo uploads", () => {
  it("accepts only png or jpg of at most 1 MB before uploading", () => {
    expect(MAX_PHOTO_BYTES).toBe(1024 * 1024);
    expect(checkPhotoUpload({ name: "a.jpg", type: "image/jpeg", size: 100 })).toBeNull();
    expect(checkPhotoUpload({ name: "a.png", type: "image/png", size: MAX_PHOTO_BYTES })).toBeNull();
    expect(checkPhotoUpload({ name: "a.JPEG", type: "", size: 100 })).toBeNull();
    expect(checkPhotoUpload({ name: "a.gif", type: "image/gif", size: 100 })).toBe("notPhoto");
    expect(checkPhotoUpload({ name: "a.pdf", type: "application/pdf", size: 100 })).toBe("notPhoto");
    expect(checkPhotoUpload({ name: "a.jpg", type: "image/jpeg", size: MAX_PHOTO_BYTES + 1 })).toBe("tooLarge");
  });
});
