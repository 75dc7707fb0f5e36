/**
 * A code for a new entry the Admin did not give one: the Spanish label in capitals without accents,
 * words joined by "_" ("Tío abuelo" → TIO_ABUELO), cut to the catalogue's maximum, with a number
 * added when taken. `taken` holds the codes in lower case, deleted ones included.
 */
export function generateCode(label: string, max: number, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "") || "ITEM";
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `_${n}`;
    const code = `${base.slice(0, Math.max(1, max - suffix.length)).replace(/_+$/, "")}${suffix}`;
    if (!taken.has(code.toLowerCase())) return code;
  }
}
