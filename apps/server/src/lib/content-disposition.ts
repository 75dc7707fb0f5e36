/** RFC 5987 value: percent-encoded UTF-8, including the characters encodeURIComponent leaves. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}

/**
 * A Content-Disposition header (RFC 6266) with an ASCII fallback name and the real one as
 * `filename*`: `attachment` to download, `inline` for the browser to show (a PDF, a photo).
 */
export function contentDisposition(type: "attachment" | "inline", filename: string): string {
  const ascii = filename
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${rfc5987(filename)}`;
}

/** `attachment` with both names. */
export const attachmentDisposition = (filename: string) => contentDisposition("attachment", filename);
