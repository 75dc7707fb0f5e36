// Request bodies and files the tests and the benchmarks build. No test-runner imports here, so
// scripts (scripts/bench-step-save.ts) can use them too.

/** A small valid PDF (one empty page) that pdf-lib parses. */
export function minimalPdf(): Buffer {
  const objects = [
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += object;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A multipart/form-data body with one `file` part, as a browser's FormData would send it. */
export function multipart(content: Buffer, filename = "cedula.pdf", contentType = "application/pdf") {
  const boundary = "----portal-test-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A complete student-file step for a child born in 2015, with its uploaded cédula. */
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
    documentNumber: "1714307103",
    identityDocumentFileId,
    emergencyContacts: [{ name: "Rosa Loor", relationship: "GRANDMOTHER", phone: "+593 99 111 2222" }],
    ...overrides,
  };
}
