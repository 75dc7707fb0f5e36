import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DocumentsSource, representativesOf } from "../src/modules/enrollment/documents/document-source.ts";
import { recipientsFor } from "../src/modules/enrollment/documents/sent-file-mail.ts";
import { completeFile, startFile } from "./support/enrollment.ts";
import { flat, readPdfText } from "./support/pdf-text.ts";
import { sentFile } from "./support/sent-files.ts";
import { freePort } from "./support/server-process.ts";
import type { ReceivedMail } from "./support/smtp.ts";
import { waitForMail } from "./support/smtp.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp, uniqueEmail } from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The student completeFile enrolls (names, first and second surname). */
const STUDENT = "Ana Lucía Pérez Loor";
const SCHOOL = "Colegio Demo Bilingüe";

const documentUrl = (fileId: number | string, document: string) =>
  `/api/enrollment/files/${fileId}/documents/${document}`;

function download(app: TestApp, fileId: number | string, document: string, cookie?: string) {
  return call(app, { method: "GET", url: documentUrl(fileId, document), cookie });
}

async function pdfOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  return readPdfText(response.rawPayload);
}

describe("downloading a sent file's documents", () => {
  let family: Awaited<ReturnType<typeof signedInAs>>;
  let fileId: number;
  let code: string;
  beforeAll(async () => {
    ({ family, fileId, code } = await sentFile(t));
  });

  it("gives the owner the registration summary: a PDF naming the student, with the request code", async () => {
    const response = await download(t, fileId, "summary", family.cookie);
    const pdf = await pdfOf(response);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="resumen-inscripcion-${code}.pdf"; filename*=UTF-8''resumen-inscripcion-${code}.pdf`,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(pdf.doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.doc.getTitle()).toBe(`Resumen de inscripción – ${STUDENT}`);
    expect(pdf.doc.getAuthor()).toBe(SCHOOL);

    const text = flat(pdf.text);
    expect(text).toContain(STUDENT);
    expect(text).toContain(code);
    expect(text).toContain(SCHOOL);
    // Every section of the twelve data steps, in Spanish.
    for (const heading of [
      "Ficha del alumno",
      "Año de inscripción y nivel",
      "Términos y condiciones",
      "Representante legal 1",
      "Representante legal 2",
      "Personas autorizadas",
      "Foto del alumno y autorizaciones de imagen",
      "Historial académico",
      "Información financiera",
      "Transporte escolar",
      "Autorización de salida",
      "Ficha médica",
    ]) {
      expect(text, heading).toContain(heading);
    }
    // Catalogue codes as labels, uploads by name, consents with their version.
    expect(text).toContain("Abuela");
    expect(text).toContain("CM2 (6.º EGB)");
    expect(text).toContain("Transferencia bancaria");
    expect(text).toContain("Pasaporte");
    expect(text).toContain("identityDocument.pdf");
    expect(text).toContain("vaccinationBooklet.pdf");
    expect(text).toMatch(/Aceptado el .* \(versión \S+ del texto\)/);
    expect(text).not.toContain("GRANDMOTHER");
    expect(text).toContain(`Página 1 de ${pdf.pages.length}`);
  });

  it("gives the owner the documents to sign: contract, exit authorization and image consent on their own pages", async () => {
    const response = await download(t, fileId, "to-sign", family.cookie);
    const pdf = await pdfOf(response);
    expect(response.headers["content-disposition"]).toContain(`filename="documentos-para-firmar-${code}.pdf"`);
    expect(pdf.doc.getTitle()).toBe(`Documentos para firmar – ${STUDENT}`);
    expect(pdf.doc.getPageCount()).toBeGreaterThanOrEqual(3);

    const text = flat(pdf.text);
    expect(text).toContain(STUDENT);
    expect(text).toContain(code);
    // Parties with their identification numbers, the discount, the notary, the times, one side only.
    expect(text).toContain("PASS10001");
    expect(text).toContain("PASS20002");
    expect(text).toContain("10 %");
    expect(text).toContain("ante notario");
    expect(text).toContain("16:00");
    expect(text).toContain("Imprima este documento por una sola cara.");
    // CM2 is not an upper year: no exit alone.
    expect(text).toContain(
      "La salida sin acompañante solo es posible para los alumnos de Seconde, Première y Terminale",
    );
    // The photo step's answers (use yes, publication no, communication no, conservation yes).
    const pageOf = (title: string) => pdf.pages.findIndex((lines) => lines.includes(title));
    const contract = pageOf("Contrato de prestación de servicios educativos");
    const exit = pageOf("Autorización de salida");
    const image = pageOf("Consentimiento para el uso de la imagen");
    expect(contract).toBeGreaterThanOrEqual(0);
    expect(exit).toBeGreaterThan(contract);
    expect(image).toBeGreaterThan(exit);
    const imagePage = flat(pdf.pages[image]!.join("\n"));
    expect(imagePage.match(/No autorizo/g)).toHaveLength(2);
    expect(imagePage.match(/Autorizo/g)).toHaveLength(2);
  });

  it("writes each language's own texts and file names", async () => {
    const fr = await sentFile(t, { language: "fr" });
    const summary = await download(t, fr.fileId, "summary", fr.family.cookie);
    const pdf = await pdfOf(summary);
    expect(pdf.doc.getTitle()).toBe(`Récapitulatif d'inscription – ${STUDENT}`);
    expect(flat(pdf.text)).toContain("Fiche de l'élève");
    expect(flat(pdf.text)).toContain(fr.code);
    expect(summary.headers["content-disposition"]).toBe(
      `attachment; filename="recapitulatif-inscription-${fr.code}.pdf"; filename*=UTF-8''r%C3%A9capitulatif-inscription-${fr.code}.pdf`,
    );
    const toSign = await pdfOf(await download(t, fr.fileId, "to-sign", fr.family.cookie));
    expect(toSign.doc.getTitle()).toBe(`Documents à signer – ${STUDENT}`);
    expect(flat(toSign.text)).toContain("Contrat de prestation de services éducatifs");

    // The language follows the reader: the same family, switched to English.
    const switched = await call(t, {
      method: "PUT",
      url: "/api/session/language",
      cookie: fr.family.cookie,
      payload: { language: "en" },
    });
    expect(switched.statusCode).toBe(200);
    const english = await pdfOf(await download(t, fr.fileId, "summary", fr.family.cookie));
    expect(english.doc.getTitle()).toBe(`Registration summary – ${STUDENT}`);
    expect(flat(english.text)).toContain("Student file");
  });

  it("lets the inscription staff download any family's documents, in their own language", async () => {
    const exports = () =>
      t.ctx.db
        .selectFrom("audit_events")
        .selectAll()
        .where("event", "=", "medicalRecord.viewed")
        // In the order they were written: without it PostgreSQL may answer them in any order.
        .orderBy("id")
        .execute()
        .then((rows) => rows.filter((row) => JSON.parse(row.details ?? "{}").fileId === fileId));
    const before = (await exports()).length;
    const staffIds: number[] = [];
    for (const role of ["Secretaria", "Consulta", "Admin"] as const) {
      const staff = await signedInAs(t, role, { language: "en" });
      staffIds.push(staff.id);
      const pdf = await pdfOf(await download(t, fileId, "summary", staff.cookie));
      expect(pdf.doc.getTitle(), role).toBe(`Registration summary – ${STUDENT}`);
    }
    // The summary carries the medical record: each staff download is logged as its export.
    const logged = (await exports()).slice(before);
    expect(logged.map((row) => row.actor_user_id)).toEqual(staffIds);
    expect(JSON.parse(logged[0]?.details ?? "{}")).toMatchObject({ export: "registrationSummary" });
    const editor = await signedInAs(t, "Editor");
    const refused = await download(t, fileId, "summary", editor.cookie);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe("FORBIDDEN");
  });

  it("refuses another family (403) and anonymous callers (401)", async () => {
    const other = await signedInAs(t, "User", { language: "en" });
    for (const document of ["summary", "to-sign"]) {
      const response = await download(t, fileId, document, other.cookie);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({
        code: "NOT_YOUR_STUDENT",
        message: "You are not authorized to make modifications on this student",
      });
      const anonymous = await download(t, fileId, document);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).code).toBe("UNAUTHENTICATED");
    }
  });

  it("refuses bad path parameters with 400 VALIDATION_ERROR", async () => {
    const cases: [string, string][] = [
      [String(fileId), "pdf"],
      [String(fileId), "SUMMARY"],
      [String(fileId), "summary.pdf"],
      [String(fileId), "to_sign"],
      [String(fileId), "%00"],
      [String(fileId), "__proto__"],
      ["abc", "summary"],
      ["0", "summary"],
      ["-1", "to-sign"],
      ["1.5", "summary"],
    ];
    for (const [id, document] of cases) {
      const response = await download(t, id, document, family.cookie);
      const what = `${id} ${document}: ${response.body.slice(0, 200)}`;
      expect(response.statusCode, what).toBe(400);
      expect(errorOf(response).code, what).toBe("VALIDATION_ERROR");
    }
  });
});

describe("a file that is not sent", () => {
  it("answers 404 FILE_NOT_FOUND ('FILE NOT FOUND') to its family and to staff", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = (await startFile(t, family.cookie)).json().id as number;
    for (const document of ["summary", "to-sign"]) {
      const response = await download(t, fileId, document, family.cookie);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: "FILE_NOT_FOUND", message: "FILE NOT FOUND" });
    }
    const secretary = await signedInAs(t, "Secretaria");
    const staff = await download(t, fileId, "summary", secretary.cookie);
    expect(staff.statusCode).toBe(404);
    expect(errorOf(staff)).toEqual({ code: "FILE_NOT_FOUND", message: "ARCHIVO NO ENCONTRADO" });
  });

  it("answers 404 NOT_FOUND for a file that does not exist", async () => {
    const family = await signedInAs(t, "User");
    const response = await download(t, 2_147_483_000, "summary", family.cookie);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("NOT_FOUND");
  });

  it("turns a generation failure into FILE_NOT_FOUND, never a 500", async () => {
    const { family, fileId } = await sentFile(t);
    await t.ctx.db
      .updateTable("enrollment_steps")
      .set({ data: "{not json" })
      .where("file_id", "=", fileId)
      .where("step", "=", "medicalRecord")
      .execute();
    const response = await download(t, fileId, "to-sign", family.cookie);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("FILE_NOT_FOUND");
  });
});

/** The PDF parts of a received mail, decoded from base64. */
function pdfAttachments(mail: ReceivedMail): Buffer[] {
  return mail.raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      return { head: part.slice(0, split), body: part.slice(split) };
    })
    .filter(({ head }) => /^Content-Type: application\/pdf/im.test(head))
    .map(({ head, body }) => {
      expect(head).toMatch(/^Content-Transfer-Encoding: base64/im);
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    });
}

async function titlesOf(mail: ReceivedMail): Promise<string[]> {
  const attachments = pdfAttachments(mail);
  const titles: string[] = [];
  for (const bytes of attachments) titles.push((await readPdfText(bytes)).doc.getTitle() ?? "");
  return titles.sort();
}

describe("the e-mail after sending", () => {
  it("goes to the account holder and each representative, in their language, with both PDFs attached", async () => {
    const englishParent = await createUser(t, { language: "en" });
    const strangerEmail = uniqueEmail("stranger");
    const after = t.mails.length;
    const { family, code } = await sentFile(t, {
      language: "fr",
      rep1Email: englishParent.email,
      rep2Email: strangerEmail,
    });

    const holderMail = await waitForMail(t.mails, family.email, after, 15_000);
    expect(holderMail.subject).toBe(`Inscription reçue\u202f: ${STUDENT}, ${await yearLabel()} (${code})`);
    expect(holderMail.decoded).toContain(`Nous avons bien reçu l'inscription de l'élève ${STUDENT} en CM2`);
    expect(holderMail.decoded).toContain(code);
    expect(holderMail.decoded).toContain("dans les 2 heures");
    expect(holderMail.decoded).toContain("recto seul");
    expect(holderMail.decoded).toContain("secrétariat");
    expect(await titlesOf(holderMail)).toEqual([
      `Documents à signer – ${STUDENT}`,
      `Récapitulatif d'inscription – ${STUDENT}`,
    ]);

    // A representative with a portal account reads their own language…
    const parentMail = await waitForMail(t.mails, englishParent.email, after, 15_000);
    expect(parentMail.subject).toContain("Enrollment received");
    expect(await titlesOf(parentMail)).toEqual([`Documents to sign – ${STUDENT}`, `Registration summary – ${STUDENT}`]);
    // …one without gets the account holder's.
    const strangerMail = await waitForMail(t.mails, strangerEmail, after, 15_000);
    expect(strangerMail.subject).toContain("Inscription reçue");
    expect(pdfAttachments(strangerMail)).toHaveLength(2);

    await t.ctx.outbox.deliverDue();
    const toThisFamily = t.mails
      .slice(after)
      .filter((mail) => [family.email, englishParent.email, strangerEmail].some((to) => mail.to.includes(to)));
    expect(toThisFamily).toHaveLength(3);
  });

  it("mails an address once, whatever its case, and skips a declined second representative", async () => {
    const holder = { email: "Mama@Example.EC", names: "Carmen", firstSurname: "Loor", language: "es" as const };
    const source = {
      steps: {
        firstRepresentative: { names: "Carmen", firstName: "Loor", email: "mama@example.ec" },
        secondRepresentative: { declined: true, reason: "—" },
      },
      labels: new Map(),
      uploads: new Map(),
    } as unknown as DocumentsSource;
    expect(representativesOf(source)).toHaveLength(1);
    const recipients = await recipientsFor(holder, source, async () => []);
    expect(recipients).toEqual([{ email: "mama@example.ec", name: "Carmen Loor", language: "es" }]);

    const withTwo = {
      ...source,
      steps: {
        firstRepresentative: { names: "Carmen", firstName: "Loor", email: "MAMA@example.ec" },
        secondRepresentative: { names: "Jorge", firstName: "Pérez", email: "papa@example.ec" },
      },
    } as unknown as DocumentsSource;
    const languages = vi.fn(async (emails: string[]) =>
      emails.includes("papa@example.ec") ? [{ email: "Papa@Example.ec", language: "fr" }] : [],
    );
    expect(await recipientsFor(holder, withTwo, languages)).toEqual([
      { email: "mama@example.ec", name: "Carmen Loor", language: "es" },
      { email: "papa@example.ec", name: "Jorge Pérez", language: "fr" },
    ]);
  });
});

async function yearLabel(): Promise<string> {
  const row = await t.ctx.db
    .selectFrom("school_years")
    .select("label")
    .where("is_current", "=", 1)
    .executeTakeFirstOrThrow();
  return row.label;
}

describe("when the mail server is down", () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => down.close());

  it("the send still succeeds, its mails wait in the outbox, and the documents stay downloadable", async () => {
    const family = await signedInAs(down, "User");
    const fileId = await completeFile(down, family.cookie);
    const response = await call(down, {
      method: "POST",
      url: `/api/enrollment/files/${fileId}/send`,
      cookie: family.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().file.status).toBe("sent");

    await down.ctx.outbox.deliverDue();
    const queued = await down.ctx.db
      .selectFrom("mail_outbox as m")
      .innerJoin("requests as r", "r.id", "m.request_id")
      .select(["m.to_address", "m.status", "m.attempts", "m.last_error"])
      .where("r.file_id", "=", fileId)
      .orderBy("m.id")
      .execute();
    expect(queued.map((row) => row.to_address)).toEqual([family.email, "rep1@example.ec", "rep2@example.ec"]);
    // Every mail waits; the round stops at the first refused connection, so some may not have been tried.
    for (const row of queued) expect(row).toMatchObject({ status: "pending" });
    expect(queued.some((row) => row.attempts === 1 && /ECONNREFUSED|ECONNECTION/.test(row.last_error ?? ""))).toBe(
      true,
    );
    const file = await down.ctx.db
      .selectFrom("enrollment_files")
      .select("status")
      .where("id", "=", fileId)
      .executeTakeFirstOrThrow();
    expect(file.status).toBe("sent");
    expect((await download(down, fileId, "summary", family.cookie)).statusCode).toBe(200);
  });
});
