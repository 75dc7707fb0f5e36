/**
 * Consents recorded when a family saves the terms step and the student-photo step:
 * each subject with the version of the text shown. Change the version whenever a text changes,
 * so the record says which wording a family accepted.
 */
export const CONSENT_TEXT_VERSION = "2025-09";

export const TERMS_CONSENTS = {
  termsOfUse: "terms.termsOfUse",
  dataUseAgreement: "terms.dataUseAgreement",
  servicesContract: "terms.servicesContract",
} as const;

export const PHOTO_CONSENTS = {
  authorizeUse: "photo.use",
  authorizePublication: "photo.publication",
  authorizeCommunication: "photo.communication",
  authorizeConservation: "photo.conservation",
} as const;

/**
 * What a family may withdraw, per child (LOPDP: consent may be withdrawn at any time where it is
 * the legal basis; docs/rules/data-protection.md "Withdrawing a consent"): the image consent is the
 * four photo authorizations at once; the data-use consent is the agreement's subject, whose
 * withdrawal covers only the uses that rest on consent (not the contract nor the law's).
 */
export const CONSENT_KINDS = ["image", "dataUse"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_SUBJECTS_OF: Record<ConsentKind, readonly string[]> = {
  image: Object.values(PHOTO_CONSENTS),
  dataUse: [TERMS_CONSENTS.dataUseAgreement],
};
