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
