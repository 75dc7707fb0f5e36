import { DESK_FAMILY_QUERY } from "@portal/shared/desk-header";
import type { StepId } from "@portal/shared/enrollment-steps";
import {
  type EnrollmentCard,
  enrollmentCardSchema,
  type FileContext,
  type FileSummary,
  fileContextSchema,
  fileSummarySchema,
  type StepData,
  stepDataSchema,
} from "@portal/shared/schemas/enrollment-responses";
import { type TermsTexts, termsTextsSchema } from "@portal/shared/schemas/school-documents";
import type { UploadKind } from "@portal/shared/upload-kinds";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { deskFamilyMode } from "../../lib/desk-mode.ts";
import { http, upload } from "../../lib/http.ts";

/** Calls of the enrollment file API (docs/api.md "Enrollment file" and "Uploads"). */
export const CARDS_QUERY_KEY = ["enrollment", "cards"] as const;
export const fileQueryKey = (fileId: number) => ["enrollment", "file", fileId] as const;
export const stepQueryKey = (fileId: number, step: StepId) => ["enrollment", "file", fileId, "step", step] as const;

export function useEnrollmentCards() {
  return useQuery({
    queryKey: CARDS_QUERY_KEY,
    queryFn: async (): Promise<EnrollmentCard[]> =>
      enrollmentCardSchema.array().parse(await http.get("/api/enrollment/cards")),
    staleTime: 0,
  });
}

export async function startFile(studentId?: number): Promise<FileSummary> {
  return fileSummarySchema.parse(
    await http.post("/api/enrollment/files", studentId === undefined ? {} : { studentId }),
  );
}

/** Drops a new student's file started with "+" before step 2 was saved (409 FILE_NOT_DISCARDABLE otherwise). */
export async function discardFile(fileId: number): Promise<void> {
  await http.delete(`/api/enrollment/files/${fileId}`);
}

/** Query options for a file's summary (the wizard's frame reads it before any step shows). */
export function fileSummaryQuery(fileId: number) {
  return {
    queryKey: fileQueryKey(fileId),
    queryFn: async (): Promise<FileSummary> =>
      fileSummarySchema.parse(await http.get(`/api/enrollment/files/${fileId}`)),
  };
}

export function useFileSummary(fileId: number | null) {
  return useQuery({ ...fileSummaryQuery(fileId ?? 0), enabled: fileId !== null });
}

/** Query options for a step's saved data (the wizard's step pages read it through their host). */
export function stepDataQuery(fileId: number, step: StepId) {
  return {
    queryKey: stepQueryKey(fileId, step),
    queryFn: async (): Promise<StepData> =>
      stepDataSchema.parse(await http.get(`/api/enrollment/files/${fileId}/steps/${step}`)),
  };
}

export function useStepData(fileId: number, step: StepId) {
  return useQuery({ ...stepDataQuery(fileId, step), staleTime: 0 });
}

/** Query options for the rules' inputs of a file (allowed levels, requested level, birth date, family discount). */
export function fileContextQuery(fileId: number) {
  return {
    queryKey: [...fileQueryKey(fileId), "context"],
    queryFn: async (): Promise<FileContext> =>
      fileContextSchema.parse(await http.get(`/api/enrollment/files/${fileId}/context`)),
  };
}

export function useFileContext(fileId: number) {
  return useQuery({ ...fileContextQuery(fileId), staleTime: 0 });
}

export async function saveStep(fileId: number, step: StepId, data: unknown): Promise<FileSummary> {
  return fileSummarySchema.parse(await http.put(`/api/enrollment/files/${fileId}/steps/${step}`, data));
}

/** The answer to an upload: `id` goes into the step's `…FileId` field. */
export interface UploadedFile {
  id: number;
  kind: string;
  name: string;
  size: number;
  contentType: string;
}

function parseUploadedFile(body: unknown): UploadedFile {
  const value = (body ?? {}) as Partial<UploadedFile>;
  if (typeof value.id !== "number" || typeof value.name !== "string") throw new Error("Unexpected upload answer");
  return {
    id: value.id,
    kind: String(value.kind ?? ""),
    name: value.name,
    size: Number(value.size ?? 0),
    contentType: String(value.contentType ?? ""),
  };
}

export async function uploadFile(fileId: number, kind: UploadKind, file: File): Promise<UploadedFile> {
  return parseUploadedFile(await upload(`/api/enrollment/files/${fileId}/uploads?kind=${kind}`, file));
}

export function uploadUrl(uploadId: number): string {
  // At the desk the browser's own GET (an image, a link) names the family in the query.
  const desk = deskFamilyMode();
  return `/api/enrollment/uploads/${uploadId}${desk ? `?${DESK_FAMILY_QUERY}=${desk.id}` : ""}`;
}

/**
 * The school's terms of use, data-use agreement and contract as this file reads them, filled
 * (docs/rules/documents.md "The school's own documents"), in the reader's language.
 */
export function useTermsTexts(fileId: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ["enrollment", "file", fileId, "terms-texts", i18n.language],
    queryFn: async (): Promise<TermsTexts> =>
      termsTextsSchema.parse(await http.get(`/api/enrollment/files/${fileId}/terms-texts`)),
    retry: false,
  });
}
