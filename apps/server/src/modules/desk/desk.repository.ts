import { FAMILY_ROLES } from "@portal/shared/roles";
import { type Db, nowIso } from "../../db/database.ts";

/*
 * Families created at the desk (docs/rules/staff-workflow.md "Walk-in families"), queries only: their
 * account rows (`users.desk_*`, migration 0045), their students, and where the latest invitation
 * e-mail stands in the outbox.
 */

export type DeskFamilyRow = NonNullable<Awaited<ReturnType<typeof findDeskFamily>>>;

/** A first account of a family that staff created at the desk; undefined for any other account. */
export function findDeskFamily(db: Db, id: number) {
  return db
    .selectFrom("users as u")
    .leftJoin("users as c", "c.id", "u.desk_created_by")
    .select([
      "u.id",
      "u.email",
      "u.names",
      "u.first_surname",
      "u.second_surname",
      "u.phone",
      "u.language",
      "u.role",
      "u.is_test_data",
      "u.activated_at",
      "u.deactivated_at",
      "u.created_at",
      "u.desk_identification_type",
      "u.desk_identification",
      "c.names as creator_names",
      "c.first_surname as creator_first_surname",
    ])
    .where("u.id", "=", id)
    .where("u.desk_identification", "is not", null)
    .where("u.household_owner_id", "is", null)
    .where("u.role", "in", [...FAMILY_ROLES])
    .executeTakeFirst();
}

/** The desk family holding this identification, if any. */
export function findDeskFamilyByIdentification(db: Db, documentNumber: string) {
  return db
    .selectFrom("users")
    .select(["id", "names", "first_surname", "second_surname"])
    .where("desk_identification", "=", documentNumber)
    .executeTakeFirst();
}

/** A request whose first or second representative holds this identification (a family that enrolled online). */
export function findRequestByRepresentativeDocument(db: Db, documentNumber: string) {
  return db
    .selectFrom("requests")
    .select([
      "id",
      "user_id",
      "first_representative_name",
      "second_representative_name",
      "first_representative_document",
    ])
    .where((eb) =>
      eb.or([
        eb("first_representative_document", "=", documentNumber),
        eb("second_representative_document", "=", documentNumber),
      ]),
    )
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export function emailInUse(db: Db, email: string) {
  return db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
}

export interface NewDeskFamily {
  email: string;
  passwordHash: string;
  firstSurname: string;
  secondSurname: string;
  names: string;
  phone: string;
  language: string;
  typeIdentification: number;
  documentNumber: string;
  createdBy: number;
  isTestData: boolean;
}

/** The family's account, not activated: its password is the hash of a secret nobody keeps. */
export async function insertDeskFamily(db: Db, family: NewDeskFamily): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("users")
    .values({
      email: family.email,
      password_hash: family.passwordHash,
      first_surname: family.firstSurname,
      second_surname: family.secondSurname,
      names: family.names,
      phone: family.phone,
      language: family.language,
      role: "User",
      is_test_data: family.isTestData ? 1 : 0,
      activated_at: null,
      created_at: now,
      updated_at: now,
      desk_identification_type: family.typeIdentification,
      desk_identification: family.documentNumber,
      desk_created_by: family.createdBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets a not-yet-claimed desk family's address (the caller checked it is free). */
export async function setDeskFamilyEmail(db: Db, id: number, email: string): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ email, updated_at: nowIso() })
    .where("id", "=", id)
    .where("activated_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listDeskFamilyStudents(db: Db, familyId: number) {
  return db
    .selectFrom("students")
    .select(["id", "student_name"])
    .where("family_user_id", "=", familyId)
    .orderBy("id")
    .execute();
}

/** The latest invitation e-mail to the family, and its link's expiry. */
export async function findLatestInvitation(db: Db, familyId: number) {
  const mail = await db
    .selectFrom("mail_outbox")
    .select(["status", "created_at"])
    .where("user_id", "=", familyId)
    .where("kind", "=", "deskInvitation")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!mail) return null;
  const token = await db
    .selectFrom("user_tokens")
    .select("expires_at")
    .where("user_id", "=", familyId)
    .where("purpose", "=", "invite")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return { status: mail.status, queuedAt: mail.created_at, expiresAt: token?.expires_at ?? mail.created_at };
}
