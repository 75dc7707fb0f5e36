import type { DataExportArchive } from "@portal/shared/schemas/data-export";
import { safeName } from "../documents/documents-zip.ts";
import type { findSignatures } from "./data-export-rows.repository.ts";

/** A final signed PDF to copy from DATA_DIR/files into the archive, as stored (never drawn again). */
export type SignedFile = { type: "signed"; signatureIndex: number; storageKey: string; entry: string };

/** The title in `signed_text` (JSON of the title and blocks); null when unreadable. */
function titleOf(signedText: string | null): string | null {
  if (signedText === null) return null;
  try {
    const title = (JSON.parse(signedText) as { title?: unknown }).title;
    return typeof title === "string" && title.trim() !== "" ? title : null;
  } catch {
    return null;
  }
}

/*
 * data.json's `signatures` (docs/data-protection.md): each document signed online, its signers and
 * evidence; and each complete one's final PDF, put in the archive under signed-documents/ as the
 * exact bytes stored (their SHA-256 is `final_sha256`, what the public checker knows).
 */
export function signaturesSection(
  rows: Awaited<ReturnType<typeof findSignatures>>,
  codes: ReadonlyMap<number, string>,
): { signatures: DataExportArchive["signatures"]; files: SignedFile[] } {
  const files: SignedFile[] = [];
  const used = new Set<string>();
  const signatures = rows.documents.map((d, signatureIndex) => {
    const title = titleOf(d.signed_text);
    let archivePath: string | null = null;
    if (d.status === "complete" && d.final_storage_key) {
      const base = safeName(`${codes.get(d.request_id) ?? d.request_id}-${title ?? d.key}`);
      archivePath = `signed-documents/${used.has(base) ? `${base}-${d.id}` : base}.pdf`;
      used.add(base);
      files.push({ type: "signed", signatureIndex, storageKey: d.final_storage_key, entry: archivePath });
    }
    return {
      requestId: d.request_id,
      documentKey: d.key,
      status: d.status,
      language: d.language,
      signedText: d.signed_text,
      textSha256: d.text_sha256,
      verificationCode: d.verification_code,
      completedAt: d.completed_at,
      title,
      finalSha256: d.final_sha256,
      archivePath,
      missing: false,
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
    };
  });
  return { signatures, files };
}
