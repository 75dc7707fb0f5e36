import { z } from "zod";
import { MAX_AUTHORIZED_PERSONS } from "../../rules/family.ts";
import { text } from "../fields.ts";
import {
  addIssue,
  cellPhoneFields,
  checkConfirmations,
  checkDocument,
  checkRelationshipOther,
  codeField,
  documentFields,
  fileIdField,
  postalCodeField,
  requireFile,
  yesNoField,
} from "./common.ts";

/** One person, besides the legal representatives, allowed to pick the student up (spec 3). */
export const authorizedPersonSchema = z
  .strictObject({
    /** The person is already on the family's record (e.g. from a sibling's file) and is reused. */
    isRegisterPerson: yesNoField,
    /** First surname. */
    firstName: text(80),
    /** Second surname, if any. */
    secondName: text(80, { required: false }).optional(),
    names: text(120),
    /** Code of the `relationships` catalogue. */
    relationshipStudentCode: codeField(),
    /** Which relationship, when `relationshipStudentCode` is OTHER. */
    relationshipOther: text(80, { required: false }).optional(),
    address: text(200),
    postalCode: postalCodeField,
    ...cellPhoneFields,
    ...documentFields,
    /** The uploaded photo of the person (png or jpg). */
    photoFileId: fileIdField,
    /** The uploaded identity document (PDF). */
    documentFileId: fileIdField,
  })
  .superRefine((value, ctx) => {
    checkDocument(ctx, value);
    checkConfirmations(ctx, value);
    checkRelationshipOther(ctx, value);
    requireFile(ctx, value, "photoFileId");
    requireFile(ctx, value, "documentFileId");
  });
export type AuthorizedPersonInput = z.input<typeof authorizedPersonSchema>;

/**
 * Step 7: up to 3 authorized persons (spec 9), none required; the same document may not appear
 * twice. Changes apply to every enrolled child of the family (server side).
 */
export const authorizedPersonsSchema = z
  .strictObject({
    persons: z
      .array(authorizedPersonSchema, { error: "validation.invalidType" })
      .max(MAX_AUTHORIZED_PERSONS, { error: "validation.maxAuthorizedPersons" }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.persons.forEach((person, index) => {
      const key = `${person.typeIdentification}:${person.documentNumber}`;
      if (seen.has(key)) addIssue(ctx, ["persons", index, "documentNumber"], "validation.duplicateDocument");
      seen.add(key);
    });
  });
export type AuthorizedPersonsInput = z.input<typeof authorizedPersonsSchema>;
