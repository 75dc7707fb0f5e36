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

  it("follows the school's limit and types (Settings › Files)", () => {
    const jpegOnly = ["image/jpeg"];
    expect(checkPhotoUpload({ name: "a.png", type: "image/png", size: 100 }, MAX_PHOTO_BYTES, jpegOnly)).toBe(
      "notPhoto",
    );
    expect(checkPhotoUpload({ name: "a.png", type: "", size: 100 }, MAX_PHOTO_BYTES, jpegOnly)).toBe("notPhoto");
    expect(checkPhotoUpload({ name: "a.jpg", type: "", size: 100 }, MAX_PHOTO_BYTES, jpegOnly)).toBeNull();
    expect(checkPhotoUpload({ name: "a.jpg", type: "image/jpeg", size: 2_000_000 }, 3_000_000, jpegOnly)).toBeNull();
  });
});
