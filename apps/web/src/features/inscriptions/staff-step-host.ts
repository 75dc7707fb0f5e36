import type { StepId } from "@portal/shared/enrollment-steps";
import type { RequestModule } from "@portal/shared/schemas/request-steps";
import { STAFF_EDITABLE_STEPS } from "@portal/shared/staff-modules";
import type { QueryClient } from "@tanstack/react-query";
import { statusLabelNow } from "../../lib/status-texts.ts";
import type { ReadOnlyNotice, StepHost, UploadAccess } from "../enrollment/step-kit/step-host.tsx";
import { fetchModuleStep, moduleQueryKey, moduleStepQueryKey, moduleUploadUrl, saveModuleStep } from "./module-api.ts";
import { detailQueryKey, LIST_QUERY_KEY } from "./requests-api.ts";

/** Why staff see a step read-only: their role, the family's consents, or a closed request. */
export function staffNotice(module: RequestModule, step: StepId): ReadOnlyNotice | null {
  if (module.editableSteps.includes(step)) return null;
  if (!module.canManage)
    return { title: "inscriptions:module.readOnlyTitle", body: "inscriptions:module.roleReadOnly" };
  if (!STAFF_EDITABLE_STEPS.includes(step)) {
    return { title: "inscriptions:module.readOnlyTitle", body: `inscriptions:module.familyConsents.${step}` };
  }
  return {
    title: "inscriptions:module.readOnlyTitle",
    body: "inscriptions:module.closed",
    values: { status: statusLabelNow(module.status) },
  };
}

/**
 * A request's module page as the host of the wizard's step page (one form, two
 * contexts): the step read and saved through the staff endpoints with the version the page read
 * (a conflict is a 409 the form shows with "reload"), read-only where the caller may not change
 * it, no "next" (the page stays), and the family's files shown inline, never replaced.
 */
export function staffStepHost(module: RequestModule, queryClient: QueryClient, reload: () => void): StepHost {
  const id = module.requestId;
  return {
    fileId: module.fileId,
    schoolYearId: module.schoolYearId,
    stepQuery: (step) => ({ queryKey: moduleStepQueryKey(id, step), queryFn: () => fetchModuleStep(id, step) }),
    contextQuery: () => ({ queryKey: [...moduleQueryKey(id), "context"], queryFn: async () => module.context }),
    readOnlyNotice: (step) => staffNotice(module, step),
    save: async (step, body) => {
      const saved = await saveModuleStep(id, step, module.version, body);
      // The next save goes with the new version at once; the rest (name, level) is read again.
      // Only the module itself: the form already holds what was saved, and reading the step
      // again would log a second view of a medical record for one save.
      queryClient.setQueryData(moduleQueryKey(id), { ...module, version: saved.version });
      void queryClient.invalidateQueries({ queryKey: moduleQueryKey(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: detailQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: LIST_QUERY_KEY });
    },
    nextPath: () => null,
    saveLabel: "enrollment:actions.save",
    offersKnownPeople: false,
    showsStaffFields: true,
    reload,
  };
}

/** Staff see the family's files through the request, and cannot replace them. */
export function staffUploads(requestId: number): UploadAccess {
  return { urlFor: (uploadId) => moduleUploadUrl(requestId, uploadId), canUpload: false };
}
