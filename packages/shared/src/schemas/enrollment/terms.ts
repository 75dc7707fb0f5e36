import { z } from "zod";

const accepted = z.literal(true, { error: "validation.mustAccept" });

/** Step 4: the three checkboxes must all be ticked (spec 5). */
export const termsSchema = z.strictObject({
  /** Terms of use of the portal. */
  termsOfUse: accepted,
  /** Agreement on the use of personal data. */
  dataUseAgreement: accepted,
  /** Educational services contract. */
  servicesContract: accepted,
});
export type TermsInput = z.input<typeof termsSchema>;
