import type { StudentPhotoInput } from "@portal/shared/schemas/enrollment/student-photo";
import { fileIdOf, yesNoText, yesNoValue } from "./step-kit/form-values.ts";
import { checkPhotoUpload } from "./step-kit/image-upload-check.ts";

/**
 * The student-photo form as the inputs hold it (the upload id, a yes/no answer per image
 * authorization) and the two conversions: saved step data → form, form → `studentPhotoSchema` body.
 */
export const PHOTO_CONSENT_FIELDS = [
  "authorizeUse",
  "authorizePublication",
  "authorizeCommunication",
  "authorizeConservation",
] as const;
export type PhotoConsentField = (typeof PHOTO_CONSENT_FIELDS)[number];

export type StudentPhotoValues = { photoFileId: number | null } & Record<PhotoConsentField, "" | "yes" | "no">;

/** Saved data (null before the first save; a re-enrollment may bring only the photo) as form values. */
export function toFormValues(data: Record<string, unknown> | null | undefined): StudentPhotoValues {
  const source = data ?? {};
  return {
    photoFileId: fileIdOf(source.photoFileId),
    authorizeUse: yesNoText(source.authorizeUse),
    authorizePublication: yesNoText(source.authorizePublication),
    authorizeCommunication: yesNoText(source.authorizeCommunication),
    authorizeConservation: yesNoText(source.authorizeConservation),
  };
}

/** Form values as the request body: unanswered questions and a missing photo are left out. */
export function toRequestBody(values: StudentPhotoValues): StudentPhotoInput {
  return {
    photoFileId: values.photoFileId ?? undefined,
    authorizeUse: yesNoValue(values.authorizeUse),
    authorizePublication: yesNoValue(values.authorizePublication),
    authorizeCommunication: yesNoValue(values.authorizeCommunication),
    authorizeConservation: yesNoValue(values.authorizeConservation),
  } as StudentPhotoInput;
}

/**
 * The picture the family picks is only read in the browser (what is sent is the 500 × 500 crop),
 * so the limit is about memory, not the upload's 5 MB.
 */
export const MAX_SOURCE_PHOTO_BYTES = 20 * 1024 * 1024;

/** Checked before cropping: a JPEG or PNG of at most MAX_SOURCE_PHOTO_BYTES. */
export function checkPhotoSource(file: { name: string; type: string; size: number }): "notPhoto" | "tooLarge" | null {
  return checkPhotoUpload(file, MAX_SOURCE_PHOTO_BYTES);
}

/** The cropped photo's file name: the chosen one's, as a .jpg. */
export function croppedPhotoName(original: string): string {
  const base = original.replace(/\.[^./\\]*$/, "").trim();
  return `${base || "photo"}.jpg`;
}
