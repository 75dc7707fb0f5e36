import path from "node:path";
import { frenchTypographyProblems } from "@portal/i18n/french-typography";
import { EMAIL_TEXT_IDS, type EmailTextId } from "@portal/shared/email-texts";
import { LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import { ALL_ROUTES } from "@portal/shared/route-access";
import type { ElectionResult } from "@portal/shared/schemas/elections";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "../src/db/database.ts";
import { renderElectionResultsPublished } from "../src/mail/election-results-published.ts";
import { portalEmailText } from "../src/mail/email-text-defaults.ts";
import { loadEmailTextOverrides } from "../src/mail/email-text-overrides.ts";
import { renderEnrollmentReceived } from "../src/mail/enrollment-received.ts";
import { reminderLines, renderFamilyReminder } from "../src/mail/family-reminder.ts";
import type { OutgoingMail } from "../src/mail/mailer.ts";
import { renderPhotoRejected } from "../src/mail/photo-rejected.ts";
import { renderRequestStatusChanged } from "../src/mail/request-status-changed.ts";
import { renderMail } from "../src/mail/templates.ts";
import { JOIN_PATH } from "../src/modules/household/household.service.ts";
import { getIdentity } from "../src/modules/settings/identity.service.ts";
import { createTestApp, type TestApp } from "./support/test-app.ts";

/*
 * The e-mail sweep: every e-mail the portal sends, in each language, drawn by the renderers the
 * services call (their public entry points, the Admin's texts included) with realistic data, and
 * checked for what a family must never read — a {{placeholder}}, a catalogue key, "undefined",
 * "null", "NaN", "[object Object]" — for the school's name, and for a link that leads somewhere:
 * on PUBLIC_URL, to a screen the web app's router has. Each mail is also written to a file under
 * __email-sweep__/, reviewed by a person once; a change of wording shows in the diff.
 * The list of e-mails is the Settings › E-mail texts list (EMAIL_TEXT_IDS): a new e-mail without a
 * case here fails the sweep.
 */

let t: TestApp;
let school: string;
beforeAll(async () => {
  t = await createTestApp();
  school = (await getIdentity(t.ctx, t.ctx.db)).schoolName;
});
afterAll(() => t.close());

/** A link token as the services make them: fixed here, so the snapshots do not move. */
const TOKEN = "Qm9uam91ci1ldC1iaWVudmVudWUtYXUtcG9ydGFpbA";
const link = (pathname: string) => `${t.ctx.config.publicUrl}${pathname}`;

const RESULT: ElectionResult = {
  registeredVoters: 120,
  voters: 45,
  turnout: 37.5,
  blankVotes: 3,
  validVotes: 42,
  testBallots: 0,
  seats: 2,
  unfilledSeats: 0,
  lotSeed: 77,
  tieBreaks: [],
  lists: [
    { id: 1, name: "Familias unidas", votes: 30, byQuotient: 1, byRemainder: 0, seats: 1 },
    { id: 2, name: "Padres activos", votes: 12, byQuotient: 0, byRemainder: 1, seats: 1 },
  ],
  elected: [
    { listId: 1, userId: 5, name: "Ana Pérez", rank: 1, position: "titular" },
    { listId: 2, userId: 9, name: "Luis Mora", rank: 1, position: "titular" },
  ],
};

/**
 * Each e-mail drawn as its service draws it: the same renderer, the same kind of values, the link
 * on the path the service puts in it (auth.service.ts, account.service.ts, household.service.ts,
 * the workflow, photos, enrollment and elections routes).
 */
function draw(id: EmailTextId, language: Language): OutgoingMail {
  const person = { language, to: "maria.andrade@example.ec", name: "María José Andrade", school };
  const request = {
    ...person,
    student: "Emilia Sofía Andrade Loor",
    schoolYear: "2026-2027",
    code: "INS-2026-0042",
    link: link("/portal/inscripciones/bienvenido"),
  };
  const account = (template: Parameters<typeof renderMail>[0]["template"], pathname: string, vars = {}) =>
    renderMail({ ...person, template, link: link(pathname), vars: { hours: 48, minutes: 60, ...vars } });
  switch (id) {
    case "activation":
      return account("activation", `/account-activate/${TOKEN}`);
    case "alreadyRegistered":
      return account("alreadyRegistered", "/forgot-password");
    case "passwordReset":
      return account("passwordReset", `/reset-password/${TOKEN}`);
    case "passwordChanged":
      return account("passwordChanged", "/login");
    case "deskInvitation":
      return account("deskInvitation", `/account-activate/${TOKEN}`);
    case "householdInvitation":
      return renderMail({
        ...person,
        name: null,
        template: "householdInvitation",
        link: link(`${JOIN_PATH}/${TOKEN}`),
        vars: { inviter: "Gabriela Zambrano", days: 7 },
      });
    case "staffInvitation":
      return account("staffInvitation", `/account-activate/${TOKEN}`, {
        inviter: "Ana Lucía Pérez",
        role: language === "en" ? "Secretary" : language === "fr" ? "Secrétariat" : "Secretaría",
      });
    case "enrollmentReceived":
      return renderEnrollmentReceived({ ...request, level: "1.º de Básica", hours: 2, attachments: [] });
    case "requestStatusChanged":
      return renderRequestStatusChanged({
        ...request,
        status: "Refused",
        explanation: "La solicitud no cumple los requisitos de admisión.",
        comment: "No quedan cupos en el nivel solicitado.",
      });
    case "correctionRequested":
      return renderRequestStatusChanged({
        ...request,
        status: "InProcess",
        correction: { message: "Falta la cédula del segundo representante.", steps: ["secondRepresentative"] },
      });
    case "photoRejected":
      return renderPhotoRejected({ ...request, reason: "La foto está borrosa." });
    case "electionResults":
      return renderElectionResultsPublished({
        ...person,
        title: "Consejo de escuela",
        body: "Comité de padres",
        schoolYear: "2026-2027",
        result: RESULT,
        link: link("/portal/elecciones/completadas"),
      });
    case "familyReminder":
      return renderFamilyReminder({
        ...person,
        items: reminderLines(language, [
          { cause: "draftNotSent", student: "", year: "2026-2027", code: "", since: "2026-12-01T15:00:00Z" },
          {
            cause: "documentsOverdue",
            student: request.student,
            year: "2026-2027",
            code: request.code,
            since: "2026-12-02T17:00:00Z",
            missing: ["contract", "exitAuthorization", "imageConsent"],
          },
          {
            cause: "photoRejected",
            student: request.student,
            year: "2026-2027",
            code: request.code,
            since: "2026-12-03T14:00:00Z",
          },
        ]),
        link: link("/portal/inscripciones/bienvenido"),
      });
  }
}

/** Whether a route pattern of the web app's router opens this path. */
function routerKnows(pathname: string): boolean {
  const split = (p: string) => p.replace(/\/+$/, "").split("/").filter(Boolean);
  const actual = split(pathname);
  return ALL_ROUTES.some((route) => {
    if (route.hideInRoute || route.status !== "built") return false;
    const expected = split(route.fullPath);
    return expected.length === actual.length && expected.every((part, i) => part.startsWith(":") || part === actual[i]);
  });
}

/** What is wrong with a rendered mail, in words; empty when nothing. */
function mailProblems(mail: OutgoingMail, opts: { school: string; publicUrl: string; language: Language }): string[] {
  const problems: string[] = [];
  // French print: a narrow no-break space before the high marks (the catalogs' own check, on the mail).
  if (opts.language === "fr") {
    for (const [part, value] of [
      ["subject", mail.subject],
      ["text", mail.text],
    ] as const) {
      for (const problem of frenchTypographyProblems(value)) problems.push(`${part}: ${problem}`);
    }
  }
  for (const [part, value] of [
    ["subject", mail.subject],
    ["text", mail.text],
    ["html", mail.html],
  ] as const) {
    if (/\{\{|\}\}/.test(value)) problems.push(`${part}: a {{placeholder}} left unfilled`);
    const key =
      /\b(?:email|common|routes|elections|users):[\w.]+|\b[a-z]\w*\.(?:subject|body|action|closing|greeting|signature|ignore|title)\b/.exec(
        value,
      );
    if (key) problems.push(`${part}: a catalogue key "${key[0]}"`);
    const raw = /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/.exec(value);
    if (raw) problems.push(`${part}: "${raw[0]}"`);
    if (part !== "subject" && !value.includes(part === "html" ? escapeText(opts.school) : opts.school)) {
      problems.push(`${part}: the school's name is missing`);
    }
  }
  const links = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
  if (links.length === 0) problems.push("text: no link");
  for (const href of links) {
    if (!href.startsWith(`${opts.publicUrl}/`)) problems.push(`link ${href} is not on PUBLIC_URL`);
    else if (!routerKnows(new URL(href).pathname)) problems.push(`link ${href}: no screen has this path`);
    if (!mail.html.includes(`href="${escapeText(href)}"`)) problems.push(`html: no link to ${href}`);
  }
  return problems;
}

const escapeText = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const snapshotOf = (mail: OutgoingMail) =>
  [`Subject: ${mail.subject}`, "", mail.text, "", "----- HTML -----", mail.html, ""].join("\n");

describe("the e-mail sweep", () => {
  it("knows every e-mail of the portal", () => {
    expect(EMAIL_TEXT_IDS.length).toBeGreaterThanOrEqual(11);
  });

  for (const id of EMAIL_TEXT_IDS) {
    for (const language of LANGUAGE_CODES) {
      it(`${id} in ${language}: filled, names the school, links to a screen`, async () => {
        const mail = draw(id, language);
        expect(mailProblems(mail, { school, publicUrl: t.ctx.config.publicUrl, language })).toEqual([]);
        await expect(snapshotOf(mail)).toMatchFileSnapshot(path.join("__email-sweep__", `${id}.${language}.txt`));
      });
    }
  }

  it("every e-mail written by the Admin with all its fields comes out filled too", async () => {
    // The Admin's texts (Settings › E-mail texts) saved in a transaction never committed: the
    // renderers read them from memory, loaded here from that transaction, then reloaded as they were.
    const rollback = new Error("rollback");
    try {
      await writeTransaction(t.ctx.db, t.ctx.engine, async (trx) => {
        for (const id of EMAIL_TEXT_IDS) {
          for (const language of LANGUAGE_CODES) {
            const { subject, body } = portalEmailText(id, language);
            await trx
              .insertInto("email_texts")
              .values({ template: id, language, subject: `${subject} ·`, body, updated_at: null, updated_by: null })
              .onConflict((oc) => oc.columns(["template", "language"]).doUpdateSet({ subject: `${subject} ·`, body }))
              .execute();
          }
        }
        await loadEmailTextOverrides(trx);
        for (const id of EMAIL_TEXT_IDS) {
          for (const language of LANGUAGE_CODES) {
            const mail = draw(id, language);
            expect(mail.subject.endsWith(" ·"), `${id} ${language} is the Admin's text`).toBe(true);
            expect(
              mailProblems(mail, { school, publicUrl: t.ctx.config.publicUrl, language }),
              `${id} ${language}`,
            ).toEqual([]);
          }
        }
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    } finally {
      await loadEmailTextOverrides(t.ctx.db);
    }
  });
});
