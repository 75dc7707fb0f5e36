import {
  DESK_NO_EMAIL_DOMAIN,
  type DeskFamily,
  type DeskFamilyCreateInput,
  isDeskPlaceholderEmail,
} from "@portal/shared/schemas/desk";
import type { AppContext } from "../../context.ts";
import { type Db, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { queueDeskInvitation, revokeInvitationLinks } from "../auth/auth.service.ts";
import {
  type DeskFamilyRow,
  emailInUse,
  findDeskFamily,
  findDeskFamilyByIdentification,
  findLatestInvitation,
  findRequestByRepresentativeDocument,
  insertDeskFamily,
  listDeskFamilyStudents,
  setDeskFamilyEmail,
} from "./desk.repository.ts";

/*
 * Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): the secretary creates a
 * family account for a walk-in parent, adds its e-mail when there is one, and invites the parent to
 * claim it. Who may: `householdsDesk`; every change audited with the staff member as the actor.
 */

export interface DeskActor {
  user: CurrentUser;
  ip: string;
}

const emailTaken = () => new AppError(409, "EMAIL_TAKEN", {}, { email: "" });
const notFound = () => new AppError(404, "DESK_FAMILY_NOT_FOUND");
const claimed = () => new AppError(409, "DESK_ALREADY_CLAIMED");

const fullName = (row: { names: string; first_surname: string; second_surname?: string | null }) =>
  [row.names, row.first_surname, row.second_surname].filter(Boolean).join(" ");

/**
 * An identification the portal already knows names its family, so the secretary opens that one
 * instead of making a second account for the same parent: a desk family (`details.familyId`) or a
 * family whose sent file gives it for a representative (`details.requestId`).
 */
async function assertIdentificationNew(db: Db, documentNumber: string): Promise<void> {
  const desk = await findDeskFamilyByIdentification(db, documentNumber);
  if (desk) {
    throw new AppError(
      409,
      "IDENTIFICATION_KNOWN",
      { family: fullName(desk) },
      { documentNumber: "" },
      { familyId: desk.id },
    );
  }
  const request = await findRequestByRepresentativeDocument(db, documentNumber);
  if (request) {
    const family =
      request.first_representative_document === documentNumber
        ? request.first_representative_name
        : request.second_representative_name;
    throw new AppError(409, "IDENTIFICATION_KNOWN", { family }, { documentNumber: "" }, { requestId: request.id });
  }
}

export async function createDeskFamily(
  ctx: AppContext,
  actor: DeskActor,
  input: ReturnType<typeof normalise>,
): Promise<{ id: number }> {
  if (input.email && (await emailInUse(ctx.db, input.email))) throw emailTaken();
  await assertIdentificationNew(ctx.db, input.documentNumber);
  // Without an e-mail the account holds a reserved address no mail reaches and nobody can type in
  // to sign in; the password is a secret nobody keeps, and the account is not activated either way.
  const email = input.email ?? `family-${randomToken(12).toLowerCase()}@${DESK_NO_EMAIL_DOMAIN}`;
  const passwordHash = await ctx.hasher.hash(randomToken(32));
  try {
    const id = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      const familyId = await insertDeskFamily(trx, {
        ...input,
        email,
        passwordHash,
        createdBy: actor.user.id,
        // A test account's walk-in families are test data, as its own would be.
        isTestData: actor.user.isTestData,
      });
      await recordAudit(trx, {
        event: "desk.familyCreated",
        actorUserId: actor.user.id,
        subjectUserId: familyId,
        ip: actor.ip,
      });
      return familyId;
    });
    return { id };
  } catch (error) {
    // Two secretaries at once: the unique indexes keep one; the other gets the same refusal.
    if (input.email && (await emailInUse(ctx.db, input.email))) throw emailTaken();
    await assertIdentificationNew(ctx.db, input.documentNumber);
    throw error;
  }
}

/** The body as stored: a passport in capitals, the phone as typed. */
export function normalise(input: DeskFamilyCreateInput & { typeIdentification: number }) {
  return {
    names: input.names,
    firstSurname: input.firstSurname,
    secondSurname: input.secondSurname ?? "",
    typeIdentification: input.typeIdentification,
    documentNumber: input.documentNumber.toUpperCase(),
    phone: input.phone,
    language: input.language,
    email: input.email,
  };
}

async function deskFamily(ctx: AppContext, id: number): Promise<DeskFamilyRow> {
  const row = await findDeskFamily(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

export async function getDeskFamily(ctx: AppContext, id: number): Promise<DeskFamily> {
  const row = await deskFamily(ctx, id);
  const invitation = await findLatestInvitation(ctx.db, row.id);
  return {
    id: row.id,
    names: row.names,
    firstSurname: row.first_surname,
    secondSurname: row.second_surname,
    typeIdentification: row.desk_identification_type ?? 0,
    documentNumber: row.desk_identification ?? "",
    phone: row.phone,
    language: row.language,
    email: isDeskPlaceholderEmail(row.email) ? null : row.email,
    claimed: row.activated_at !== null,
    createdAt: row.created_at,
    createdBy:
      row.creator_names === null ? null : [row.creator_names, row.creator_first_surname].filter(Boolean).join(" "),
    invitation: invitation
      ? {
          queuedAt: invitation.queuedAt,
          status: invitation.status === "sent" || invitation.status === "failed" ? invitation.status : "pending",
          expiresAt: invitation.expiresAt,
        }
      : null,
    students: (await listDeskFamilyStudents(ctx.db, row.id)).map((s) => ({ id: s.id, name: s.student_name })),
  };
}

/**
 * Adds or corrects the e-mail of a family the parent has not claimed yet. An invitation sent to the
 * previous address stops working: the next one goes to this address.
 */
export async function setDeskEmail(ctx: AppContext, actor: DeskActor, id: number, email: string): Promise<DeskFamily> {
  const row = await deskFamily(ctx, id);
  if (row.activated_at !== null) throw claimed();
  if (row.email === email) return getDeskFamily(ctx, id);
  if (await emailInUse(ctx.db, email)) throw emailTaken();
  try {
    await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      if (!(await setDeskFamilyEmail(trx, id, email))) throw claimed();
      await revokeInvitationLinks(trx, id);
      await recordAudit(trx, {
        event: "desk.emailChanged",
        actorUserId: actor.user.id,
        subjectUserId: id,
        ip: actor.ip,
        details: { email },
      });
    });
  } catch (error) {
    if (await emailInUse(ctx.db, email).then((u) => u && u.id !== id)) throw emailTaken();
    throw error;
  }
  return getDeskFamily(ctx, id);
}

/**
 * The invitation to claim the account: a single-use link valid 48 hours, in the family's language,
 * queued in the outbox with its audit entry. With the mail server down it waits there; the answer
 * says where it stands.
 */
export async function inviteDeskFamily(ctx: AppContext, actor: DeskActor, id: number): Promise<DeskFamily> {
  const row = await deskFamily(ctx, id);
  if (row.activated_at !== null) throw claimed();
  if (isDeskPlaceholderEmail(row.email)) throw new AppError(409, "DESK_NO_EMAIL");
  if (row.deactivated_at !== null) throw new AppError(409, "ACCOUNT_DEACTIVATED");
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await queueDeskInvitation(ctx, trx, row);
    await recordAudit(trx, { event: "desk.invited", actorUserId: actor.user.id, subjectUserId: id, ip: actor.ip });
  });
  ctx.outbox.kick();
  return getDeskFamily(ctx, id);
}
