import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

export interface GeneralSettings {
  maintenanceMode: boolean;
}

export const GENERAL_SETTINGS_QUERY_KEY = ["settings", "general"] as const;

export function useGeneralSettings() {
  return useQuery({
    queryKey: GENERAL_SETTINGS_QUERY_KEY,
    queryFn: () => http.get<GeneralSettings>("/api/settings/general"),
  });
}

export function saveGeneralSettings(settings: GeneralSettings): Promise<GeneralSettings> {
  return http.put<GeneralSettings>("/api/settings/general", settings);
}
