import type { TestApp } from "./test-app.ts";
import { call } from "./test-app.ts";

/**
 * The Settings panel's upload as the browser's FormData sends it: `password`, then `file`.
 * `password: undefined` leaves the password part out.
 */
export function certificateUpload(content: Buffer, password: string | undefined, filename = "colegio.p12") {
  const boundary = "----portal-certificate-boundary";
  const parts: Buffer[] = [];
  if (password !== undefined) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a certificate as the Admin whose cookie is given. */
export function uploadCertificate(t: TestApp, cookie: string, content: Buffer, password: string | undefined) {
  return call(t, {
    method: "PUT",
    url: "/api/settings/school-certificate",
    cookie,
    ...certificateUpload(content, password),
  });
}
