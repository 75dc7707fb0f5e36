import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { EnrollmentCard } from "@portal/shared/schemas/enrollment-responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { notifySuccess } from "../../lib/toasts.ts";
import { replaceStudentPhoto } from "../photos/photos-api.ts";
import { CARDS_QUERY_KEY, stepQueryKey } from "./enrollment-api.ts";
import { StudentPhotoUpload } from "./student-photo-fields.tsx";
import { type StudentPhotoValues, toFormValues } from "./student-photo-form.ts";

/**
 * "Send a new photo": after the school office rejected the student photo, the family
 * picks, crops and uploads a new one with the wizard's own photo field, then sends it
 * (PUT /api/enrollment/files/:fileId/photo). The image authorizations stay as they were saved.
 */
export function PhotoReplacementDialog({
  card,
  opened,
  onClose,
}: {
  card: EnrollmentCard;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("enrollment:photoRejection.dialogTitle", { student: card.studentName })}
      centered
      size="xl"
    >
      {/* Mounted only while open: a new visit starts without the last visit's photo. */}
      {opened && card.fileId !== null ? (
        <PhotoReplacementForm fileId={card.fileId} reason={card.photoRejection?.reason ?? ""} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function PhotoReplacementForm({ fileId, reason, onDone }: { fileId: number; reason: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<StudentPhotoValues>({ defaultValues: toFormValues(null) });
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const photoFileId = form.watch("photoFileId");

  const send = useMutation({
    mutationFn: (id: number) => replaceStudentPhoto(fileId, id),
    onSuccess: () => {
      notifySuccess(t("enrollment:photoRejection.sent"));
      void queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: stepQueryKey(fileId, "studentPhoto") });
      onDone();
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (photoFileId !== null) send.mutate(photoFileId);
      }}
    >
      <Stack gap="md">
        {reason ? (
          <Alert color="orange" title={t("enrollment:photoRejection.reasonTitle")} p="xs">
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {reason}
            </Text>
          </Alert>
        ) : null}
        <Text size="sm">{t("enrollment:photoRejection.dialogIntro")}</Text>
        <StudentPhotoUpload form={form} fileId={fileId} onBusy={setBusy} />
        {submitted && photoFileId === null ? (
          <Text size="sm" c="red" role="alert">
            {t("enrollment:photoRejection.chooseFirst")}
          </Text>
        ) : null}
        <FormErrorAlert error={send.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={send.isPending}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={busy}>
            {t("enrollment:photoRejection.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
