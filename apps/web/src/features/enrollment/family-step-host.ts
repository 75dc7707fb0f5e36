import type { FileSummary } from "@portal/shared/schemas/enrollment-responses";
import type { QueryClient } from "@tanstack/react-query";
import {
  CARDS_QUERY_KEY,
  fileContextQuery,
  fileQueryKey,
  saveStep,
  stepDataQuery,
  stepQueryKey,
} from "./enrollment-api.ts";
import { prefetchWizardStep } from "./prefetch-step.ts";
import type { StepHost } from "./step-kit/step-host.tsx";
import { RETURN_TO_SUMMARY } from "./step-kit/use-step-form.ts";
import { stepAfter, wizardPath } from "./wizard-steps.ts";

const SENT_NOTICE = { title: "enrollment:readOnly.title", body: "enrollment:readOnly.body" };
const NOT_REOPENED_NOTICE = { title: "enrollment:readOnly.title", body: "enrollment:readOnly.notReopened" };

/**
 * The wizard as the host of its step pages: the family's own file, saved as a draft
 * that completes the step, then on to the next step (or back to the summary it came from). A sent
 * file is shown as it was sent, and a file sent back for correction lets only the reopened steps
 * change.
 */
export function familyStepHost(file: FileSummary, queryClient: QueryClient): StepHost {
  return {
    fileId: file.id,
    schoolYearId: file.schoolYearId,
    stepQuery: (step) => stepDataQuery(file.id, step),
    contextQuery: () => fileContextQuery(file.id),
    readOnlyNotice: (step) => {
      if (file.status === "sent") return SENT_NOTICE;
      // Sent back for correction: only the steps the school reopened can change (the server agrees).
      if (file.reopenedSteps && !file.reopenedSteps.includes(step)) return NOT_REOPENED_NOTICE;
      return null;
    },
    save: async (step, body) => {
      const summary = await saveStep(file.id, step, body);
      queryClient.setQueryData(fileQueryKey(file.id), summary);
      void queryClient.invalidateQueries({ queryKey: stepQueryKey(file.id, step) });
      void queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY });
      // The file's context changes with what was saved (the student's birth date, read by the
      // level's check on the next step): the read made as this step opened is not the next one's.
      void queryClient.invalidateQueries({ queryKey: fileContextQuery(file.id).queryKey, refetchType: "none" });
      // The next step opens once this one is saved: its data leaves now, beside its code.
      prefetchWizardStep(queryClient, file.id, stepAfter(step));
      return summary;
    },
    nextPath: (step, returnTo) =>
      returnTo === RETURN_TO_SUMMARY ? wizardPath("summary") : wizardPath(stepAfter(step)),
    saveLabel: "enrollment:actions.saveAndNext",
    offersKnownPeople: true,
    showsStaffFields: false,
    keepsDrafts: true,
  };
}
