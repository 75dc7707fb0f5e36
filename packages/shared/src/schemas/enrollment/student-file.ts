import { z } from "zod";
import { phoneField, text } from "../fields.ts";
import {
  birthDateField,
  checkDocument,
  codeField,
  countryField,
  documentFields,
  fileIdField,
  optionalEmailField,
  optionalPhoneField,
  requireFile,
} from "./common.ts";

/** At most three emergency contacts; at least one is required. */
export const MAX_EMERGENCY_CONTACTS = 3;

/** One person to call in an emergency when the representatives cannot be reached. */
export const emergencyContactSchema = z.strictObject({
  name: text(150),
  /** Code of the `relationships` catalogue. */
  relationship: codeField(),
  phone: phoneField,
});

/** Step 2, student file: general data, identity document and emergency contacts (spec 3). */
export const studentFileSchema = z
  .strictObject({
    // General data.
    /** The school's code of an existing student (informational; the server keeps its own). */
    studentCode: text(30, { required: false }).optional(),
    /** F or M, as on the identity document. */
    gender: z.enum(["F", "M"], { error: "validation.choice" }),
    /** The student's own e-mail, if any. */
    email: optionalEmailField,
    /** First surname, as on the identity document. */
    firstName: text(80),
    /** Second surname, if any. */
    secondName: text(80, { required: false }).optional(),
    /** Given names, as on the identity document. */
    names: text(120),
    /** The name the student goes by at school, if different. */
    usualName: text(80, { required: false }).optional(),
    birthDate: birthDateField,
    birthCountry: countryField,
    birthCity: text(100),
    /** Address where the student mainly lives. */
    primaryResidence: text(200),
    primaryNationality: countryField,
    secondaryNationality: countryField.optional(),
    /** Code of the `bloodTypes` catalogue (O+, AB-…), if known. */
    bloodType: codeField(5).optional(),
    phone: optionalPhoneField,
    /** Neighbourhood / sector of the city. */
    sector: text(100, { required: false }).optional(),
    /** The student is a child of a school staff member. */
    childOfStaff: z.boolean({ error: "validation.required" }).default(false),
    // Identity document.
    ...documentFields,
    /** The uploaded identity document (PDF). */
    identityDocumentFileId: fileIdField,
    // Emergency contacts.
    emergencyContacts: z
      .array(emergencyContactSchema, { error: "validation.emergencyContactRequired" })
      .min(1, { error: "validation.emergencyContactRequired" })
      .max(MAX_EMERGENCY_CONTACTS, { error: "validation.maxEmergencyContacts" }),
  })
  .superRefine((value, ctx) => {
    checkDocument(ctx, value);
    requireFile(ctx, value, "identityDocumentFileId");
  });
export type StudentFileInput = z.input<typeof studentFileSchema>;
export type StudentFile = z.output<typeof studentFileSchema>;
