// Request bodies and files the tests and the benchmarks build. No test-runner imports here, so
// scripts (scripts/bench-step-save.ts) can use them too.
import { cedulaCheckDigit } from "@portal/shared/rules/identification";

/**
 * A valid cédula made from a number the database made unique (an upload's or a student's id): a
 * student's identification is unique in the school, so every student a test creates
 * needs one of its own, and specs run in parallel on one database. The two digits of `province`
 * keep the sources apart (17 for uploads, 09 for students), then the number on seven digits, then
 * the check digit.
 */
export function cedulaFor(n: number, province = 17): string {
  const firstNine = `${String(province).padStart(2, "0")}${String(n % 10_000_000).padStart(7, "0")}`;
  return `${firstNine}${cedulaCheckDigit(firstNine)}`;
}

/**
 * A small valid PDF that pdf-lib parses: one empty page, or one showing `label` (plain ASCII) so a
 * test can tell which file it got back once the server has rebuilt it.
 */
export function minimalPdf(label?: string): Buffer {
  const content = label ? `BT /F1 12 Tf 20 100 Td (${label}) Tj ET` : "";
  const objects = [
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]${label ? " /Contents 4 0 R" : ""} >>\nendobj\n`,
    ...(label ? [`4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`] : []),
  ];
  return pdfOfObjects(objects);
}

/**
 * A PDF file of numbered objects (object 1 the catalog) with its cross-reference table; `head`
 * after the header line and `tail` after %%EOF let a test build hostile variants.
 */
export function pdfOfObjects(objects: string[], opts: { head?: string; tail?: string } = {}): Buffer {
  let body = `%PDF-1.4\n${opts.head ?? ""}`;
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += object;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n${opts.tail ?? ""}`;
  return Buffer.from(body, "latin1");
}

/** A multipart/form-data body with one `file` part, as a browser's FormData would send it. */
export function multipart(content: Buffer, filename = "cedula.pdf", contentType = "application/pdf") {
  const boundary = "----portal-test-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A complete student-file step for a child born in 2015, with its uploaded cédula; the number is
 * made from the upload's id (`cedulaFor`), so each student has its own.
 */
export function studentFileBody(identityDocumentFileId: number, overrides: Record<string, unknown> = {}) {
  return {
    gender: "F",
    firstName: "Pérez",
    secondName: "Loor",
    names: "Ana Lucía",
    birthDate: "2015-03-14",
    birthCountry: "EC",
    birthCity: "Quito",
    primaryResidence: "Av. Amazonas N24-03, Quito",
    primaryNationality: "EC",
    documentNumber: cedulaFor(identityDocumentFileId),
    identityDocumentFileId,
    emergencyContacts: [{ name: "Rosa Loor", relationship: "GRANDMOTHER", phone: "+593 99 111 2222" }],
    ...overrides,
  };
}

export const representativeBody = (
  type: 1 | 2,
  documentNumber: string,
  photoFileId: number,
  documentFileId: number,
) => ({
  typeRepresentative: type,
  isAccountHolder: type === 1,
  civilStatus: "MARRIED",
  isLegalRepresentative: true,
  relationshipStudentCode: type === 1 ? "MOTHER" : "FATHER",
  firstName: type === 1 ? "Loor" : "Pérez",
  names: type === 1 ? "Carmen" : "Jorge",
  photoFileId,
  birthDate: "1985-06-01",
  birthCountry: "EC",
  birthCity: "Guayaquil",
  primaryNationality: "EC",
  email: `rep${type}@example.ec`,
  emailConfirmation: `rep${type}@example.ec`,
  countryResidence: "EC",
  cityResidence: "Quito",
  address: "Av. 6 de Diciembre N30-10",
  cellPhone: "099 123 4567",
  cellPhoneConfirmation: "0991234567",
  professionalSituation: "EMPLOYED",
  categoryWork: "PCS3",
  shareContacts: false,
  documentFileId,
  typeIdentification: 2,
  documentNumber,
});

/**
 * A valid body for every data step, in order, for a new 2015-born student in CM2 (so the
 * vaccination booklet is required). `pdf` and `photo` upload a file of the given kind and answer
 * its id; the API tests, the benchmark and the end-to-end tests each upload their own way.
 */
export async function everyStepBody(deps: {
  schoolYearId: number;
  pdf: (kind: string) => Promise<number>;
  photo: (kind: string) => Promise<number>;
}): Promise<[string, unknown][]> {
  return [
    ["studentFile", studentFileBody(await deps.pdf("identityDocument"))],
    ["enrollmentYear", { schoolYearId: deps.schoolYearId, levelCode: "CM2" }],
    ["terms", { termsOfUse: true, dataUseAgreement: true, servicesContract: true }],
    [
      "firstRepresentative",
      representativeBody(1, "PASS10001", await deps.photo("representativePhoto"), await deps.pdf("identityDocument")),
    ],
    [
      "secondRepresentative",
      representativeBody(2, "PASS20002", await deps.photo("representativePhoto"), await deps.pdf("identityDocument")),
    ],
    ["authorizedPersons", { persons: [] }],
    [
      "studentPhoto",
      {
        photoFileId: await deps.photo("studentPhoto"),
        authorizeUse: true,
        authorizePublication: false,
        authorizeCommunication: false,
        authorizeConservation: true,
      },
    ],
    ["academicHistory", { repeatingClass: false, aefeAccredited: false }],
    [
      "financialInformation",
      {
        paymentReference: "REPRESENTATIVE_1",
        namePaymentReference: "Carmen Loor",
        documentNumber: "1714307103",
        email: "pagos@example.ec",
        lastName: "Loor",
        names: "Carmen",
        paymentMethod: "TRANSFER",
      },
    ],
    ["schoolTransport", { wantsBus: false }],
    [
      "exitAuthorization",
      { emergencyPreference: "WAIT_EVACUATION", publishImage: true, events: true, pedagogicExits: true },
    ],
    [
      "medicalRecord",
      {
        disease: false,
        takeMedication: false,
        hasIncapacity: false,
        disqualifiedSport: false,
        allergies: { medications: [], foods: [], insects: [], other: [] },
        height: 138.5,
        weight: 32.4,
        vaccinationBookletFileId: await deps.pdf("vaccinationBooklet"),
        authorizeEmergencyActions: true,
        declarationOfTruth: true,
      },
    ],
  ];
}
