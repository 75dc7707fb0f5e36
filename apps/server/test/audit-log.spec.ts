import { randomUUID } from "node:crypto";
import type { AuditEventItem, AuditEventList } from "@portal/shared/schemas/audit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeFile } from "./support/enrollment.ts";
import {
  call,
  createTestApp,
  createUser,
  downloadLikeABrowser,
  errorOf,
  loginAs,
  signedInAs,
  type TestApp,
} from "./support/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(() => t.close());

const list = (query: string, cookie = admin.cookie) =>
  call(t, { method: "GET", url: `/api/audit-events?${query}`, cookie });
const csv = (query: string, cookie = admin.cookie) =>
  downloadLikeABrowser(t, { method: "GET", url: `/api/audit-events.csv?${query}`, cookie });

/** RFC 4180 with `;`: quoted cells, doubled quotes, CRLF rows. Enough for what the server writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ";") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function insertEvents(
  count: number,
  values: { actorUserId: number; event: string; createdAt: (i: number) => string },
) {
  for (let i = 0; i < count; i++) {
    await t.ctx.db
      .insertInto("audit_events")
      .values({
        event: values.event,
        actor_user_id: values.actorUserId,
        subject_user_id: null,
        ip: "10.0.0.1",
        details: JSON.stringify({ maintenanceMode: i % 2 === 0 }),
        created_at: values.createdAt(i),
      })
      .execute();
  }
}

describe("GET /api/audit-events", () => {
  it("lists a sign-in with its label in the caller's language, the people joined from users", async () => {
    const other = await signedInAs(t, "Secretaria");
    const response = await list(`event=login.success&actor=${encodeURIComponent(other.email.toUpperCase())}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AuditEventList;
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      event: "login.success",
      eventLabel: "Sign-in",
      actor: { id: other.id, email: other.email, name: "Ana Lucía Pérez Gómez" },
      subject: { id: other.id, email: other.email },
      info: {},
      changes: [],
    });
    expect(body.items[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("pages newest first with the total", async () => {
    const actor = await createUser(t, { role: "Admin" });
    await insertEvents(12, {
      actorUserId: actor.id,
      event: "settings.changed",
      createdAt: (i) => new Date(Date.UTC(2021, 0, 1, 12, i)).toISOString(),
    });
    const first = (await list(`actor=${actor.email}&pageSize=10`)).json() as AuditEventList;
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const second = (await list(`actor=${actor.email}&pageSize=10&page=2`)).json() as AuditEventList;
    expect(second.items).toHaveLength(2);
    const times = [...first.items, ...second.items].map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(second.items[1]?.at).toBe("2021-01-01T12:00:00.000Z");
    expect(first.items[0]?.info).toEqual({ maintenanceMode: "false" });
  });

  it("takes dates as school days (America/Guayaquil, UTC−5), both included", async () => {
    const actor = await createUser(t, { role: "Admin" });
    const at = [
      "2020-03-10T04:59:59.999Z",
      "2020-03-10T05:00:00.000Z",
      "2020-03-11T04:59:59.999Z",
      "2020-03-11T05:00:00.000Z",
    ];
    await insertEvents(at.length, { actorUserId: actor.id, event: "settings.changed", createdAt: (i) => at[i]! });
    const day = (await list(`actor=${actor.email}&from=2020-03-10&to=2020-03-10`)).json() as AuditEventList;
    expect(day.items.map((item) => item.at).sort()).toEqual([at[1], at[2]]);
    const since = (await list(`actor=${actor.email}&from=2020-03-11`)).json() as AuditEventList;
    expect(since.items.map((item) => item.at)).toEqual([at[3]]);
    const until = (await list(`actor=${actor.email}&to=2020-03-09`)).json() as AuditEventList;
    expect(until.items.map((item) => item.at)).toEqual([at[0]]);
  });

  it("filters by the person concerned", async () => {
    const secretaria = await signedInAs(t, "Secretaria");
    await call(t, { method: "POST", url: "/api/auth/logout", cookie: secretaria.cookie });
    const body = (await list(`subject=${secretaria.email}`)).json() as AuditEventList;
    expect(body.items.map((item) => item.event).sort()).toEqual(["login.success", "logout"]);
  });

  it("refuses bad parameters with 400 naming them", async () => {
    const cases: [string, string][] = [
      ["from=2024-05-02&to=2024-05-01", "from"],
      ["from=2021-02-30", "from"],
      ["to=05/01/2024", "to"],
      ["event=login.nope", "event"],
      ["pageSize=7", "pageSize"],
      ["page=0", "page"],
      ["requestId=12%2534", "requestId"],
      ["actor=a%00b", "actor"],
      ["surprise=1", ""],
    ];
    for (const [query, field] of cases) {
      for (const response of [await list(query), await csv(query)]) {
        expect(response.statusCode, query).toBe(400);
        const error = errorOf(response);
        expect(error.code).toBe("VALIDATION_ERROR");
        if (field) expect(error.fields?.[field], query).toBeTruthy();
      }
    }
    expect(errorOf(await list("from=2024-05-02&to=2024-05-01")).fields?.from).toBe(
      "The start date must be on or before the end date",
    );
  });

  it("is the Admin's alone: 403 to every other role, 401 without a session", async () => {
    for (const role of ["Secretaria", "Consulta", "Editor", "User", "Prueba"] as const) {
      const { cookie } = await signedInAs(t, role);
      expect((await list("", cookie)).statusCode, role).toBe(403);
      expect((await csv("", cookie)).statusCode, role).toBe(403);
    }
    for (const url of ["/api/audit-events", "/api/audit-events.csv"]) {
      const response = await call(t, { method: "GET", url });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe("UNAUTHENTICATED");
    }
  });
});

describe("a staff edit in the audit log", () => {
  const secret = `Insulin-${randomUUID().slice(0, 8)}`;
  const sector = `Cumbaya-${randomUUID().slice(0, 8)}`;
  let request: { id: number; code: string };

  beforeAll(async () => {
    const family = await signedInAs(t, "User");
    const fileId = await completeFile(t, family.cookie);
    const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
    request = await t.ctx.db
      .selectFrom("requests")
      .select(["id", "code"])
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();
    const secretaria = await signedInAs(t, "Secretaria");
    const step = async (name: string) => {
      const response = await call(t, {
        method: "GET",
        url: `/api/requests/${request.id}/steps/${name}`,
        cookie: secretaria.cookie,
      });
      return (response.json() as { data: Record<string, unknown> }).data;
    };
    const put = async (name: string, version: number, data: Record<string, unknown>) => {
      const response = await call(t, {
        method: "PUT",
        url: `/api/requests/${request.id}/steps/${name}`,
        cookie: secretaria.cookie,
        payload: { expectedVersion: version, data },
      });
      if (response.statusCode !== 200) throw new Error(`save ${name} failed: ${response.body}`);
    };
    await put("medicalRecord", 1, { ...(await step("medicalRecord")), treatmentReceived: secret });
    await put("studentFile", 2, { ...(await step("studentFile")), sector, bloodType: "AB-" });
  });

  const edits = async (filter: string) => {
    const response = await list(`event=request.stepEdited&requestId=${filter}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it("names the medical record's changed fields without their values", async () => {
    const response = await edits(String(request.id));
    expect(response.body).not.toContain(secret);
    const items = (response.json() as AuditEventList).items;
    const medical = items.find((item) => item.info.step === "medicalRecord") as AuditEventItem;
    expect(medical.info).toMatchObject({ requestId: String(request.id), code: request.code, step: "medicalRecord" });
    expect(medical.changes).toContainEqual({ field: "treatmentReceived", before: null, after: null, hidden: true });
    expect(medical.changes.every((change) => change.hidden && change.before === null && change.after === null)).toBe(
      true,
    );
    expect(medical).not.toHaveProperty("details");
  });

  it("shows other fields' before and after, but never the blood type's", async () => {
    const response = await edits(request.code.toLowerCase());
    expect(response.body).not.toContain("AB-");
    const student = (response.json() as AuditEventList).items.find((item) => item.info.step === "studentFile");
    expect(student?.changes).toContainEqual(expect.objectContaining({ field: "sector", after: sector, hidden: false }));
    expect(student?.changes).toContainEqual({ field: "bloodType", before: null, after: null, hidden: true });
  });

  it("matches a request by its exact id or code only", async () => {
    expect(((await edits(String(request.id))).json() as AuditEventList).total).toBe(2);
    expect(((await edits(request.code)).json() as AuditEventList).total).toBe(2);
    expect(((await edits(`${request.id}9`)).json() as AuditEventList).total).toBe(0);
    expect(((await edits(`${request.code}X`)).json() as AuditEventList).total).toBe(0);
  });

  it("exports the same rows as CSV (BOM, `;`), redacted, and logs the export with its filters", async () => {
    const response = await csv(`event=request.stepEdited&requestId=${request.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain("AB-");
    const [header, ...rows] = parseCsv(response.body.replace(/^\uFEFF/, ""));
    expect(header).toEqual([
      "Id",
      "Date (Guayaquil time)",
      "Event code",
      "Event",
      "By",
      "By (e-mail)",
      "Concerning",
      "Concerning (e-mail)",
      "IP address",
      "Details",
      "Changed fields",
    ]);
    expect(rows).toHaveLength(2);
    const [studentRow, medicalRow] = rows;
    expect(studentRow?.[2]).toBe("request.stepEdited");
    expect(studentRow?.[3]).toBe("Record edited by staff");
    expect(studentRow?.[10]).toContain(`sector: `);
    expect(studentRow?.[10]).toContain(`→ ${sector}`);
    expect(studentRow?.[10]).toContain("bloodType (health data, value not shown)");
    expect(medicalRow?.[9]).toContain("Step: Medical record");
    expect(medicalRow?.[10]).toContain("treatmentReceived (health data, value not shown)");

    const exported = await t.ctx.db
      .selectFrom("audit_events")
      .selectAll()
      .where("event", "=", "audit.exported")
      .where("actor_user_id", "=", admin.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(exported.details ?? "{}")).toEqual({
      filters: { event: "request.stepEdited", requestId: String(request.id) },
    });
    const listed = (await list(`event=audit.exported&actor=${admin.email}`)).json() as AuditEventList;
    expect(listed.items[0]?.info.filters).toBe(`event=request.stepEdited, requestId=${request.id}`);
  });

  it("shows the details in the reader's language, values resolved, on the page and in the CSV", async () => {
    const spanish = await createUser(t, { role: "Admin", language: "es" });
    const cookie = await loginAs(t, spanish.email);
    const year = await t.ctx.db
      .selectFrom("school_years")
      .select(["id", "label"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto("audit_events")
      .values({
        event: "schoolYear.windowChanged",
        actor_user_id: spanish.id,
        subject_user_id: null,
        ip: "10.0.0.1",
        details: JSON.stringify({
          schoolYearId: year.id,
          window: "reenrollment",
          opensOn: "2026-01-05",
          maintenanceMode: true,
          before: { opensOn: "2025-12-01" },
        }),
        created_at: new Date().toISOString(),
      })
      .execute();
    const query = `event=schoolYear.windowChanged&actor=${spanish.email}`;
    const page = (await list(query, cookie)).json() as AuditEventList;
    expect(page.items[0]?.detailLines).toEqual([
      { key: "maintenanceMode", label: "Modo de mantenimiento", value: "Sí" },
      { key: "schoolYearId", label: "Año lectivo", value: year.label },
      { key: "window", label: "Periodo", value: "Reinscripción" },
      { key: "opensOn", label: "Abre el", value: "05/01/2026" },
    ]);
    const [, row] = parseCsv((await csv(query, cookie)).body.replace(/^\uFEFF/, ""));
    expect(row?.[9]).toBe(
      `Modo de mantenimiento: Sí; Año lectivo: ${year.label}; Periodo: Reinscripción; Abre el: 05/01/2026`,
    );
  });

  it("exports the signed-in Admin's own sign-in, in Spanish when the session is", async () => {
    const spanish = await createUser(t, { role: "Admin", language: "es" });
    const cookie = await loginAs(t, spanish.email);
    const response = await csv(`event=login.success&actor=${spanish.email}`, cookie);
    const [header, row, extra] = parseCsv(response.body.replace(/^\uFEFF/, ""));
    expect(header?.[3]).toBe("Evento");
    expect(row?.[3]).toBe("Inicio de sesión");
    expect(row?.[5]).toBe(spanish.email);
    expect(row?.[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(extra).toBeUndefined();
  });
});
