import { z } from "zod";
import { fileIdField, requireFile, yesNoField } from "./common.ts";

/** Step 8: the student's photo (500 × 500 px) and the four image authorizations (yes or no each). */
export const studentPhotoSchema = z
  .strictObject({
    /** The uploaded photo, already cropped to 500 × 500 pixels. */
    photoFileId: fileIdField,
    /** Use of the photo inside the school (class lists, student card). */
    authorizeUse: yesNoField,
    /** Publication on the school's internet sites. */
    authorizePublication: yesNoField,
    /** Communication on external platforms (social networks, press). */
    authorizeCommunication: yesNoField,
    /** Conservation for an indefinite time (school archives). */
    authorizeConservation: yesNoField,
  })
  .superRefine((value, ctx) => requireFile(ctx, value, "photoFileId"));
export type StudentPhotoInput = z.input<typeof studentPhotoSchema>;
