import type { SigningFilter, SigningSummary } from "@portal/shared/schemas/signing";

/**
 * Where a request's online signing stands, in the words of the list's filter: waiting for the
 * family while a document lacks a representative's signature, then for the school, then complete
 * (docs/rules/documents.md "Signing online"); null before anything is signed online (no rows yet,
 * or the request withdrawn).
 */
export function signingStage(summary: SigningSummary): SigningFilter | null {
  const live = summary.filter((document) => document.status !== "void");
  if (live.length === 0) return null;
  if (live.some((document) => document.status === "pending")) return "pending";
  if (live.some((document) => document.status === "awaitingSchool")) return "awaitingSchool";
  return "complete";
}
