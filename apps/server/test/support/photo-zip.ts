import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { nowIso } from "../../src/db/database.ts";
import { insertStudentRow } from "./students.ts";
import type { TestApp } from "./test-app.ts";

/** Stores bytes as an upload of `familyId` (a row and a file under DATA_DIR/files), as the wizard would. */
export async function insertUpload(
  t: TestApp,
  familyId: number,
  fileId: number,
  bytes: Buffer,
  kind = "studentPhoto",
  contentType = "image/jpeg",
): Promise<{ id: number; storageKey: string }> {
  const storageKey = `${randomBytes(12).toString("hex")}.${contentType === "image/png" ? "png" : "jpg"}`;
  const dir = path.join(t.ctx.config.dataDir, "files");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, storageKey), bytes);
  const row = await t.ctx.db
    .insertInto("uploads")
    .values({
      family_user_id: familyId,
      file_id: fileId,
      kind,
      original_name: "photo.jpg",
      content_type: contentType,
      size: bytes.length,
      sha256: "0".repeat(64),
      storage_key: storageKey,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, storageKey };
}

export interface PhotoRequestSpec {
  schoolYearId: number;
  familyId: number;
  level: string | null;
  student: { firstName: string; secondName?: string; names: string };
  /** Steps' JSON by step id (the photo ids already filled in). */
  steps: (fileId: number) => Promise<Record<string, unknown>>;
  photoStatus?: string;
  isTestData?: boolean;
}

/** A sent request with the steps the photo export reads, written straight into the database. */
export async function insertPhotoRequest(t: TestApp, spec: PhotoRequestSpec): Promise<{ id: number; code: string }> {
  const now = nowIso();
  const student = await insertStudentRow(t, {
    familyId: spec.familyId,
    name: spec.student.names,
    isTestData: spec.isTestData,
    at: now,
  });
  const file = await t.ctx.db
    .insertInto("enrollment_files")
    .values({
      student_id: student.id,
      school_year_id: spec.schoolYearId,
      is_new_student: 1,
      status: "sent",
      level_code: spec.level,
      created_at: now,
      updated_at: now,
      sent_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const steps = { studentFile: spec.student, ...(await spec.steps(file.id)) };
  for (const [step, data] of Object.entries(steps)) {
    await t.ctx.db
      .insertInto("enrollment_steps")
      .values({ file_id: file.id, step, data: JSON.stringify(data), completed_at: now, updated_at: now })
      .execute();
  }
  const code = `PX-${randomUUID().slice(0, 8)}`;
  const { names, firstName, secondName } = spec.student;
  const request = await t.ctx.db
    .insertInto("requests")
    .values({
      code,
      user_id: spec.familyId,
      file_id: file.id,
      school_year_id: spec.schoolYearId,
      request_status: "Accepted",
      photo_status: spec.photoStatus ?? "approved",
      is_test_data: spec.isTestData ? 1 : 0,
      url_file: null,
      created_at: now,
      updated_at: now,
      student_name: [names, firstName, secondName].filter(Boolean).join(" "),
      level_code: spec.level,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: request.id, code };
}
