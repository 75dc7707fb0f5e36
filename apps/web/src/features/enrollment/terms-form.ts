import type { TermsInput } from "@portal/shared/schemas/enrollment/terms";
import { bool } from "./step-kit/form-values.ts";

/**
 * The terms form (step 4): one checkbox per text. The schema wants each one `true`; an unticked
 * box is sent as `false` so the schema names it ("you must accept to continue").
 */
export interface TermsValues {
  termsOfUse: boolean;
  dataUseAgreement: boolean;
  servicesContract: boolean;
}

/** The three texts, in the order they are shown. */
export const TERMS = ["termsOfUse", "dataUseAgreement", "servicesContract"] as const;
export type TermKey = (typeof TERMS)[number];

/** Saved data (null before the first save) as form values: nothing ticked until accepted. */
export function toFormValues(data: Record<string, unknown> | null | undefined): TermsValues {
  const source = data ?? {};
  return {
    termsOfUse: bool(source.termsOfUse),
    dataUseAgreement: bool(source.dataUseAgreement),
    servicesContract: bool(source.servicesContract),
  };
}

export function toRequestBody(values: TermsValues): TermsInput {
  return {
    termsOfUse: values.termsOfUse,
    dataUseAgreement: values.dataUseAgreement,
    servicesContract: values.servicesContract,
  } as TermsInput;
}
