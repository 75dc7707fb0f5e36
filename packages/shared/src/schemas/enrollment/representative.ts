import { z } from "zod";
import { emailField, text } from "../fields.ts";
import {
  addIssue,
  birthDateField,
  cellPhoneFields,
  checkConfirmations,
  checkDocument,
  checkRelationshipOther,
  codeField,
  confirmationField,
  countryField,
  documentFields,
  fileIdField,
  isBlank,
  observationField,
  optionalPhoneField,
  postalCodeField,
  requireFile,
  todayIso,
  yesNoField,
} from "./common.ts";

/** Earliest graduation year accepted for a former student of the school. */
export const FIRST_GRADUATION_YEAR = 1950;

/**
 * Steps 5 and 6, legal representative 1 or 2 (spec 3). Names as on the identity document (spec 5);
 * e-mail and cell phone are entered twice and must match.
 */
export const representativeSchema = z
  .strictObject({
    /** 1 = first representative (step 5), 2 = second representative (step 6). */
    typeRepresentative: z.union([z.literal(1), z.literal(2)], { error: "validation.choice" }),
    /** The logged-in account holder is this representative (they say whether they are 1 or 2). */
    isAccountHolder: yesNoField,
    /** Code of the `civilStatus` catalogue. */
    civilStatus: codeField(),
    /** Holds legal authority over the child (parental authority or guardianship). */
    isLegalRepresentative: yesNoField,
    /** Code of the `relationships` catalogue. */
    relationshipStudentCode: codeField(),
    /** Which relationship, when `relationshipStudentCode` is OTHER. */
    relationshipOther: text(80, { required: false }).optional(),
    /** Code of the `prefixes` catalogue; default "Sr.". */
    prefix: codeField(10).default("Sr."),
    /** First surname. */
    firstName: text(80),
    /** Second surname, if any. */
    secondName: text(80, { required: false }).optional(),
    names: text(120),
    /** The uploaded photo (png or jpg, at most 1 MB). */
    photoFileId: fileIdField,
    birthDate: birthDateField,
    birthCountry: countryField,
    birthCity: text(100),
    primaryNationality: countryField,
    secondaryNationality: countryField.optional(),
    email: emailField,
    emailConfirmation: confirmationField,
    countryResidence: countryField,
    cityResidence: text(100),
    address: text(200),
    mainStreet: text(150, { required: false }).optional(),
    secondaryStreet: text(150, { required: false }).optional(),
    /** Neighbourhood / sector of the city. */
    sector: text(100, { required: false }).optional(),
    postalCode: postalCodeField,
    /** Home phone. */
    landline: optionalPhoneField,
    ...cellPhoneFields,
    /** Code of the `professionalSituations` catalogue. */
    professionalSituation: codeField(),
    nameEmployer: text(150, { required: false }).optional(),
    countryWork: countryField.optional(),
    cityWork: text(100, { required: false }).optional(),
    phoneWork: optionalPhoneField,
    /** Socio-professional category: code of the `socioProfessionalCategories` catalogue (PCS). */
    categoryWork: codeField(),
    /** Occupation (code or free text). */
    professionCode: text(100, { required: false }).optional(),
    /** Share contact details with the parents' committee. */
    shareContacts: yesNoField,
    /** The uploaded identity document (PDF). */
    documentFileId: fileIdField,
    /** The uploaded document backing the legal representation (PDF), e.g. a guardianship order. */
    legalBackingFileId: fileIdField,
    ...documentFields,
    /** Contact code of this person in the school's management system (BUE), when known. */
    contactCodeBue: text(30, { required: false }).optional(),
    /** The representative is a former student of the school. */
    formerStudent: yesNoField.default(false),
    /** Year they graduated from the school; required for a former student. */
    graduationYear: z
      .number({ error: "validation.graduationYear" })
      .int({ error: "validation.graduationYear" })
      .optional(),
  })
  .superRefine((value, ctx) => {
    checkDocument(ctx, value);
    checkConfirmations(ctx, value);
    checkRelationshipOther(ctx, value);
    requireFile(ctx, value, "documentFileId");
    requireFile(ctx, value, "photoFileId");
    if (value.formerStudent) {
      const year = value.graduationYear;
      const thisYear = Number(todayIso().slice(0, 4));
      if (year === undefined || year < FIRST_GRADUATION_YEAR || year > thisYear) {
        addIssue(ctx, ["graduationYear"], "validation.graduationYear");
      }
    }
  });
export type RepresentativeInput = z.input<typeof representativeSchema>;
export type Representative = z.output<typeof representativeSchema>;

/**
 * Step 6 when the family registers no second representative: after confirming, they must say why
 * (spec 4). The server stores the reason instead of a representative.
 */
export const secondRepresentativeDeclinedSchema = z
  .strictObject({
    declined: z.literal(true, { error: "validation.invalidType" }),
    /** Why there is no second representative (required). */
    reason: observationField,
  })
  .superRefine((value, ctx) => {
    if (isBlank(value.reason)) addIssue(ctx, ["reason"], "validation.declineReason");
  });
export type SecondRepresentativeDeclined = z.output<typeof secondRepresentativeDeclinedSchema>;

/** Step 6 body: either a second representative or the declined form with its reason. */
export function isSecondRepresentativeDeclined(body: unknown): boolean {
  return typeof body === "object" && body !== null && "declined" in body;
}
