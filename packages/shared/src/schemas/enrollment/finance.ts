import { z } from "zod";
import { emailField, text } from "../fields.ts";
import { addIssue, checkDocument, codeField, documentFields, isBlank, yesNoField } from "./common.ts";

/** Step 10: who pays the school fees and how (spec 3, financeStudent). */
export const financeSchema = z
  .strictObject({
    /** Who pays: a code such as the first or second representative, another person or a company. */
    paymentReference: codeField(30),
    /** Name of the payer. */
    namePaymentReference: text(150),
    /** The fees are covered by a scholarship. */
    isScholarShip: yesNoField.default(false),
    /** The organization granting the scholarship; required with a scholarship. */
    companyScholarShip: text(150, { required: false }).optional(),
    /** Payer's contact code in the school's management system, when known. */
    contactCode: text(30, { required: false }).optional(),
    /** Payer's identification (invoices): type 1 = cédula, 2 = passport, and number. */
    ...documentFields,
    /** Payer's e-mail, where invoices are sent. */
    email: emailField,
    /** Code of the student's enrollment for the year in the school's system, when known. */
    studentCodeSchoolYear: text(30, { required: false }).optional(),
    /** Code of the enrollment request, when known. */
    requestCode: text(30, { required: false }).optional(),
    /** Payer's first surname. */
    lastName: text(80),
    /** Payer's second surname, if any. */
    secondName: text(80, { required: false }).optional(),
    /** Payer's given names. */
    names: text(120),
    /** Code of the `paymentMethods` catalogue. */
    paymentMethod: codeField(),
  })
  .superRefine((value, ctx) => {
    checkDocument(ctx, value);
    if (value.isScholarShip && isBlank(value.companyScholarShip)) {
      addIssue(ctx, ["companyScholarShip"], "validation.scholarshipCompany");
    }
  });
export type FinanceInput = z.input<typeof financeSchema>;
