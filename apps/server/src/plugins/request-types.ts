import type { Language } from "@portal/shared/languages";
import type { PermissionName } from "@portal/shared/permissions";
import type { Role } from "@portal/shared/roles";

/** The signed-in user as loaded with the session on every request. */
export interface CurrentUser {
  id: number;
  email: string;
  firstSurname: string;
  secondSurname: string;
  names: string;
  phone: string;
  language: Language;
  role: Role;
  isTestData: boolean;
  /**
   * The family this account acts for (households): its own id, or the first account's
   * when it joined that household as the second parent. Every family ownership check compares
   * with this; audits and "saved by" keep `id`, the person who acted.
   */
  familyId: number;
  /**
   * Set when a staff member acts for this family at the desk (docs/rules/staff-workflow.md
   * "Walk-in families"): the fields above are then the family's account, and this the person who
   * acted. Steps, consents and sends record it; the desk's audit entries name it as the actor.
   */
  desk?: { staffId: number; staffRole: Role };
}

export interface CurrentSession {
  /** SHA-256 of the cookie value. */
  id: string;
  schoolYearId: number | null;
  lastSeenAt: string;
}

/**
 * A session that has passed the password but not the second factor: `request.user`
 * stays null, so every guarded route answers 401; only the MFA step endpoints read this.
 */
export interface PendingMfa {
  sessionId: string;
  userId: number;
  schoolYearId: number | null;
  /** `enrol`: the account must set up its authenticator first; `verify`: it asks for a code. */
  step: "enrol" | "verify";
}

/** Every API route says who may call it: `public`, or a permission from the shared table. */
export type RouteAccessDeclaration = "public" | PermissionName;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccessDeclaration;
    /** Still served while maintenance mode is on (login, session, health …). */
    duringMaintenance?: boolean;
  }
  interface FastifyRequest {
    lang: Language;
    user: CurrentUser | null;
    session: CurrentSession | null;
    mfaPending: PendingMfa | null;
  }
}
