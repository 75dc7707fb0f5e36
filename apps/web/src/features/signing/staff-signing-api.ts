import {
  type SigningEvents,
  type SigningState,
  signingEventsSchema,
  signingStateSchema,
} from "@portal/shared/schemas/signing";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";
import { saveDownload } from "../../lib/save-download.ts";
import { SIGNING_KEY } from "./signing-api.ts";

/** The staff's calls of signing online (signingView to read, signingManage to act; docs/api.md). */

export const requestSigningKey = (requestId: number) => [...SIGNING_KEY, "request", requestId] as const;
const requestPath = (requestId: number) => `/api/requests/${requestId}/signing`;

export function useRequestSigning(requestId: number) {
  return useQuery({
    queryKey: requestSigningKey(requestId),
    queryFn: async (): Promise<SigningState> => signingStateSchema.parse(await http.get(requestPath(requestId))),
    staleTime: 0,
  });
}

/** The evidence of one document, read when its list is opened. */
export function useSigningEvents(requestId: number, documentId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...requestSigningKey(requestId), "events", documentId],
    queryFn: async (): Promise<SigningEvents> =>
      signingEventsSchema.parse(await http.get(`${requestPath(requestId)}/${documentId}/events`)),
    enabled,
    staleTime: 0,
  });
}

export async function remindSigners(requestId: number, documentId: number): Promise<SigningState> {
  return signingStateSchema.parse(await http.post(`${requestPath(requestId)}/${documentId}/remind`, {}));
}

export async function countersign(requestId: number, documentId: number, version: number): Promise<SigningState> {
  return signingStateSchema.parse(await http.post(`${requestPath(requestId)}/${documentId}/countersign`, { version }));
}

export function downloadStaffFinalPdf(requestId: number, documentId: number): Promise<void> {
  return saveDownload(`${requestPath(requestId)}/${documentId}/final.pdf`, "signed.pdf");
}
