import { studentPhotoSchema } from "@portal/shared/schemas/enrollment/student-photo";
import { describe, expect, it } from "vitest";
import { checkPhotoSource, croppedPhotoName, toFormValues, toRequestBody } from "./student-photo-form.ts";

const saved = {
  photoFileId: 31,
  authorizeUse: true,
  authorizePublication: false,
  authorizeCommunication: false,
  authorizeConservation: true,
};

describe("student photo form values", () => {
  it("starts with no photo and every question unanswered", () => {
    expect(toFormValues(null)).toEqual({
      photoFileId: null,
      authorizeUse: "",
      authorizePublication: "",
      authorizeCommunication: "",
      authorizeConservation: "",
    });
  });

  it("round-trips saved data into a body the shared schema accepts", () => {
    const values = toFormValues(saved);
    expect(values.authorizeUse).toBe("yes");
    expect(values.authorizePublication).toBe("no");
    const body = toRequestBody(values);
    expect(body).toEqual(saved);
    expect(studentPhotoSchema.safeParse(body).success).toBe(true);
  });

  it("keeps a prefilled photo (re-enrollment) and asks the questions again", () => {
    const values = toFormValues({ photoFileId: 31 });
    expect(values.photoFileId).toBe(31);
    const result = studentPhotoSchema.safeParse(toRequestBody(values));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      "authorizeCommunication",
      "authorizeConservation",
      "authorizePublication",
      "authorizeUse",
    ]);
  });

  it("leaves out a missing photo so the schema asks for the file", () => {
    const body = toRequestBody({ ...toFormValues(saved), photoFileId: null });
    expect("photoFileId" in body && body.photoFileId !== undefined).toBe(false);
    const result = studentPhotoSchema.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["validation.fileRequired"]);
  });

  it("accepts only JPEG and PNG pictures to crop", () => {
    expect(checkPhotoSource({ name: "a.jpg", type: "image/jpeg", size: 1000 })).toBeNull();
    expect(checkPhotoSource({ name: "a.png", type: "image/png", size: 1000 })).toBeNull();
    expect(checkPhotoSource({ name: "a.JPEG", type: "", size: 1000 })).toBeNull();
    expect(checkPhotoSource({ name: "a.gif", type: "image/gif", size: 1000 })).toBe("notPhoto");
    expect(checkPhotoSource({ name: "a.pdf", type: "", size: 1000 })).toBe("notPhoto");
    expect(checkPhotoSource({ name: "a.jpg", type: "image/jpeg", size: 21 * 1024 * 1024 })).toBe("tooLarge");
  });

  it("names the cropped photo after the chosen one", () => {
    expect(croppedPhotoName("IMG_2041.PNG")).toBe("IMG_2041.jpg");
    expect(croppedPhotoName("foto.alumno.jpeg")).toBe("foto.alumno.jpg");
    expect(croppedPhotoName(".png")).toBe("photo.jpg");
    expect(croppedPhotoName("sin-extension")).toBe("sin-extension.jpg");
  });
});
