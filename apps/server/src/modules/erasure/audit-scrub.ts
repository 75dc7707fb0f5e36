/*
 * The audit rows an erasure keeps (the school's accountability record: who viewed a medical
 * record, who changed a request) lose what named the erased: their ids, request codes, names,
 * identification numbers and e-mails become null or "[erased]", and the row gets the erasure's
 * opaque reference (docs/rules/data-protection.md "Erasure"). Other values stay: a bulk action's row
 * still names the other requests it changed.
 */

export interface ErasedValues {
  fileIds: Set<number>;
  requestIds: Set<number>;
  studentIds: Set<number>;
  uploadIds: Set<number>;
  accountIds: Set<number>;
  /** Codes, names, numbers, e-mails: compared ignoring case; a text containing one is erased whole. */
  texts: string[];
}

export const ERASED_TEXT = "[erased]";

function idsFor(key: string, erased: ErasedValues): Set<number> | null {
  const k = key.toLowerCase();
  if (k.includes("upload")) return erased.uploadIds;
  if (k.includes("request")) return erased.requestIds;
  if (k.includes("student")) return erased.studentIds;
  if (k.includes("file")) return erased.fileIds;
  if (k.includes("user") || k.includes("account") || k.includes("subject") || k === "familyid") {
    return erased.accountIds;
  }
  return null;
}

function mentions(text: string, texts: string[]): boolean {
  const lower = text.toLowerCase();
  return texts.some((needle) => lower.includes(needle));
}

/** The details with the erased values replaced, or null when nothing in them names the erased. */
export function scrubDetails(details: unknown, erased: ErasedValues): unknown {
  const texts = erased.texts.map((t) => t.trim().toLowerCase()).filter((t) => t.length >= 3);
  let changed = false;
  const walk = (node: unknown, ids: Set<number> | null): unknown => {
    if (typeof node === "number" && ids?.has(node)) {
      changed = true;
      return null;
    }
    if (typeof node === "string" && mentions(node, texts)) {
      changed = true;
      return ERASED_TEXT;
    }
    if (Array.isArray(node)) return node.map((item) => walk(item, ids));
    if (node && typeof node === "object") {
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, idsFor(key, erased))]));
    }
    return node;
  };
  const result = walk(details, null);
  return changed ? result : null;
}
