import type { MultipartFile } from "@fastify/multipart";
import {
  CERTIFICATE_MAX_BYTES,
  certificatePasswordSchema,
  type SchoolCertificateView,
} from "@portal/shared/schemas/school-certificate";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { inspectCertificateInWorker } from "../../lib/pdf-pool.ts";
import type { Pkcs12Problem } from "../../lib/pkcs12.ts";
import { readUploadPart } from "../../lib/upload-part.ts";
import { sealCertificate } from "./certificate-store.ts";
import {
  type CertificateRow,
  deleteCertificate,
  findCertificate,
  saveCertificate,
} from "./school-certificate.repository.ts";

/*
 * Settings › Documents, the school's certificate (docs/rules/documents.md "Seal"): the Admin uploads
 * a PKCS#12 file and its password; a file that does not open, holds no key or is outside its
 * validity is refused with the reason; the file and password are kept sealed.
 */

type Actor = { userId: number; ip: string };

const PROBLEM_CODES: Record<Pkcs12Problem, string> = {
  notPkcs12: "CERTIFICATE_NOT_PKCS12",
  wrongPassword: "CERTIFICATE_WRONG_PASSWORD",
  noPrivateKey: "CERTIFICATE_NO_KEY",
};

function viewOf(row: CertificateRow | undefined): SchoolCertificateView {
  if (!row) return { certificate: null };
  const name = [row.uploader_names, row.uploader_surname].filter(Boolean).join(" ");
  return {
    certificate: {
      subject: row.subject,
      issuer: row.issuer,
      serial: row.serial,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      uploadedAt: row.uploaded_at,
      uploadedBy: name || row.uploader_email || null,
    },
  };
}

export async function getSchoolCertificate(ctx: AppContext): Promise<SchoolCertificateView> {
  return viewOf(await findCertificate(ctx.db));
}

/** The `password` field sent before the file (multipart keeps the order the form appended). */
function passwordOf(part: MultipartFile): string {
  const field = part.fields.password;
  const value = field && !Array.isArray(field) && field.type === "field" ? field.value : undefined;
  const parsed = certificatePasswordSchema.safeParse(value);
  if (!parsed.success) throw new AppError(400, "CERTIFICATE_PASSWORD_MISSING");
  return parsed.data;
}

export async function uploadSchoolCertificate(
  ctx: AppContext,
  actor: Actor,
  part: MultipartFile,
): Promise<SchoolCertificateView> {
  const password = passwordOf(part);
  const pkcs12 = await readUploadPart(part, CERTIFICATE_MAX_BYTES);
  const inspection = await inspectCertificateInWorker(pkcs12, password);
  if (!inspection.ok) throw new AppError(400, PROBLEM_CODES[inspection.problem]);
  const { facts } = inspection;
  const now = nowIso();
  if (facts.validTo <= now) throw new AppError(400, "CERTIFICATE_EXPIRED", { date: facts.validTo.slice(0, 10) });
  if (facts.validFrom > now)
    throw new AppError(400, "CERTIFICATE_NOT_YET_VALID", { date: facts.validFrom.slice(0, 10) });
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await saveCertificate(trx, {
      ...sealCertificate(ctx.secrets, pkcs12, password),
      subject: facts.subject,
      issuer: facts.issuer,
      serial: facts.serial,
      valid_from: facts.validFrom,
      valid_to: facts.validTo,
      uploaded_by: actor.userId,
      uploaded_at: now,
    });
    await recordAudit(trx, {
      event: "schoolCertificate.uploaded",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { subject: facts.subject, issuer: facts.issuer, serial: facts.serial, validTo: facts.validTo },
    });
  });
  return getSchoolCertificate(ctx);
}

export async function removeSchoolCertificate(ctx: AppContext, actor: Actor): Promise<SchoolCertificateView> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const previous = await findCertificate(trx);
    if (!(await deleteCertificate(trx))) return;
    await recordAudit(trx, {
      event: "schoolCertificate.removed",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { subject: previous?.subject, serial: previous?.serial },
    });
  });
  return { certificate: null };
}
