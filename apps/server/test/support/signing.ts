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

/** The family signs `documentId` as its account's representative (a code e-mailed to the account). */
export async function familySigns(
  t: TestApp,
  mails: ReceivedMail[],
  f: SigningFamily,
  documentId: number,
  typedName?: string,
) {
  const document = await readDocument(t, f, documentId);
  const before = mails.length;
  const sent = await call(t, {
    method: "POST",
    url: `${f.base}/${documentId}/code`,
    cookie: f.family.cookie,
    payload: {},
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await codeFor(t, mails, f.family.email, before);
  return call(t, {
    method: "POST",
    url: `${f.base}/${documentId}/sign`,
    cookie: f.family.cookie,
    payload: signBody(document, code, typedName),
  });
}

/** The family e-mails the second representative its link; the link as received. */
export async function sendLink(t: TestApp, mails: ReceivedMail[], f: SigningFamily, documentId: number) {
  const before = mails.length;
  const sent = await call(t, {
    method: "POST",
    url: `${f.base}/${documentId}/link`,
    cookie: f.family.cookie,
    payload: { role: "representative2" },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return linkFor(t, mails, f.rep2Email, before);
}

/** The second representative opens its e-mailed link, asks a code and signs. */
export async function linkSigns(t: TestApp, mails: ReceivedMail[], f: SigningFamily, token: string) {
  const opened = await call(t, { method: "GET", url: `/api/signing-links/${token}` });
  expect(opened.statusCode, opened.body).toBe(200);
  const before = mails.length;
  expect((await call(t, { method: "POST", url: `/api/signing-links/${token}/code`, payload: {} })).statusCode).toBe(
    200,
  );
  const code = await codeFor(t, mails, f.rep2Email, before);
  return call(t, { method: "POST", url: `/api/signing-links/${token}/sign`, payload: signBody(opened.json(), code) });
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

/** Both representatives sign `documentId`: the family signed in, the second representative by its link. */
export async function bothSign(t: TestApp, mails: ReceivedMail[], f: SigningFamily, documentId: number) {
  const signed = await familySigns(t, mails, f, documentId);
  expect(signed.statusCode, signed.body).toBe(200);
  const { token } = await sendLink(t, mails, f, documentId);
  const byLink = await linkSigns(t, mails, f, token);
  expect(byLink.statusCode, byLink.body).toBe(200);
}

/** The school countersigns `documentId` at the version it reads; the document as answered (complete). */
export async function countersign(t: TestApp, staffCookie: string, f: SigningFamily, documentId: number) {
  const url = `/api/requests/${f.requestId}/signing`;
  const state = await call(t, { method: "GET", url, cookie: staffCookie });
  const read = (state.json() as SigningState).documents.find((d) => d.documentId === documentId)!;
  const done = await call(t, {
    method: "POST",
    url: `${url}/${documentId}/countersign`,
    cookie: staffCookie,
    payload: { version: read.version },
  });
  expect(done.statusCode, done.body).toBe(200);
  return (done.json() as SigningState).documents.find((d) => d.documentId === documentId)!;
}
