import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { StepId } from "@portal/shared/enrollment-steps";
import type { RequestStatus } from "@portal/shared/request-status";
import { schoolDay } from "@portal/shared/rules/school-year-windows";
import { BUILT_IN_HAND_IN_ITEMS } from "@portal/shared/schemas/documents";
import { ONLINE_DOCUMENTS } from "@portal/shared/school-documents";
import type { HistoryAction } from "@portal/shared/workflow";
import sharp from "sharp";
import { type Db, type Engine, writeTransaction } from "../db/database.ts";
import { randomToken } from "../lib/crypto.ts";
import { insertHandIn } from "../modules/documents/documents.repository.ts";
import { requestListColumns } from "../modules/requests/request-columns.ts";
import { ruleApplies, ruleOf } from "../modules/school-documents/document-texts.service.ts";
import { listYearDocuments } from "../modules/school-documents/school-documents.repository.ts";
import { reopenForCorrection } from "../modules/workflow/correction.service.ts";
import { insertHistory } from "../modules/workflow/workflow.repository.ts";
import { movedBy } from "./demo-calendar.ts";
import { createRng, type PlanEnv, type PlannedFamily, planFamily, seedSharedUploads } from "./large-school.ts";

/*
 * The demo school's current year: about 30 requests in every status, so each staff
 * screen (dashboard, lists, photo grid, request pages) shows real data on first start. The
 * families come from the large-school generator (planFamily: valid steps, Ecuadorian and French
 * names) with a fixed seed, so the names, levels and statuses are the same on every fresh start;
 * only the dates follow the day of seeding (the last ~45 days), so the dashboard's chart of the
 * last 30 days is not empty. Each request has its own student photo (a small JPEG stored like an
 * upload); one InProcess request is reopened for correction; the last two are test data sent by
 * the Test account.
 */

const SEED = 20_251_123;
/** Planning date (birth dates, level by age) as written; moved with the demo's calendar (demo-calendar.ts). */
const PLAN_NOW = "2025-08-29T12:00:00.000Z";
const DAY = 86_400_000;

/** The statuses of the demo year's requests, in order; the last two belong to the Test account. */
export const DEMO_YEAR_STATUSES: readonly RequestStatus[] = [
  "Untreated",
  "Accepted",
  "Validated",
  "Confirmed",
  "Finished",
  "InProcess",
  "Refused",
  "Discontinued",
  "Cancelled",
  "Restored",
  "Untreated",
  "Accepted",
  "Untreated",
  "Finished",
  "Validated",
  "Untreated",
  "Confirmed",
  "Accepted",
  "Finished",
  "Untreated",
  "Restored",
  "Refused",
  "Validated",
  "Cancelled",
  "Discontinued",
  "Confirmed",
  "Finished",
  "Accepted",
  "Untreated",
  "Accepted",
];
const TEST_REQUESTS = 2;

/** The staff actions that lead from Untreated to each status (the workflow table's usual path). */
const PATHS: Record<RequestStatus, readonly HistoryAction[]> = {
  Untreated: [],
  InProcess: ["requestCorrection"],
  Accepted: ["accept"],
  Validated: ["accept", "validate"],
  Confirmed: ["accept", "validate", "confirm"],
  Finished: ["accept", "validate", "confirm", "finish"],
  Refused: ["refuse"],
  Discontinued: ["accept", "discontinue"],
  Cancelled: ["cancel"],
  Restored: ["refuse", "restore"],
};
const TO: Record<string, RequestStatus> = {
  accept: "Accepted",
  validate: "Validated",
  confirm: "Confirmed",
  finish: "Finished",
  refuse: "Refused",
  discontinue: "Discontinued",
  cancel: "Cancelled",
  restore: "Restored",
  requestCorrection: "InProcess",
};

const CORRECTION_MESSAGE =
  "Por favor, suba una foto reciente del alumno, de frente y sobre fondo claro; la actual está borrosa.";
const CORRECTION_STEPS: StepId[] = ["studentPhoto"];

/** Pending until the school reviews it: requests not yet treated, restored, or just accepted (every other one). */
function photoStatusOf(status: RequestStatus, index: number): string {
  if (status === "Untreated" || status === "Restored" || status === "InProcess") return "pending";
  if (status === "Accepted") return index % 2 === 0 ? "pending" : "approved";
  return "approved";
}

/** A small passport-like portrait (a silhouette on a coloured background), different for each student. */
function portrait(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300">
    <rect width="240" height="300" fill="hsl(${hue},45%,82%)"/>
    <circle cx="120" cy="115" r="55" fill="hsl(${(hue + 180) % 360},25%,35%)"/>
    <ellipse cx="120" cy="290" rx="95" ry="90" fill="hsl(${(hue + 180) % 360},25%,35%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export interface DemoYearResult {
  requests: number;
  byStatus: Record<string, number>;
}

/** Seeds the current year's demo requests (once, right after the demo accounts). */
export async function seedDemoYear(db: Db, engine: Engine, dataDir: string): Promise<DemoYearResult> {
  const result: DemoYearResult = { requests: 0, byStatus: {} };
  const year = await db
    .selectFrom("school_years")
    .select(["id", "starts_on"])
    .where("is_current", "=", 1)
    .executeTakeFirst();
  const staff = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", "secretaria@demo.local")
    .executeTakeFirst();
  const tester = await db
    .selectFrom("users")
    .select(["id", "password_hash"])
    .where("email", "=", "prueba@demo.local")
    .executeTakeFirst();
  if (!year || !staff || !tester) return result;
  const folder = path.join(dataDir, "files");
  fs.mkdirSync(folder, { recursive: true });
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  // The same plan every time, its birth dates moved with the year (ages and levels keep agreeing).
  const planNow = new Date(movedBy(PLAN_NOW, Number(year.starts_on.slice(0, 4)) - 2025));
  const env: PlanEnv = {
    years: [{ id: year.id, startYear: Number(year.starts_on.slice(0, 4)) }],
    uploads: {
      identityDocument: -1,
      representativePhoto: -2,
      authorizedPersonPhoto: -3,
      studentPhoto: -4,
      vaccinationBooklet: -5,
    },
    tag: "",
    testShare: 0,
    today: planNow.toISOString().slice(0, 10),
    now: planNow,
  };
  const rng = createRng(SEED);
  const regular = DEMO_YEAR_STATUSES.length - TEST_REQUESTS;

  await writeTransaction(db, engine, async (trx) => {
    let index = 0;
    let familyIndex = 0;
    while (index < DEMO_YEAR_STATUSES.length) {
      const isTest = index >= regular;
      const family = demoEmails(planFamily(rng, env, familyIndex++));
      const userId = isTest ? tester.id : await insertFamily(trx, family, tester.password_hash, nowIso);
      const uploads = await seedSharedUploads(trx, dataDir, userId, nowIso);
      for (const child of family.children) {
        const file = child.files.find((f) => f.request);
        if (!file || index >= (isTest ? DEMO_YEAR_STATUSES.length : regular)) continue;
        const status = DEMO_YEAR_STATUSES[index] as RequestStatus;
        // Spread over the last 45 days, newest last; staff changes follow within the next days.
        const created = now - (45 - (index * 3) / 2) * DAY - ((index * 7) % 10) * 3_600_000;
        const updated =
          PATHS[status].length === 0 ? created : Math.min(now - 3_600_000, created + (3 + (index % 6)) * DAY);
        const createdIso = new Date(created).toISOString();
        const student = await trx
          .insertInto("students")
          .values({
            family_user_id: userId,
            student_name: child.studentName,
            document_number: child.documentNumber,
            is_test_data: isTest ? 1 : 0,
            created_at: createdIso,
            updated_at: createdIso,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const fileRow = await trx
          .insertInto("enrollment_files")
          .values({
            student_id: student.id,
            school_year_id: year.id,
            is_new_student: file.isNewStudent ? 1 : 0,
            status: "sent",
            level_code: file.levelCode,
            created_at: createdIso,
            updated_at: new Date(updated).toISOString(),
            sent_at: createdIso,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const photo = await portrait(index);
        const photoId = await storeUpload(trx, folder, {
          userId,
          fileId: fileRow.id,
          name: `${child.studentName.split(" ")[0]?.toLowerCase() ?? "alumno"}.jpg`,
          bytes: photo,
          createdAt: createdIso,
        });
        // The plan points at placeholder upload ids (-1..-5): the family's own uploads replace them.
        const byPlaceholder = new Map<number, number>([
          [-1, uploads.identityDocument],
          [-2, uploads.representativePhoto],
          [-3, uploads.authorizedPersonPhoto],
          [-4, photoId],
          [-5, uploads.vaccinationBooklet],
        ]);
        const steps = JSON.parse(JSON.stringify(file.steps), (key, value) =>
          key.endsWith("FileId") && typeof value === "number" ? (byPlaceholder.get(value) ?? value) : value,
        ) as Record<string, Record<string, unknown>>;
        const stepRows = Object.entries(steps).map(([step, data]) => ({ step, data: JSON.stringify(data) }));
        await trx
          .insertInto("enrollment_steps")
          .values(
            stepRows.map((row) => ({ file_id: fileRow.id, ...row, completed_at: createdIso, updated_at: createdIso })),
          )
          .execute();
        const actions = PATHS[status];
        const request = await trx
          .insertInto("requests")
          .values({
            code: `INS-${year.id}-${String(fileRow.id).padStart(6, "0")}`,
            user_id: userId,
            file_id: fileRow.id,
            school_year_id: year.id,
            request_status: status,
            photo_status: photoStatusOf(status, index),
            photo_reviewed_by: photoStatusOf(status, index) === "approved" ? staff.id : null,
            photo_reviewed_at: photoStatusOf(status, index) === "approved" ? new Date(updated).toISOString() : null,
            is_test_data: isTest ? 1 : 0,
            url_file: null,
            version: 1 + actions.length,
            correction_message: status === "InProcess" ? CORRECTION_MESSAGE : null,
            correction_steps: status === "InProcess" ? JSON.stringify(CORRECTION_STEPS) : null,
            created_at: createdIso,
            updated_at: new Date(updated).toISOString(),
            ...requestListColumns(stepRows, { is_new_student: file.isNewStudent ? 1 : 0, level_code: file.levelCode }),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        // The history: the family's send, then each staff change, evenly between sending and now.
        await insertHistory(trx, {
          requestId: request.id,
          from: "InProcess",
          to: "Untreated",
          action: "send",
          comment: null,
          userId,
          now: createdIso,
        });
        let from: RequestStatus = "Untreated";
        for (const [step, action] of actions.entries()) {
          const to = TO[action] as RequestStatus;
          const at = created + ((updated - created) * (step + 1)) / actions.length;
          await insertHistory(trx, {
            requestId: request.id,
            from,
            to,
            action,
            comment: action === "requestCorrection" ? CORRECTION_MESSAGE : null,
            userId: staff.id,
            now: new Date(at).toISOString(),
          });
          from = to;
        }
        if (status === "Finished") {
          // Finished means the school has everything, the signed papers included: each one the
          // file asks for was handed in the day after sending (docs/rules/operations.md "Upgrades and the demo").
          await recordHandIns(trx, request.id, steps.exitAuthorization ?? {}, {
            receivedOn: schoolDay(new Date(created + DAY)),
            by: staff.id,
            at: new Date(created + DAY).toISOString(),
          });
        }
        if (status === "InProcess") {
          await reopenForCorrection(trx, fileRow.id, CORRECTION_STEPS, new Date(updated).toISOString());
        }
        result.requests++;
        result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
        index++;
      }
    }
  });
  return result;
}

/**
 * Every paper the file asks for, recorded as received: the year's documents not accepted online
 * that its rules ask of the request, the school's own included (docs/rules/documents.md "The
 * documents page"), the exit authorization only for the exits that need it. A year whose
 * documents are not written yet asks the built-in papers.
 */
export async function recordHandIns(
  trx: Db,
  requestId: number,
  exitAuthorization: Record<string, unknown>,
  received: { receivedOn: string; by: number; at: string },
): Promise<void> {
  const exitNeeded = ["exitAlone", "middayBreak", "freePeriods"].some((key) => exitAuthorization[key] === true);
  const request = await trx
    .selectFrom("requests")
    .select(["school_year_id", "is_new_student", "level_code"])
    .where("id", "=", requestId)
    .executeTakeFirstOrThrow();
  const year = await listYearDocuments(trx, request.school_year_id);
  const papers =
    year.length === 0
      ? BUILT_IN_HAND_IN_ITEMS.map((key) => ({ key, audience: "both", levels: null }))
      : year.filter((row) => !ONLINE_DOCUMENTS.includes(row.key)).map((row) => ({ key: row.key, ...ruleOf(row) }));
  for (const paper of papers) {
    if (!ruleApplies(paper, Number(request.is_new_student) === 1, request.level_code)) continue;
    if (paper.key === "exitAuthorization" && !exitNeeded) continue;
    await insertHandIn(trx, requestId, paper.key, {
      received: 1,
      received_on: received.receivedOn,
      recorded_by: received.by,
      recorded_at: received.at,
    });
  }
}

/** The generator's addresses (real mail domains) become @demo.local ones: the demo never mails a stranger. */
function demoEmails(family: PlannedFamily): PlannedFamily {
  return JSON.parse(
    JSON.stringify(family).replace(
      /\.?(\d+)@(gmail\.com|hotmail\.com|outlook\.com|example\.ec|orange\.fr|free\.fr)/g,
      ".$1@demo.local",
    ),
  ) as PlannedFamily;
}

async function insertFamily(trx: Db, family: PlannedFamily, passwordHash: string, now: string): Promise<number> {
  const row = await trx
    .insertInto("users")
    .values({
      email: family.email,
      password_hash: passwordHash,
      first_surname: family.account.firstSurname,
      second_surname: family.account.secondSurname,
      names: family.account.names,
      phone: family.account.phone,
      language: family.language,
      role: "User",
      is_test_data: 0,
      activated_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function storeUpload(
  trx: Db,
  folder: string,
  upload: { userId: number; fileId: number; name: string; bytes: Buffer; createdAt: string },
): Promise<number> {
  const storageKey = `${randomToken(18)}.jpg`;
  fs.writeFileSync(path.join(folder, storageKey), upload.bytes, { mode: 0o600 });
  const row = await trx
    .insertInto("uploads")
    .values({
      family_user_id: upload.userId,
      file_id: upload.fileId,
      kind: "studentPhoto",
      original_name: upload.name,
      content_type: "image/jpeg",
      size: upload.bytes.length,
      sha256: createHash("sha256").update(upload.bytes).digest("hex"),
      storage_key: storageKey,
      created_at: upload.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
