import { Alert, Button, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { CARDS_QUERY_KEY, discardFile, fileQueryKey, startFile } from "./enrollment-api.ts";
import { useInscriptionStore } from "./enrollment-store.ts";
import { resumeStep, wizardPath } from "./wizard-steps.ts";

/** The family's own student a new file's identification belongs to (409 STUDENT_ALREADY_IN_FAMILY). */
export interface ExistingStudent {
  studentId: number;
  name: string;
  message: string;
}

/** The student a failed save offers instead, or null for any other failure. */
export function existingStudentOf(error: unknown): ExistingStudent | null {
  if (!hasErrorCode(error, "STUDENT_ALREADY_IN_FAMILY")) return null;
  const { studentId, name } = error.details;
  if (typeof studentId !== "number") return null;
  return { studentId, name: String(name ?? ""), message: error.message };
}

/**
 * Spec 5, "within a family, the existing student is offered instead": the identification typed
 * on a new student's file is one of the family's own students. Continuing opens that student's
 * file for this year (its re-enrollment, started if needed) and drops the blank new file, so no
 * unnamed card stays behind; a new file further along is kept (the server refuses to drop it).
 */
export function ExistingStudentOffer({
  existing,
  fileId,
  onLeave,
}: {
  existing: ExistingStudent;
  /** The file being filled in. */
  fileId: number;
  onLeave: (path: string, before: () => void) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selectFile = useInscriptionStore((state) => state.selectFile);
  const switchFile = useMutation({
    mutationFn: async () => {
      const file = await startFile(existing.studentId);
      await discardFile(fileId).catch((error: unknown) => {
        if (!hasErrorCode(error, "FILE_NOT_DISCARDABLE", "FILE_LOCKED")) throw error;
      });
      return file;
    },
    onSuccess: (file) => {
      queryClient.setQueryData(fileQueryKey(file.id), file);
      void queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY });
      onLeave(wizardPath(resumeStep(file)), () => selectFile(file));
    },
  });
  return (
    <Alert color="blue" title={t("enrollment:existingStudent.title")} data-testid="existing-student">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{existing.message}</Text>
        <Button variant="light" loading={switchFile.isPending} onClick={() => switchFile.mutate()}>
          {t("enrollment:existingStudent.continue", { name: existing.name })}
        </Button>
        <FormErrorAlert error={switchFile.error} />
      </Stack>
    </Alert>
  );
}
