import type {
  ConstantsInput,
  GeneralSettingsPage,
  IdentityInput,
  NoticesInput,
} from "@portal/shared/schemas/general-settings";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http, upload } from "../../lib/http.ts";

export interface GeneralSettings {
  maintenanceMode: boolean;
}

export const GENERAL_SETTINGS_QUERY_KEY = ["settings", "general"] as const;
/** The sections' data per school year (undefined: the current year). */
export const GENERAL_PAGE_QUERY_KEY = ["settings", "general", "page"] as const;

export function useGeneralSettings() {
  return useQuery({
    queryKey: GENERAL_SETTINGS_QUERY_KEY,
    queryFn: () => http.get<GeneralSettings>("/api/settings/general"),
  });
}

export function saveGeneralSettings(settings: GeneralSettings): Promise<GeneralSettings> {
  return http.put<GeneralSettings>("/api/settings/general", settings);
}

export function useGeneralSettingsPage(schoolYearId: number | undefined) {
  return useQuery({
    queryKey: [...GENERAL_PAGE_QUERY_KEY, schoolYearId ?? "current"],
    queryFn: () =>
      http.get<GeneralSettingsPage>(
        schoolYearId === undefined
          ? "/api/settings/general/page"
          : `/api/settings/general/page?schoolYearId=${schoolYearId}`,
      ),
    // Switching years keeps the page in place while the other year loads.
    placeholderData: keepPreviousData,
  });
}

export const saveIdentity = (input: IdentityInput) =>
  http.put<GeneralSettingsPage>("/api/settings/general/identity", input);

export const saveConstants = (schoolYearId: number, input: ConstantsInput) =>
  http.put<GeneralSettingsPage>(`/api/settings/general/years/${schoolYearId}/constants`, input);

export const saveNotices = (schoolYearId: number, input: NoticesInput) =>
  http.put<GeneralSettingsPage>(`/api/settings/general/years/${schoolYearId}/notices`, input);

export const uploadLogo = (file: File) => upload<{ ok: true }>("/api/settings/general/logo", file);

export const removeLogo = () => http.delete<{ ok: true }>("/api/settings/general/logo");
