import { nowIso } from "../../src/db/database.ts";
import { everyStepBody, minimalPdf, multipart } from "./documents.ts";
import { call, type TestApp } from "./test-app.ts";

/** `headers`: e.g. the desk's `x-desk-family`, a staff member acting for a family (desk.spec.ts). */
export async function startFile(
  t: TestApp,
  cookie: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return call(t, { method: "POST", url: "/api/enrollment/files", cookie, payload: body, headers });
}

export async function uploadPdf(
  t: TestApp,
  cookie: string,
  fileId: number,
  content = minimalPdf(),
  kind = "identityDocument",
) {
  return call(t, {
    method: "POST",
    url: `/api/enrollment/files/${fileId}/uploads?kind=${kind}`,
    cookie,
    ...multipart(content),
  });
}

/** An earlier school year (not current), unique to the caller, for re-enrollment tests. */
export async function insertPastYear(t: TestApp): Promise<number> {
  const id = 100_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id,
      label: `past-${id}`,
      starts_on: "1999-09-01",
      ends_on: "2000-07-01",
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
  return id;
}

/** A file of an earlier year for an existing student, with its level and student-file data. */
export async function insertPastFile(
  t: TestApp,
  opts: { studentId: number; schoolYearId: number; levelCode: string; studentFile: Record<string, unknown> },
) {
  const now = nowIso();
  const file = await t.ctx.db
    .insertInto("enrollment_files")
    .values({
      student_id: opts.studentId,
      school_year_id: opts.schoolYearId,
      is_new_student: 1,
      status: "sent",
      level_code: opts.levelCode,
      created_at: now,
      updated_at: now,
      sent_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("enrollment_steps")
    .values({
      file_id: file.id,
      step: "studentFile",
      data: JSON.stringify(opts.studentFile),
      completed_at: now,
      updated_at: now,
    })
    .execute();
  return file.id;
}

/** Any upload kind, as the browser's FormData would send it. */
export async function uploadAs(
  t: TestApp,
  cookie: string,
  fileId: number,
  kind: string,
  content: Buffer,
  filename: string,
  contentType: string,
  headers: Record<string, string> = {},
) {
  const body = multipart(content, filename, contentType);
  return call(t, {
    method: "POST",
    url: `/api/enrollment/files/${fileId}/uploads?kind=${kind}`,
    cookie,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** A JPEG photo made on the spot (sharp), optionally carrying GPS metadata like a phone camera's. */
export async function jpegPhoto(opts: { width?: number; height?: number; gps?: boolean } = {}): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  let image = sharp({
    create: {
      width: opts.width ?? 640,
      height: opts.height ?? 480,
      channels: 3,
      background: { r: 40, g: 120, b: 200 },
    },
  }).jpeg();
  if (opts.gps) {
    image = image.withExif({ IFD0: { Make: "PhoneCam" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "0/1 13/1 0/1" } });
  }
  return image.toBuffer();
}

async function uploadedId(response: { statusCode: number; json: () => { id: number }; body: string }): Promise<number> {
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/**
 * A new student's file with every step saved (a 2015-born child, so the vaccination booklet is
 * required), through the real endpoints. Returns the file id, ready to send.
 */
export async function completeFile(t: TestApp, cookie: string, headers: Record<string, string> = {}): Promise<number> {
  const fileId = (await startFile(t, cookie, {}, headers)).json().id as number;
  const pdf = (kind: string) =>
    uploadAs(t, cookie, fileId, kind, minimalPdf(), `${kind}.pdf`, "application/pdf", headers).then(uploadedId);
  const photo = async (kind: string) =>
    uploadedId(await uploadAs(t, cookie, fileId, kind, await jpegPhoto(), `${kind}.jpg`, "image/jpeg", headers));
  const schoolYearId = (
    await call(t, { method: "GET", url: `/api/enrollment/files/${fileId}`, cookie, headers })
  ).json().schoolYearId as number;
  const bodies = await everyStepBody({ schoolYearId, pdf, photo });
  for (const [step, body] of bodies) {
    const saved = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/${step}`,
      cookie,
      headers,
      payload: body as object,
    });
    if (saved.statusCode !== 200) throw new Error(`${step}: ${saved.statusCode} ${saved.body}`);
  }
  return fileId;
}
