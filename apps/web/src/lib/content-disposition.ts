/** The file name a Content-Disposition header gives (RFC 6266 `filename*` first), else `fallback`. */
export function dispositionFilename(header: string | null, fallback: string): string {
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header ?? "");
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header ?? "");
  return plain?.[1] ?? fallback;
}
