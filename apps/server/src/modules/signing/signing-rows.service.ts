import { REPRESENTATIVE_ROLES, type SigningStatus } from "@portal/shared/schemas/signing";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import {
  insertDocument,
  insertSigner,
  listDocuments,
  listSigners,
  type SignerRow,
  type SigningDocumentRow,
  updateDocument,
  updateSigner,
} from "./signing.repository.ts";
import { type EventInput, insertEvents } from "./signing-evidence.repository.ts";
import type { SigningSource } from "./signing-text.ts";

/*
 * The signing rows of a request, made lazily and once (docs/rules/documents.md "Signing online"):
 * the first read of a sent request's state makes one row per document to sign and one per signer
 * (unique keys, so two readers racing make them once). Each read also keeps unsigned rows in step:
 * the version in force until the first signature (`versionChanged`), the representatives' names and
 * e-mails as on the file, and `void` while the request is withdrawn or cancelled.
 */

/** Request statuses that end it without an enrollment: its documents are void (a Restored one comes back). */
export const CLOSED_STATUSES: ReadonlySet<string> = new Set(["Cancelled", "Discontinued", "Refused"]);

/** Who and where, for the evidence. */
export interface Meta {
  ip: string;
  userAgent: string | null;
  userId: number | null;
}

export function eventOf(
  documentId: number,
  kind: string,
  meta: Meta,
  signerId: number | null = null,
  at = nowIso(),
): EventInput {
  return {
    signing_document_id: documentId,
    signer_id: signerId,
    kind,
    at,
    ip: meta.ip,
    user_agent: meta.userAgent,
    user_id: meta.userId,
  };
}

/** pending until every representative signed, then awaitingSchool (complete and void are set apart). */
export function statusFromSigners(signers: Pick<SignerRow, "role" | "signed_at">[]): SigningStatus {
  const reps = signers.filter((s) => (REPRESENTATIVE_ROLES as readonly string[]).includes(s.role));
  return reps.length > 0 && reps.every((s) => s.signed_at !== null) ? "awaitingSchool" : "pending";
}

export interface SigningRows {
  documents: SigningDocumentRow[];
  signers: SignerRow[];
}

async function createDocuments(ctx: AppContext, s: SigningSource, have: Set<number>, meta: Meta, now: string) {
  for (const document of s.signable.filter((d) => !have.has(d.documentId))) {
    const id = await insertDocument(ctx.db, {
      request_id: s.request.requestId,
      file_id: s.request.fileId,
      document_id: document.documentId,
      version_id: document.versionId,
      language: s.language,
      status: "pending",
      created_at: now,
    });
    if (id === undefined) continue;
    for (const rep of s.representatives) {
      await insertSigner(ctx.db, {
        signing_document_id: id,
        role: rep.role,
        name: rep.name,
        identification: rep.identification,
        email: rep.email,
        created_at: now,
      });
    }
    await insertSigner(ctx.db, { signing_document_id: id, role: "school", name: "", created_at: now });
    await insertEvents(ctx.db, [eventOf(id, "created", meta, null, now)]);
  }
}

/** Unsigned documents follow the version in force and the file's representatives; void follows the request. */
async function syncDocument(
  ctx: AppContext,
  s: SigningSource,
  row: SigningDocumentRow,
  signers: SignerRow[],
  meta: Meta,
) {
  const now = nowIso();
  const closed = CLOSED_STATUSES.has(s.request.requestStatus);
  const status = row.status as SigningStatus;
  if (closed && (status === "pending" || status === "awaitingSchool")) {
    await updateDocument(ctx.db, row.id, row.version, { status: "void" });
    await insertEvents(ctx.db, [eventOf(row.id, "voided", meta, null, now)]);
    return;
  }
  if (!closed && status === "void") {
    await updateDocument(ctx.db, row.id, row.version, { status: statusFromSigners(signers) });
    return;
  }
  if (status !== "pending") return;
  if (row.signed_text === null) {
    const inForce = s.signable.find((d) => d.documentId === row.document_id);
    if (inForce && inForce.versionId !== row.version_id) {
      if (await updateDocument(ctx.db, row.id, row.version, { version_id: inForce.versionId })) {
        const event = eventOf(row.id, "versionChanged", meta, null, now);
        await insertEvents(ctx.db, [
          { ...event, detail: JSON.stringify({ from: row.version_id, to: inForce.versionId }) },
        ]);
      }
    }
  }
  for (const rep of s.representatives) {
    const signer = signers.find((x) => x.role === rep.role);
    if (!signer) {
      await insertSigner(ctx.db, {
        signing_document_id: row.id,
        role: rep.role,
        name: rep.name,
        identification: rep.identification,
        email: rep.email,
        created_at: now,
      });
    } else if (
      signer.signed_at === null &&
      (signer.name !== rep.name || signer.identification !== rep.identification || signer.email !== rep.email)
    ) {
      await updateSigner(ctx.db, signer.id, { name: rep.name, identification: rep.identification, email: rep.email });
    }
  }
}

/** The request's rows, made and brought in step; none for a request closed before its first read. */
export async function ensureRows(ctx: AppContext, s: SigningSource, meta: Meta): Promise<SigningRows> {
  const existing = await listDocuments(ctx.db, s.request.requestId);
  const existingSigners = await listSigners(
    ctx.db,
    existing.map((d) => d.id),
  );
  for (const row of existing) {
    await syncDocument(
      ctx,
      s,
      row,
      existingSigners.filter((x) => x.signing_document_id === row.id),
      meta,
    );
  }
  if (!CLOSED_STATUSES.has(s.request.requestStatus)) {
    await createDocuments(ctx, s, new Set(existing.map((d) => d.document_id)), meta, nowIso());
  }
  const documents = await listDocuments(ctx.db, s.request.requestId);
  const signers = await listSigners(
    ctx.db,
    documents.map((d) => d.id),
  );
  return { documents, signers };
}
