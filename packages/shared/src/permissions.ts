import { FAMILY_ROLES, ROLES, type Role, STAFF_ROLES } from "./roles.ts";

/**
 * API permissions: the single source of truth for which roles may call which API route. Each
 * server route names one of these (or `public`); a route naming nothing is refused (deny by default).
 */
export const PERMISSIONS = {
  /** Any signed-in user, whatever the role. */
  authenticated: ROLES,
  catalogsRead: ROLES,
  accountManage: ROLES,
  /** A family's own students and enrollment files; ownership is checked in the service. */
  enrollmentOwn: FAMILY_ROLES,
  /**
   * The family's household: its accounts, inviting a second parent, accepting an
   * invitation, leaving. Who may do which is checked in the service.
   */
  householdManage: FAMILY_ROLES,
  /**
   * "My data" (LOPDP art. 17, docs/data-protection.md): a family prepares and downloads the archive
   * of everything the portal holds about it. Families only; the service checks the archive is theirs.
   */
  dataExportOwn: FAMILY_ROLES,
  /**
   * Withdrawing a consent given for a child (LOPDP; docs/rules/data-protection.md "Withdrawing a
   * consent"): families only; the service checks the child is theirs.
   */
  consentsOwn: FAMILY_ROLES,
  /**
   * Data-rights requests (LOPDP arts. 13–17, docs/rules/data-protection.md): a family files its own
   * and follows their answers. Families only; the service keeps each family to its own.
   */
  dataRightsOwn: FAMILY_ROLES,
  /** The data-rights requests' queue: see every family's requests, take them in progress, answer or refuse them. */
  dataRightsManage: ["Admin", "Secretaria"],
  /**
   * A sent file's PDFs (registration summary, documents to sign): the family that owns it (checked
   * in the service) and the staff who handle inscriptions (spec 6).
   */
  enrollmentDocuments: [...FAMILY_ROLES, "Admin", "Secretaria", "Consulta"],
  /**
   * The staff's request lists, representatives lists and request pages (spec 6
   * "Inscriptions admin"), read-only. Editor has no access to inscriptions.
   */
  inscriptionsView: ["Admin", "Secretaria", "Consulta"],
  /**
   * Changing a request: status actions, correction requests, internal review (the spec's who may do
   * what). Consulta sees everything read-only; Editor and families have no access.
   */
  inscriptionsManage: ["Admin", "Secretaria"],
  /**
   * Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): creating a family
   * account for a walk-in parent, filling its wizard on its behalf, adding its e-mail and inviting it
   * to claim the account. The staff who handle inscriptions, not Consulta (it changes nothing).
   */
  householdsDesk: ["Admin", "Secretaria"],
  /**
   * Erasing an applicant or a never-enrolled family at the family's request (LOPDP art. 15;
   * docs/rules/data-protection.md "Erasure"): the staff who handle inscriptions, not Consulta.
   */
  applicantErasure: ["Admin", "Secretaria"],
  /**
   * The staff dashboard's figures: every staff role. Editor sees the
   * figures but not the request lists they link to.
   */
  dashboardView: ["Admin", "Secretaria", "Consulta", "Editor"],
  /**
   * Switching the session's school year from the header (spec 3 keeps a selected school year for
   * the staff). A family's year is the one it signed in for: its files are of that year.
   */
  schoolYearSwitch: STAFF_ROLES,
  settingsManage: ["Admin"],
  /**
   * An uploaded PDF exactly as the family sent it, kept only when the school asks: it
   * may carry active content, so only the Admin downloads it (never opened inline).
   */
  uploadOriginalsRead: ["Admin"],
  usersManage: ["Admin"],
  /**
   * The audit log page and its CSV export: who did what to whom, every sign-in and
   * change. It names people and requests, so only the Admin reads it.
   */
  auditView: ["Admin"],
  /**
   * The personal-data breach register (LOPDP art. 43 and 46): incidents, their legal clocks and
   * the families' notice. It names families and what happened to their data: the Admin alone.
   */
  breachesManage: ["Admin"],
  /**
   * Reports and their exports: the student, representative and authorized-person
   * tables, their XLSX/CSV, the parent committee contacts and the photo ZIPs. Every staff role.
   */
  reportsView: ["Admin", "Secretaria", "Editor", "Consulta"],
  /** The documents page: each request's PDFs and uploads, their ZIP, the hand-in checklist. */
  documentsView: ["Admin", "Secretaria", "Editor", "Consulta"],
  /** Recording a signed paper document as received (or not) on the hand-in checklist. Consulta only reads. */
  documentsManage: ["Admin", "Secretaria", "Editor"],
  /** The cross-request medical records and their PDF per level. Not Editor. */
  medicalRecordsView: ["Admin", "Secretaria", "Consulta"],
  /** Sync with the school's student database (BUE): seeing what is and will be migrated. */
  syncView: ["Admin", "Secretaria", "Consulta"],
  /** Exporting for the BUE, marking migrated, importing codes back, editing a request's BUE codes. */
  syncManage: ["Admin", "Secretaria"],
  /**
   * Elections, the families' pages: upcoming, in-progress and completed elections (spec
   * 2: role User; the Admin's menu has them too). Results only once published.
   */
  electionsView: [...FAMILY_ROLES, "Admin"],
  /** The vote: families; who of them may vote is the register's rule (the service says why not). */
  electionsVote: FAMILY_ROLES,
  /**
   * Messages from the school to families (docs/rules/messages.md): writing to the families of a
   * filtered list, the sent messages and each address's delivery. The staff who handle inscriptions,
   * not Consulta (it only reads) nor Editor.
   */
  messagesSend: ["Admin", "Secretaria"],
  /** A family's "Mensajes" page: the messages the school sent it, its own only (the service). */
  messagesOwn: FAMILY_ROLES,
  /**
   * Re-enrollment campaigns (docs/rules/campaigns.md): creating and editing a year's campaign, its
   * figures, lists, export and reminder history. The staff who handle inscriptions, not Consulta.
   */
  campaignsManage: ["Admin", "Secretaria"],
  /**
   * Signing online (docs/rules/documents.md "Signing online"): a family reads and signs its own
   * request's documents and sends the second representative a link. Families only; the service keeps
   * each family to its own files.
   */
  signingOwn: FAMILY_ROLES,
  /** A request's signatures, their evidence events and final PDFs, read-only: the staff who read inscriptions. */
  signingView: ["Admin", "Secretaria", "Consulta"],
  /** Reminding the representatives to sign and countersigning for the school. Not Consulta (it only reads). */
  signingManage: ["Admin", "Secretaria"],
  /** The school's certificate that seals the signed PDFs (Settings › Documents): the Admin alone. */
  sealManage: ["Admin"],
  /** Settings › Elections, positions, organizations, lists, candidates, the count and the minutes. */
  electionsManage: ["Admin"],
} as const satisfies Record<string, readonly Role[]>;

export type PermissionName = keyof typeof PERMISSIONS;

export function rolesFor(permission: PermissionName): readonly Role[] {
  return PERMISSIONS[permission];
}
