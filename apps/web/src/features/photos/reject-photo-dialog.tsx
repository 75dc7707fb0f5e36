import { Modal, Stack, Text } from "@mantine/core";
import {
  MAX_PHOTO_REJECTION_REASON_LENGTH,
  MIN_PHOTO_REJECTION_REASON_LENGTH,
  type PhotoListItem,
} from "@portal/shared/schemas/photos";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonField, reasonProblem } from "../../components/ui/reason-field.tsx";
import { DialogFooter, fieldError } from "../inscriptions/action-dialogs.tsx";

interface RejectPhotoDialogProps {
  /** The photo being rejected; null keeps the dialog closed. */
  item: PhotoListItem | null;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Rejecting a photo: the reason (required, 3 to 500 characters) is e-mailed and shown to the family. */
export function RejectPhotoDialog({ item, pending, error, onConfirm, onClose }: RejectPhotoDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    setReason("");
    setSubmitted(false);
    onClose();
  };
  const problem = reasonProblem(reason, MIN_PHOTO_REJECTION_REASON_LENGTH);
  const localError = !submitted
    ? undefined
    : problem === "required"
      ? t("photos:reject.reasonRequired")
      : problem === "tooShort"
        ? t("photos:reject.reasonTooShort", { min: MIN_PHOTO_REJECTION_REASON_LENGTH })
        : undefined;
  const reasonError = localError ?? fieldError(error, "reason");

  return (
    <Modal
      opened={item !== null}
      onClose={close}
      title={item ? t("photos:reject.title", { student: item.studentName }) : ""}
      centered
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (problem) return;
          onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t("photos:reject.intro")}</Text>
          <ReasonField
            label={t("photos:reject.reason")}
            description={t("photos:reject.reasonHint", {
              min: MIN_PHOTO_REJECTION_REASON_LENGTH,
              max: MAX_PHOTO_REJECTION_REASON_LENGTH,
            })}
            value={reason}
            onChange={setReason}
            maxLength={MAX_PHOTO_REJECTION_REASON_LENGTH}
            error={reasonError}
          />
          <DialogFooter
            error={error}
            pending={pending}
            onCancel={close}
            cancelLabel={t("common:actions.cancel")}
            submitLabel={t("photos:reject.submit")}
          />
        </Stack>
      </form>
    </Modal>
  );
}
