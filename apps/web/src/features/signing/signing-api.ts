import {
  type SigningCodeSent,
  type SigningDocument,
  type SigningLinkDocument,
  type SigningSign,
  type SigningState,
  signingCodeSentSchema,
  signingDocumentSchema,
  signingLinkDocumentSchema,
  signingStateSchema,
} from "@portal/shared/schemas/signing";
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";
import { saveDownload } from "../../lib/save-download.ts";

/**
 * Signing online (docs/rules/documents.md "Signing online"), the family's and the e-mailed link's
 * calls. Nothing here is kept in browser storage: the state is the server's, read again on a reload.
 */

export const SIGNING_KEY = ["signing"] as const;
export const familySigningKey = (fileId: number) => [...SIGNING_KEY, "file", fileId] as const;

const filePath = (fileId: number) => `/api/enrollment/files/${fileId}/signing`;

/** The family's "Sign online" section: every document to sign and where each signer stands. */
export function useFamilySigning(fileId: number) {
  return useQuery({
    queryKey: familySigningKey(fileId),
    queryFn: async (): Promise<SigningState> => signingStateSchema.parse(await http.get(filePath(fileId))),
    staleTime: 0,
  });
}

export async function sendSigningLink(fileId: number, documentId: number): Promise<SigningState> {
  return signingStateSchema.parse(
    await http.post(`${filePath(fileId)}/${documentId}/link`, { role: "representative2" }),
  );
}

export function downloadFamilyFinalPdf(fileId: number, documentId: number): Promise<void> {
  return saveDownload(`${filePath(fileId)}/${documentId}/final.pdf`, "signed.pdf");
}

/**
 * Where one signer reads, asks for a code and signs: the family's own account, or the link's
 * token. The signing screen is one component for both.
 */
export interface SigningEndpoint {
  key: QueryKey;
  read: () => Promise<SigningDocument | SigningLinkDocument>;
  sendCode: () => Promise<SigningCodeSent>;
  sign: (body: SigningSign) => Promise<unknown>;
}

export function familyEndpoint(fileId: number, documentId: number): SigningEndpoint {
  const base = `${filePath(fileId)}/${documentId}`;
  return {
    key: [...SIGNING_KEY, "file", fileId, "document", documentId],
    read: async () => signingDocumentSchema.parse(await http.get(base)),
    sendCode: async () => signingCodeSentSchema.parse(await http.post(`${base}/code`, {})),
    sign: (body) => http.post(`${base}/sign`, body),
  };
}

export function linkEndpoint(token: string): SigningEndpoint {
  const base = `/api/signing-links/${encodeURIComponent(token)}`;
  return {
    key: [...SIGNING_KEY, "link", token],
    read: async () => signingLinkDocumentSchema.parse(await http.get(base)),
    sendCode: async () => signingCodeSentSchema.parse(await http.post(`${base}/code`, {})),
    sign: (body) => http.post(`${base}/sign`, body),
  };
}

export function isLinkDocument(document: SigningDocument | SigningLinkDocument): document is SigningLinkDocument {
  return "schoolName" in document;
}
