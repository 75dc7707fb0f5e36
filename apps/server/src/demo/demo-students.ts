import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { StepId } from "@portal/shared/enrollment-steps";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import type { Db } from "../db/database.ts";
import { randomToken } from "../lib/crypto.ts";
import { requestListColumns } from "../modules/requests/request-columns.ts";
import { movedBy } from "./demo-calendar.ts";
import { recordHandIns } from "./demo-year.ts";

/** The demo family with a student enrolled last year (2024-2025, id 10), to try re-enrollment. */
export const DEMO_RETURNING_FAMILY = "familia1@demo.local";
const PAST_YEAR_ID = 10;
const PAST_LEVEL = "CM1";
/** As written for 2024-2025; moved with the demo's calendar (demo-calendar.ts). */
const WRITTEN_SENT_AT = "2024-06-14T15:30:00.000Z";
const WRITTEN_HANDED_IN_ON = "2024-06-17";

type UploadIds = { identityDocument: number; mother: number; motherDocument: number; photo: number; booklet: number };

/** Last year's steps for Mateo, valid under the shared schemas (checked by demo-students.test.ts). */
export function demoPastSteps(ids: UploadIds, shift = 0): Record<StepId, Record<string, unknown>> {
  return {
    studentFile: {
      gender: "M",
      firstName: "Andrade",
      secondName: "Torres",
      names: "Mateo",
      birthDate: movedBy("2014-05-20", shift),
      birthCountry: "EC",
      birthCity: "Quito",
      primaryResidence: "Av. República de El Salvador N34-127, Quito",
      primaryNationality: "EC",
      secondaryNationality: "FR",
      bloodType: "A+",
      sector: "Quicentro",
      childOfStaff: false,
      typeIdentification: 1,
      documentNumber: "0962467429",
      identityDocumentFileId: ids.identityDocument,
      emergencyContacts: [{ name: "Lucía Torres", relationship: "GRANDMOTHER", phone: "+593 99 765 4321" }],
    },
    enrollmentYear: { schoolYearId: PAST_YEAR_ID, levelCode: PAST_LEVEL },
    terms: { termsOfUse: true, dataUseAgreement: true, servicesContract: true },
    firstRepresentative: {
      typeRepresentative: 1,
      isAccountHolder: true,
      civilStatus: "MARRIED",
      isLegalRepresentative: true,
      relationshipStudentCode: "MOTHER",
      prefix: "Sra.",
      firstName: "Andrade",
      names: "María José",
      photoFileId: ids.mother,
      birthDate: movedBy("1984-02-11", shift),
      birthCountry: "EC",
      birthCity: "Quito",
      primaryNationality: "EC",
      email: "familia1@demo.local",
      emailConfirmation: "familia1@demo.local",
      countryResidence: "EC",
      cityResidence: "Quito",
      address: "Av. República de El Salvador N34-127",
      cellPhone: "+593 99 123 4567",
      cellPhoneConfirmation: "+593 99 123 4567",
      professionalSituation: "EMPLOYED",
      categoryWork: "PCS3",
      shareContacts: true,
      documentFileId: ids.motherDocument,
      typeIdentification: 2,
      documentNumber: "PA1234567",
      formerStudent: false,
    },
    secondRepresentative: { declined: true, reason: "La madre ejerce sola la patria potestad." },
    authorizedPersons: { persons: [] },
    studentPhoto: {
      photoFileId: ids.photo,
      authorizeUse: true,
      authorizePublication: true,
      authorizeCommunication: false,
      authorizeConservation: true,
    },
    academicHistory: { repeatingClass: false, aefeAccredited: true },
    financialInformation: {
      paymentReference: "REPRESENTATIVE_1",
      namePaymentReference: "María José Andrade",
      isScholarShip: false,
      typeIdentification: 2,
      documentNumber: "PA1234567",
      email: "familia1@demo.local",
      lastName: "Andrade",
      names: "María José",
      paymentMethod: "TRANSFER",
    },
    schoolTransport: { wantsBus: false, acceptsConditions: false },
    exitAuthorization: {
      exitAlone: false,
      emergencyPreference: "WAIT_EVACUATION",
      publishImage: true,
      events: true,
      pedagogicExits: true,
      middayBreak: false,
      freePeriods: false,
    },
    medicalRecord: {
      disease: false,
      takeMedication: false,
      hasIncapacity: false,
      disqualifiedSport: false,
      allergies: { medications: [], foods: [{ item: "Maní", reaction: "Urticaria" }], insects: [], other: [] },
      height: 132,
      weight: 29.5,
      vaccinationBookletFileId: ids.booklet,
      authorizeEmergencyActions: true,
      declarationOfTruth: true,
    },
  };
}

async function demoPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(title, { x: 72, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
}

async function demoPhoto(size: number, rgb: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: rgb } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A student of familia1 enrolled in CM1 last year (a sent file, its request finished), so the demo
 * shows a re-enrollment card: choosing it prefills this year's file and offers only CM2. Runs
 * once, right after the demo accounts are created.
 */
export async function seedDemoStudents(db: Db, dataDir: string): Promise<void> {
  const family = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", DEMO_RETURNING_FAMILY)
    .executeTakeFirst();
  const pastYear = await db
    .selectFrom("school_years")
    .select("starts_on")
    .where("id", "=", PAST_YEAR_ID)
    .executeTakeFirst();
  if (!family || !pastYear) return;
  const shift = Number(pastYear.starts_on.slice(0, 4)) - 2024;
  const SENT_AT = movedBy(WRITTEN_SENT_AT, shift);
  const HANDED_IN_ON = movedBy(WRITTEN_HANDED_IN_ON, shift);
  const now = new Date().toISOString();
  const student = await db
    .insertInto("students")
    .values({
      family_user_id: family.id,
      student_name: "Mateo Andrade Torres",
      document_number: "0962467429",
      is_test_data: 0,
      created_at: SENT_AT,
      updated_at: SENT_AT,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const file = await db
    .insertInto("enrollment_files")
    .values({
      student_id: student.id,
      school_year_id: PAST_YEAR_ID,
      is_new_student: 1,
      status: "sent",
      level_code: PAST_LEVEL,
      created_at: SENT_AT,
      updated_at: SENT_AT,
      sent_at: SENT_AT,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const folder = path.join(dataDir, "files");
  fs.mkdirSync(folder, { recursive: true });
  const store = async (kind: string, name: string, bytes: Buffer, contentType: string) => {
    const storageKey = `${randomToken(18)}.${name.split(".").pop()}`;
    fs.writeFileSync(path.join(folder, storageKey), bytes, { mode: 0o600 });
    const row = await db
      .insertInto("uploads")
      .values({
        family_user_id: family.id,
        file_id: file.id,
        kind,
        original_name: name,
        content_type: contentType,
        size: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        storage_key: storageKey,
        created_at: SENT_AT,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const pdf = async (kind: string, name: string) => store(kind, name, await demoPdf(name), "application/pdf");
  const ids: UploadIds = {
    identityDocument: await pdf("identityDocument", "cedula-mateo.pdf"),
    mother: await store(
      "representativePhoto",
      "maria-jose.jpg",
      await demoPhoto(300, { r: 200, g: 150, b: 120 }),
      "image/jpeg",
    ),
    motherDocument: await pdf("identityDocument", "pasaporte-maria-jose.pdf"),
    photo: await store("studentPhoto", "mateo.jpg", await demoPhoto(500, { r: 90, g: 140, b: 200 }), "image/jpeg"),
    booklet: await pdf("vaccinationBooklet", "carne-vacunas-mateo.pdf"),
  };
  const steps = demoPastSteps(ids, shift);
  await db
    .insertInto("enrollment_steps")
    .values(
      Object.entries(steps).map(([step, data]) => ({
        file_id: file.id,
        step,
        data: JSON.stringify(data),
        completed_at: SENT_AT,
        updated_at: SENT_AT,
      })),
    )
    .execute();
  const request = await db
    .insertInto("requests")
    .values({
      code: `INS-${PAST_YEAR_ID}-${String(file.id).padStart(6, "0")}`,
      user_id: family.id,
      file_id: file.id,
      school_year_id: PAST_YEAR_ID,
      request_status: "Finished",
      photo_status: "approved",
      is_test_data: 0,
      url_file: null,
      created_at: SENT_AT,
      updated_at: now,
      ...requestListColumns(
        Object.entries(steps).map(([step, data]) => ({ step, data: JSON.stringify(data) })),
        { is_new_student: 1 },
      ),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Finished last year: the signed papers came in a few days after sending.
  const staff = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", "secretaria@demo.local")
    .executeTakeFirst();
  if (staff) {
    await recordHandIns(db, request.id, steps.exitAuthorization, {
      receivedOn: HANDED_IN_ON,
      by: staff.id,
      at: `${HANDED_IN_ON}T16:00:00.000Z`,
    });
  }
}
