/**
 * File names inside a photo ZIP: `<level>/<surnames> <names> - <request code>.jpg`,
 * safe on Windows, macOS and Linux, and unique in the archive whatever the file system's case rule.
 */

// C0/C1 control characters, the characters Windows refuses in a name, and the path separators.
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F<>:"/\\|?*]/g;
// Windows' reserved device names, with or without an extension.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
/** The longest name part in UTF-8 bytes (file systems allow 255; room is left for " (n)" and the extension). */
export const MAX_NAME_BYTES = 200;

/** Cuts `text` to at most `maxBytes` of UTF-8 without splitting a character. */
export function fitBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = "";
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}

/**
 * One path segment (a folder or a file name without its extension): NFC, forbidden characters as
 * `_`, spaces collapsed, no leading dots (hidden files, `..`), no trailing dots or spaces
 * (Windows drops them), no device name, at most `maxBytes`; `_` when nothing is left.
 */
export function safeSegment(text: string, maxBytes = MAX_NAME_BYTES): string {
  let s = text.normalize("NFC").replace(/\s+/g, " ").replace(FORBIDDEN, "_").trim();
  s = fitBytes(s.replace(/^[.\s]+/, ""), maxBytes).replace(/[.\s]+$/, "");
  if (RESERVED.test(s)) s = `_${s}`;
  return s || "_";
}

/** "Surnames Names", the way a class list sorts people. */
export function surnamesFirst(person: { firstName?: unknown; secondName?: unknown; names?: unknown }): string {
  const str = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return [str(person.firstName), str(person.secondName), str(person.names)].filter(Boolean).join(" ");
}

/**
 * The entry's name: `<folder>/<who> - <code>.<ext>`; `who` is cut first so the request code
 * always survives.
 */
export function photoEntryName(parts: { folder: string; who: string; code: string; ext: "jpg" | "png" }): string {
  const code = safeSegment(parts.code, 60);
  const who = safeSegment(parts.who, MAX_NAME_BYTES - Buffer.byteLength(code) - 3);
  return `${safeSegment(parts.folder, 60)}/${who} - ${code}.${parts.ext}`;
}

/**
 * Hands out unique names: a second `a/b.jpg` becomes `a/b (2).jpg`, compared without case and
 * accents' composition (Windows and macOS would otherwise overwrite one file with the other).
 */
export class UniqueNames {
  private readonly used = new Set<string>();

  take(name: string): string {
    const dot = name.lastIndexOf(".");
    const [base, ext] = dot > name.lastIndexOf("/") ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${base} (${n})${ext}`;
      const key = candidate.normalize("NFC").toLowerCase();
      if (!this.used.has(key)) {
        this.used.add(key);
        return candidate;
      }
    }
  }
}
