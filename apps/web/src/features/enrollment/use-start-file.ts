import type { FileSummary } from "@portal/shared/schemas/enrollment-responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { CARDS_QUERY_KEY, fileQueryKey, startFile } from "./enrollment-api.ts";
import { useInscriptionStore } from "./enrollment-store.ts";
import { prefetchWizardStep } from "./prefetch-step.ts";
import { resumeStep, wizardPath } from "./wizard-steps.ts";

/**
 * Starting a file and opening it where it resumes: "+" (no student, a first enrollment) or a
 * student without a file for this year (re-enrollment). Used by the welcome cards and by
 * "add another student" on the congratulations screen.
 */
export function useStartFile() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selectFile = useInscriptionStore((state) => state.selectFile);
  return useMutation({
    mutationFn: (studentId?: number) => startFile(studentId),
    onSuccess: (file: FileSummary) => {
      queryClient.setQueryData(fileQueryKey(file.id), file);
      void queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY });
      selectFile(file);
      prefetchWizardStep(queryClient, file.id, resumeStep(file));
      void navigate(wizardPath(resumeStep(file)));
    },
  });
}
