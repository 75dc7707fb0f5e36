import {
  type AdminFileSettings,
  type AdminTemplate,
  adminFileSettingsSchema,
  adminTemplateSchema,
  type FileSettingsUpdate,
  type TemplateCreate,
  type TemplateUpdate,
} from "@portal/shared/schemas/file-settings";
import { useQuery } from "@tanstack/react-query";
import { http, upload } from "../../lib/http.ts";

export const FILE_SETTINGS_QUERY_KEY = ["file-settings"] as const;

/** Settings › Files: every document kind's limits and the school's templates. */
export function useFileSettings() {
  return useQuery({
    queryKey: FILE_SETTINGS_QUERY_KEY,
    queryFn: async (): Promise<AdminFileSettings> =>
      adminFileSettingsSchema.parse(await http.get("/api/settings/files")),
  });
}

export async function saveLimits(body: FileSettingsUpdate): Promise<AdminFileSettings> {
  return adminFileSettingsSchema.parse(await http.put("/api/settings/files", body));
}

/** The switch that keeps uploaded PDFs as sent, beside the cleaned copy. */
export async function saveKeepPdfOriginals(keepPdfOriginals: boolean): Promise<AdminFileSettings> {
  return adminFileSettingsSchema.parse(await http.put("/api/settings/files/pdf-originals", { keepPdfOriginals }));
}

export async function createTemplate(body: TemplateCreate): Promise<AdminTemplate> {
  return adminTemplateSchema.parse(await http.post("/api/settings/file-templates", body));
}

export async function updateTemplate(id: number, body: TemplateUpdate): Promise<AdminTemplate> {
  return adminTemplateSchema.parse(await http.put(`/api/settings/file-templates/${id}`, body));
}

export function deleteTemplate(id: number): Promise<void> {
  return http.delete(`/api/settings/file-templates/${id}`);
}

export async function uploadTemplateFile(id: number, language: string, file: File): Promise<AdminTemplate> {
  return adminTemplateSchema.parse(await upload(`/api/settings/file-templates/${id}/files/${language}`, file));
}

export async function deleteTemplateFile(id: number, language: string): Promise<AdminTemplate> {
  return adminTemplateSchema.parse(await http.delete(`/api/settings/file-templates/${id}/files/${language}`));
}

/** One language's PDF exactly (no fallback), for the Admin to check what families get. */
export function templateFileUrl(id: number, language: string): string {
  return `/api/file-templates/${id}/download?language=${language}`;
}
