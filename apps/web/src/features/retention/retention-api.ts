import {
  type Hold,
  type HoldCreateInput,
  holdListSchema,
  holdSchema,
  processingRegisterSchema,
  type RetentionRun,
  type RetentionSettings,
  type RetentionSettingsInput,
  retentionPreviewSchema,
  retentionRunListSchema,
  retentionRunSchema,
  retentionSettingsSchema,
} from "@portal/shared/schemas/retention";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";
import { saveDownload } from "../../lib/save-download.ts";

/** Settings › Data retention and the processing register (docs/rules/data-protection.md "Retention periods"). */

export const RETENTION_KEY = ["settings", "retention"] as const;
export const HOLDS_KEY = [...RETENTION_KEY, "holds"] as const;
export const PREVIEW_KEY = [...RETENTION_KEY, "preview"] as const;
export const RUNS_KEY = [...RETENTION_KEY, "runs"] as const;

export function useRetentionSettings() {
  return useQuery({
    queryKey: RETENTION_KEY,
    queryFn: async () => retentionSettingsSchema.parse(await http.get("/api/settings/retention")),
  });
}

export async function saveRetentionSettings(body: RetentionSettingsInput): Promise<RetentionSettings> {
  return retentionSettingsSchema.parse(await http.put("/api/settings/retention", body));
}

export function useHolds() {
  return useQuery({
    queryKey: HOLDS_KEY,
    queryFn: async () => holdListSchema.parse(await http.get("/api/settings/retention/holds")),
  });
}

export async function placeHold(body: HoldCreateInput): Promise<Hold> {
  return holdSchema.parse(await http.post("/api/settings/retention/holds", body));
}

export async function releaseHold(id: number): Promise<void> {
  await http.delete(`/api/settings/retention/holds/${id}`);
}

export function usePreview() {
  return useQuery({
    queryKey: PREVIEW_KEY,
    queryFn: async () => retentionPreviewSchema.parse(await http.get("/api/settings/retention/preview")),
  });
}

/** The runs; polled every second while one is under way, so the progress moves. */
export function useRuns() {
  return useQuery({
    queryKey: RUNS_KEY,
    queryFn: async () => retentionRunListSchema.parse(await http.get("/api/settings/retention/runs")),
    refetchInterval: (query) => (query.state.data?.items.some((run) => run.status === "running") ? 1000 : false),
  });
}

/** One run with its report; polled every second while it is under way. */
export function useRun(id: number | null) {
  return useQuery({
    queryKey: [...RUNS_KEY, id],
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" ? 1000 : false),
    queryFn: async () => retentionRunSchema.parse(await http.get(`/api/settings/retention/runs/${id}`)),
  });
}

export async function startRun(): Promise<RetentionRun> {
  return retentionRunSchema.parse(await http.post("/api/settings/retention/runs", { confirm: true }));
}

export function useProcessingRegister(language: string) {
  return useQuery({
    queryKey: ["settings", "processing-register", language],
    queryFn: async () => processingRegisterSchema.parse(await http.get("/api/settings/processing-register")),
  });
}

export function downloadProcessingRegister(): Promise<void> {
  return saveDownload("/api/settings/processing-register/file", "processing-register.xlsx");
}
