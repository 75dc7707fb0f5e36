import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gatherFamilyData } from "../src/modules/data-export/data-export-data.ts";
import {
  campaignBody,
  campaignFamily,
  campaignYear,
  createCampaign,
  dayFromToday,
  enrolledChild,
} from "./support/campaigns.ts";
import { linkToken, waitForMail } from "./support/smtp.ts";
import { call, createTestApp, downloadLikeABrowser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Re-enrollment campaigns (docs/rules/campaigns.md): the staff's campaign, its opening e-mails,
 * the family's answer from the portal and from the e-mailed link (which reaches nothing else), the
 * figures, their lists and files. The reminders' schedule is campaign-reminders.spec.ts.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(() => t.close());

/** A year with two covered families (one with two children), a bystander family and its campaign. */
async function openedCampaign(overrides: Record<string, unknown> = {}) {
  const year = await campaignYear(t);
  const garcia = await campaignFamily(t, "es", "fr");
  const lopez = await campaignFamily(t, "en");
  const bystander = await campaignFamily(t, "es");
  const ana = await enrolledChild(t, { familyId: garcia.id, schoolYearId: year, name: "Ana García", level: "CM1" });
  const luis = await enrolledChild(t, { familyId: garcia.id, schoolYearId: year, name: "Luis García", level: "CP" });
  const mia = await enrolledChild(t, { familyId: lopez.id, schoolYearId: year, name: "Mía López", level: "CM1" });
  // Not enrolled (refused), so not covered.
  await enrolledChild(t, { familyId: bystander.id, schoolYearId: year, name: "Eva Ruiz", status: "Refused" });
  const mailsBefore = t.mails.length;
  const campaign = await createCampaign(t, admin.cookie, campaignBody(year, overrides));
  return { year, garcia, lopez, bystander, ana, luis, mia, campaign, mailsBefore };
}

const detailOf = async (id: number, cookie = admin.cookie) =>
  (await call(t, { method: "GET", url: `/api/campaigns/${id}`, cookie })).json();

describe("who may call what", () => {
  it("keeps the staff's routes to Admin and Secretaria, the family's to families, and answers 401 to nobody", async () => {
    expect((await call(t, { method: "GET", url: "/api/campaigns" })).statusCode).toBe(401);
    expect((await call(t, { method: "GET", url: "/api/family-campaigns" })).statusCode).toBe(401);
    const year = await campaignYear(t);
    for (const role of ["Consulta", "Editor", "User"] as const) {
      const { cookie } = await signedInAs(t, role);
      expect((await call(t, { method: "GET", url: "/api/campaigns", cookie })).statusCode, role).toBe(403);
      const create = await call(t, { method: "POST", url: "/api/campaigns", cookie, payload: campaignBody(year) });
      expect(create.statusCode, role).toBe(403);
    }
    for (const role of ["Admin", "Secretaria"] as const) {
      const { cookie } = await signedInAs(t, role);
      expect((await call(t, { method: "GET", url: "/api/family-campaigns", cookie })).statusCode, role).toBe(403);
    }
    const { cookie } = await signedInAs(t, "Secretaria");
    expect((await call(t, { method: "GET", url: "/api/campaigns", cookie })).statusCode).toBe(200);
  });
});

describe("creating a campaign", () => {
  it("refuses bad input with messages in the staff's language, and a second campaign for the year", async () => {
    const year = await campaignYear(t);
    const post = (payload: Record<string, unknown>) =>
      call(t, { method: "POST", url: "/api/campaigns", cookie: admin.cookie, payload });
    const wrong = await post(
      campaignBody(year, {
        opensOn: dayFromToday(5),
        deadline: dayFromToday(5),
        reminderDays: [7, 7],
        message: { es: "Hola", en: "", fr: "" },
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toMatchObject({
      deadline: "The deadline must be after the opening date",
      reminderDays: "Each reminder is a different whole number of days, from 1 to 90",
      "message.en": "This field is mandatory",
      "message.fr": "This field is mandatory",
    });
    const past = await post(campaignBody(year, { opensOn: dayFromToday(-10), deadline: dayFromToday(-1) }));
    expect(errorOf(past).fields).toEqual({ deadline: "The deadline cannot be in the past" });
    expect((await post({ ...campaignBody(year), extra: 1 })).statusCode).toBe(400);
    expect((await post(campaignBody(year, { levels: ["NOPE"] }))).statusCode).toBe(400);
    const unknownYear = await post(campaignBody(2_147_483_000));
    expect(errorOf(unknownYear)).toMatchObject({ code: "CAMPAIGN_SCHOOL_YEAR_UNKNOWN" });
    // One text for all languages: only the Spanish one is needed.
    const same = await post(
      campaignBody(year, { opensOn: dayFromToday(3), sameMessage: true, message: { es: "Hola", en: "", fr: "" } }),
    );
    expect(same.statusCode).toBe(201);
    expect(same.json()).toMatchObject({
      state: "scheduled",
      message: { es: "Hola", en: "Hola", fr: "Hola" },
      families: 0,
    });
    const again = await post(campaignBody(year));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: "CAMPAIGN_EXISTS" });
  });

  it("goes with its school year when the Admin deletes that empty year", async () => {
    const year = await campaignYear(t);
    const campaign = await createCampaign(t, admin.cookie, campaignBody(year));
    expect(campaign.state).toBe("open");
    const deleted = await call(t, {
      method: "DELETE",
      url: `/api/settings/school-years/${year}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(
      (await call(t, { method: "GET", url: `/api/campaigns/${campaign.id}`, cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });

  it("opens at once when its day has come: each covered family's accounts get the e-mail in their own language", async () => {
    const { garcia, lopez, bystander, campaign } = await openedCampaign();
    expect(campaign.state).toBe("open");
    const spanish = await waitForMail(t.mails, garcia.owner.email);
    expect(spanish.subject).toMatch(/^Rematrícula campaign-/);
    expect(spanish.decoded).toContain("Queremos saber si sus hijos continúan");
    expect(spanish.decoded).toContain("Ana García");
    expect(spanish.decoded).toContain("Luis García");
    const french = await waitForMail(t.mails, garcia.second!.email);
    expect(french.subject).toMatch(/^Réinscription campaign-/);
    expect(french.decoded).toContain("Nous aimerions savoir");
    const english = await waitForMail(t.mails, lopez.owner.email);
    expect(english.decoded).toContain("Mía López");
    expect(english.decoded).not.toContain("Ana García");
    expect(t.mails.some((mail) => mail.to.includes(bystander.owner.email))).toBe(false);
    const detail = await detailOf(campaign.id);
    expect(detail).toMatchObject({ families: 2, answeredFamilies: 0 });
    expect(detail.figures).toEqual({ covered: 3, answered: 0, returning: 0, leaving: 0, undecided: 0, notAnswered: 3 });
    expect(detail.sends.map((s: { step: string }) => s.step)).toEqual(["opening", "opening"]);
  });

  it("covers only the levels it names, and fixes them once open", async () => {
    const { campaign, garcia } = await openedCampaign({ levels: ["CP"] });
    const detail = await detailOf(campaign.id);
    expect(detail.figures.covered).toBe(1);
    expect(detail.byLevel).toEqual([expect.objectContaining({ levelCode: "CP", covered: 1 })]);
    const forms = (await call(t, { method: "GET", url: "/api/family-campaigns", cookie: garcia.cookie })).json();
    expect(forms.items[0].children.map((c: { name: string }) => c.name)).toEqual(["Luis García"]);
    const put = (payload: Record<string, unknown>) =>
      call(t, { method: "PUT", url: `/api/campaigns/${campaign.id}`, cookie: admin.cookie, payload });
    const { schoolYearId: _, ...body } = campaignBody(0, { levels: ["CP"] });
    expect(errorOf(await put({ ...body, version: detail.version, levels: [] }))).toMatchObject({
      code: "CAMPAIGN_ALREADY_OPEN",
    });
    const edited = await put({ ...body, version: detail.version, reminderDays: [10, 3], deadline: dayFromToday(30) });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      reminderDays: [10, 3],
      deadline: dayFromToday(30),
      version: detail.version + 1,
    });
    expect(errorOf(await put({ ...body, version: detail.version }))).toMatchObject({ code: "VERSION_CONFLICT" });
  });
});

describe("a family's answer from the portal", () => {
  it("answers every child at once, never another family's, and the figures and lists follow", async () => {
    const { garcia, lopez, ana, luis, mia, campaign } = await openedCampaign();
    const url = `/api/family-campaigns/${campaign.id}/answers`;
    const answer = (cookie: string, answers: unknown) => call(t, { method: "POST", url, cookie, payload: { answers } });
    const forms = (await call(t, { method: "GET", url: "/api/family-campaigns", cookie: garcia.cookie })).json();
    expect(forms.items).toHaveLength(1);
    expect(forms.items[0]).toMatchObject({
      open: true,
      answeredAt: null,
      message: expect.stringContaining("Queremos"),
    });
    expect(forms.items[0].reasons.map((r: { code: string }) => r.code)).toContain("MOVING");

    // Another family's child: refused, nothing saved.
    const foreign = await answer(garcia.cookie, [
      { studentId: ana, answer: "returns" },
      { studentId: luis, answer: "returns" },
      { studentId: mia, answer: "leaves", reasonCode: "MOVING" },
    ]);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).code).toBe("NOT_YOUR_STUDENT");
    expect(errorOf(await answer(garcia.cookie, [{ studentId: ana, answer: "returns" }])).code).toBe(
      "CAMPAIGN_ANSWER_EACH",
    );
    const noReason = await answer(garcia.cookie, [
      { studentId: ana, answer: "returns" },
      { studentId: luis, answer: "leaves" },
    ]);
    expect(errorOf(noReason).fields).toEqual({ "answers.1.reasonCode": "Elija un motivo" });
    const badReason = await answer(garcia.cookie, [
      { studentId: ana, answer: "returns" },
      { studentId: luis, answer: "leaves", reasonCode: "NOPE" },
    ]);
    expect(badReason.statusCode).toBe(400);
    expect((await answer(lopez.cookie, [{ studentId: mia, answer: "returns" }])).statusCode).toBe(200);
    // A family outside the campaign: as if it did not exist.
    const outsider = await signedInAs(t, "User");
    expect((await answer(outsider.cookie, [{ studentId: mia, answer: "returns" }])).statusCode).toBe(404);
    expect((await detailOf(campaign.id)).figures.answered).toBe(1);

    const saved = await answer(garcia.cookie, [
      { studentId: ana, answer: "returns" },
      { studentId: luis, answer: "leaves", reasonCode: "MOVING" },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().children).toEqual([
      expect.objectContaining({ name: "Ana García", answer: "returns", reasonCode: null }),
      expect.objectContaining({ name: "Luis García", answer: "leaves", reasonCode: "MOVING" }),
    ]);
    // The family's "My data" archive carries its answers.
    const archive = await gatherFamilyData(t.ctx.db, garcia.id, "es");
    expect(archive.data.reenrollmentAnswers).toEqual([
      expect.objectContaining({ studentId: ana, answer: "returns", reasonCode: null, answeredVia: "portal" }),
      expect.objectContaining({ studentId: luis, answer: "leaves", reasonCode: "MOVING", answeredVia: "portal" }),
    ]);
    const detail = await detailOf(campaign.id);
    expect(detail.figures).toEqual({ covered: 3, answered: 3, returning: 2, leaving: 1, undecided: 0, notAnswered: 0 });
    expect(detail.reasons).toEqual([{ code: "MOVING", label: "Moving home or city", count: 1 }]);
    expect(detail.byLevel).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ levelCode: "CP", leaving: 1 }),
        expect.objectContaining({ levelCode: "CM1", returning: 2 }),
      ]),
    );
    const leaving = await call(t, {
      method: "GET",
      url: `/api/campaigns/${campaign.id}/answers?figure=leaving`,
      cookie: admin.cookie,
    });
    expect(leaving.json().items).toEqual([
      expect.objectContaining({ studentName: "Luis García", answer: "leaves", reason: "Moving home or city" }),
    ]);
    const cm1 = await call(t, {
      method: "GET",
      url: `/api/campaigns/${campaign.id}/answers?figure=returning&level=CM1`,
      cookie: admin.cookie,
    });
    expect(
      cm1
        .json()
        .items.map((row: { studentName: string }) => row.studentName)
        .sort(),
    ).toEqual(["Ana García", "Mía López"]);
    const badFigure = await call(t, {
      method: "GET",
      url: `/api/campaigns/${campaign.id}/answers?figure=x`,
      cookie: admin.cookie,
    });
    expect(badFigure.statusCode).toBe(400);
  });

  it("exports a figure's list as CSV and XLSX with the same words", async () => {
    const { garcia, ana, luis, campaign } = await openedCampaign();
    // A family's name that a spreadsheet would run as a formula.
    await t.ctx.db.updateTable("users").set({ first_surname: "=García" }).where("id", "=", garcia.id).execute();
    await call(t, {
      method: "POST",
      url: `/api/family-campaigns/${campaign.id}/answers`,
      cookie: garcia.cookie,
      payload: {
        answers: [
          { studentId: ana, answer: "undecided" },
          { studentId: luis, answer: "leaves", reasonCode: "FINANCIAL" },
        ],
      },
    });
    const csv = await downloadLikeABrowser(t, {
      method: "GET",
      url: `/api/campaigns/${campaign.id}/export?figure=answered&format=csv`,
      cookie: admin.cookie,
    });
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = csv.rawPayload.toString("utf8").slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe('"Family";"Child";"Level";"Answer";"Reason";"Answered on"');
    // Every cell but the level's label; the family's name neutralised for spreadsheets.
    expect(lines.slice(1).map((line) => line.split(";").filter((_, i) => i !== 2 && i !== 5))).toEqual([
      [`"'=García Ana Lucía"`, '"Ana García"', '"Undecided"', '""'],
      [`"'=García Ana Lucía"`, '"Luis García"', '"Leaves"', '"Financial reasons"'],
    ]);
    const xlsx = await downloadLikeABrowser(t, {
      method: "GET",
      url: `/api/campaigns/${campaign.id}/export?figure=leaving&format=xlsx`,
      cookie: admin.cookie,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Leaving");
    expect(sheet.getRow(2).getCell(1).value).toBe("=García Ana Lucía");
    expect(sheet.getRow(2).getCell(5).value).toBe("Financial reasons");
    expect(sheet.rowCount).toBe(2);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "campaign.exported")
      .where("details", "like", `%"campaignId":${campaign.id},%`)
      .execute();
    expect(audit).toHaveLength(2);
  });
});

describe("the e-mailed link", () => {
  it("opens only its family's form, answers without signing in, and reaches nothing else", async () => {
    const { garcia, lopez, ana, mia, campaign } = await openedCampaign();
    const token = linkToken(await waitForMail(t.mails, lopez.owner.email), "/reenrollment-answer");
    const open = await call(t, { method: "POST", url: "/api/campaign-link", payload: { token } });
    expect(open.statusCode).toBe(200);
    expect(open.headers["set-cookie"]).toBeUndefined();
    expect(open.json().children.map((c: { name: string }) => c.name)).toEqual(["Mía López"]);
    // The token is not a session: nothing else answers to it.
    expect(
      (await call(t, { method: "GET", url: "/api/family-campaigns", cookie: `session=${token}` })).statusCode,
    ).toBe(401);
    expect((await call(t, { method: "GET", url: `/api/enrollment/cards?token=${token}` })).statusCode).toBe(401);
    // Another family's child through this family's link.
    const foreign = await call(t, {
      method: "POST",
      url: "/api/campaign-link/answers",
      payload: { token, answers: [{ studentId: ana, answer: "leaves", reasonCode: "MOVING" }] },
    });
    expect(foreign.statusCode).toBe(403);
    const tampered = await call(t, {
      method: "POST",
      url: "/api/campaign-link",
      payload: { token: `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}` },
    });
    expect(tampered.statusCode).toBe(404);
    expect(errorOf(tampered).message).toMatch(/^Este enlace de rematrícula no es válido/);
    expect((await call(t, { method: "POST", url: "/api/campaign-link", payload: { token: "short" } })).statusCode).toBe(
      400,
    );
    const saved = await call(t, {
      method: "POST",
      url: "/api/campaign-link/answers",
      headers: { "accept-language": "en" },
      payload: { token, answers: [{ studentId: mia, answer: "leaves", reasonCode: "ABROAD" }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().answeredAt).not.toBeNull();
    const family = await t.ctx.db
      .selectFrom("campaign_families")
      .select(["answered_by", "answered_via"])
      .where("campaign_id", "=", campaign.id)
      .where("family_user_id", "=", lopez.id)
      .executeTakeFirstOrThrow();
    expect(family).toEqual({ answered_by: null, answered_via: "link" });
    // The other family's form is untouched.
    const garciaForm = (await call(t, { method: "GET", url: "/api/family-campaigns", cookie: garcia.cookie })).json();
    expect(garciaForm.items[0].answeredAt).toBeNull();
  });

  it("is closed after the deadline: 410 naming whom to contact, and the portal's form says closed", async () => {
    const { lopez, mia, campaign } = await openedCampaign();
    const token = linkToken(await waitForMail(t.mails, lopez.owner.email), "/reenrollment-answer");
    await t.ctx.db
      .updateTable("reenrollment_campaigns")
      .set({ deadline: dayFromToday(-1) })
      .where("id", "=", campaign.id)
      .execute();
    const closed = await call(t, {
      method: "POST",
      url: "/api/campaign-link",
      headers: { "accept-language": "en" },
      payload: { token },
    });
    expect(closed.statusCode).toBe(410);
    expect(errorOf(closed)).toMatchObject({ code: "CAMPAIGN_CLOSED" });
    expect(errorOf(closed).message).toMatch(
      /^This re-enrollment campaign closed on .+\. To answer now, contact .+ at .+@.+\.$/,
    );
    const late = await call(t, {
      method: "POST",
      url: `/api/family-campaigns/${campaign.id}/answers`,
      cookie: lopez.cookie,
      payload: { answers: [{ studentId: mia, answer: "returns" }] },
    });
    expect(late.statusCode).toBe(410);
    const form = (await call(t, { method: "GET", url: "/api/family-campaigns", cookie: lopez.cookie })).json();
    expect(form.items[0]).toMatchObject({ open: false, contact: { email: expect.stringContaining("@") } });
  });
});
