import type { SigningDocument, SigningState } from "@portal/shared/schemas/signing";
import { expect } from "vitest";
import { sentFile } from "./sent-files.ts";
import { linkToken, type ReceivedMail } from "./smtp.ts";
import { deliveredAll } from "./smtp-outbox-app.ts";
import { call, currentSchoolYearId, type TestApp, uniqueEmail } from "./test-app.ts";

/* Signing online's integration specs (docs/rules/documents.md "Signing online"): a family with a sent file, its calls. */

export type SigningFamily = Awaited<ReturnType<typeof signingFamily>>;

export async function signingFamily(t: TestApp, opts: { language?: string } = {}) {
  const rep2Email = uniqueEmail("rep2");
  const sent = await sentFile(t, { rep2Email, ...(opts.language ? { language: opts.language } : {}) });
  const request = await t.ctx.db
    .selectFrom("requests")
    .select("id")
    .where("code", "=", sent.code)
    .executeTakeFirstOrThrow();
  const base = `/api/enrollment/files/${sent.fileId}/signing`;
  return { ...sent, rep2Email, requestId: request.id, base };
}

export async function stateOf(t: TestApp, f: SigningFamily): Promise<SigningState> {
  const response = await call(t, { method: "GET", url: f.base, cookie: f.family.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function contractOf(t: TestApp, f: SigningFamily) {
  const state = await stateOf(t, f);
  const contract = state.documents.find((d) => d.key === "contract");
  expect(contract).toBeDefined();
  return contract!;
}

export async function readDocument(t: TestApp, f: SigningFamily, documentId: number): Promise<SigningDocument> {
  const response = await call(t, { method: "GET", url: `${f.base}/${documentId}`, cookie: f.family.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The first mail to `to` after the `after`-th one that `matches` (delivered by the real SMTP server). */
async function mailTo(
  t: TestApp,
  mails: ReceivedMail[],
  to: string,
  after: number,
  matches: (m: ReceivedMail) => boolean,
) {
  await deliveredAll(t);
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = mails.slice(after).find((mail) => mail.to.includes(to) && matches(mail));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching e-mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The code e-mailed to `to` after the `after`-th mail: its subject starts with it, in every language. */
export async function codeMail(t: TestApp, mails: ReceivedMail[], to: string, after: number) {
  const mail = await mailTo(t, mails, to, after, (m) => /^\d{6} /.test(m.subject));
  return { mail, code: /^(\d{6}) /.exec(mail.subject)![1]! };
}

export async function codeFor(t: TestApp, mails: ReceivedMail[], to: string, after: number): Promise<string> {
  return (await codeMail(t, mails, to, after)).code;
}

export async function linkFor(t: TestApp, mails: ReceivedMail[], to: string, after: number) {
  const mail = await mailTo(t, mails, to, after, (m) => m.decoded.includes("/sign/"));
  return { mail, token: linkToken(mail, "/sign") };
}

export function signBody(document: SigningDocument, code: string, typedName = document.signer.name) {
  return { versionId: document.versionId, textSha256: document.textSha256, code, typedName, read: true };
}

/** Publishes a new version of one of the current year's documents with `marker` in its Spanish text (Settings › Documents). */
export async function publishNewVersion(t: TestApp, adminCookie: string, documentId: number, marker: string) {
  const schoolYearId = await currentSchoolYearId(t);
  const list = await call(t, {
    method: "GET",
    url: `/api/settings/documents?schoolYearId=${schoolYearId}`,
    cookie: adminCookie,
  });
  expect(list.statusCode, list.body).toBe(200);
  const doc = (
    list.json().documents as {
      id: number;
      version: number;
      inForce: { titles: Record<string, string>; bodies: Record<string, string> };
    }[]
  ).find((d) => d.id === documentId)!;
  const bodies = { ...doc.inForce.bodies, es: `${doc.inForce.bodies.es}\n\n${marker}` };
  const draft = await call(t, {
    method: "PUT",
    url: `/api/settings/documents/${documentId}/draft`,
    cookie: adminCookie,
    payload: { titles: doc.inForce.titles, bodies, expectedVersion: doc.version },
  });
  expect(draft.statusCode, draft.body).toBe(200);
  const published = await call(t, {
    method: "POST",
    url: `/api/settings/documents/${documentId}/publish`,
    cookie: adminCookie,
    payload: { expectedVersion: draft.json().version ?? doc.version + 1 },
  });
  expect(published.statusCode, published.body).toBe(200);
}
