import { FileInput, Stack } from "@mantine/core";
import { CANDIDATE_PHOTO_MAX_BYTES } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { notifySuccess } from "../../../lib/toasts.ts";
import { uploadCandidatePhoto } from "./election-admin-api.ts";

/**
 * Uploads or replaces a saved candidate's photo (JPEG or PNG; the server re-encodes it). Each
 * input's label names the candidate, so a list of them reads apart.
 */
export function CandidatePhotoUpload({
  candidate,
  onSaved,
}: {
  candidate: { id: number; name: string; photoUrl: string | null };
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const upload = useMutation({
    mutationFn: (file: File) => uploadCandidatePhoto(candidate.id, file),
    onSuccess: () => {
      notifySuccess(t("elections:admin.lists.photoSaved", { name: candidate.name }));
      onSaved();
    },
  });
  return (
    <Stack gap={4}>
      <FileInput
        size="xs"
        label={t(candidate.photoUrl ? "elections:admin.lists.photoReplace" : "elections:admin.lists.photoUpload", {
          name: candidate.name,
        })}
        description={t("elections:admin.lists.photoHint", { max: CANDIDATE_PHOTO_MAX_BYTES / (1024 * 1024) })}
        placeholder={t("elections:admin.lists.photoChoose")}
        accept="image/jpeg,image/png"
        clearable={false}
        value={null}
        onChange={(file) => {
          if (file) upload.mutate(file);
        }}
        disabled={upload.isPending}
      />
      {upload.error ? <FormErrorAlert error={upload.error} /> : null}
    </Stack>
  );
}
