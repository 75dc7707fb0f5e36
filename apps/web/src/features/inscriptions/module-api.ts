import type { StepId } from "@portal/shared/enrollment-steps";
import { type StepData, stepDataSchema } from "@portal/shared/schemas/enrollment-responses";
import {
  type RequestModule,
  requestModuleSchema,
  type StaffStepSaved,
  staffStepSavedSchema,
} from "@portal/shared/schemas/request-steps";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Calls of the staff's module pages (docs/api.md "Staff module pages"). */
export const moduleQueryKey = (requestId: number) => ["inscriptions", "module", requestId] as const;
export const moduleStepQueryKey = (requestId: number, step: StepId) =>
  ["inscriptions", "module", requestId, "step", step] as const;

export function useRequestModule(requestId: number) {
  return useQuery({
    queryKey: moduleQueryKey(requestId),
    queryFn: async (): Promise<RequestModule> =>
      requestModuleSchema.parse(await http.get(`/api/requests/${requestId}/module`)),
    enabled: requestId > 0,
    staleTime: 0,
    // A missing request or one in process is an answer, not a hiccup.
    retry: false,
  });
}

export async function fetchModuleStep(requestId: number, step: StepId): Promise<StepData> {
  return stepDataSchema.parse(await http.get(`/api/requests/${requestId}/steps/${step}`));
}

export async function saveModuleStep(
  requestId: number,
  step: StepId,
  expectedVersion: number,
  data: unknown,
): Promise<StaffStepSaved> {
  return staffStepSavedSchema.parse(
    await http.put(`/api/requests/${requestId}/steps/${step}`, { expectedVersion, data }),
  );
}

/** A file the record names, shown inline (a PDF in the browser's viewer, a photo as is). */
export function moduleUploadUrl(requestId: number, uploadId: number): string {
  return `/api/requests/${requestId}/uploads/${uploadId}`;
}
