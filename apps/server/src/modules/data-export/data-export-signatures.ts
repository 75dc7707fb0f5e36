import type { DataExportArchive } from "@portal/shared/schemas/data-export";
import type { findSignatures } from "./data-export-rows.repository.ts";

/* data.json's `signatures` (docs/data-protection.md): each document signed online, its signers and evidence. */
export function signaturesSection(rows: Awaited<ReturnType<typeof findSignatures>>): DataExportArchive["signatures"] {
  return rows.documents.map((d) => ({
    requestId: d.request_id,
    documentKey: d.key,
    status: d.status,
    language: d.language,
    signedText: d.signed_text,
    textSha256: d.text_sha256,
    verificationCode: d.verification_code,
    completedAt: d.completed_at,
    signers: rows.signers
      .filter((s) => s.signing_document_id === d.id)
      .map((s) => ({
        role: s.role,
        name: s.name,
        identification: s.identification,
        email: s.email,
        signedAt: s.signed_at,
        typedName: s.typed_name,
        ip: s.ip,
        userAgent: s.user_agent,
      })),
    events: rows.events
      .filter((e) => e.signing_document_id === d.id)
      .map((e) => ({ at: e.at, kind: e.kind, ip: e.ip, userAgent: e.user_agent })),
  }));
}
