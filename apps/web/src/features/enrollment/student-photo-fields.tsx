import { Box, FileInput, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import { CONSENT_TEXT_VERSION } from "@portal/shared/consents";
import { STUDENT_PHOTO_SIZE_PX } from "@portal/shared/upload-kinds";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type UseFormReturn, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { isApiError } from "../../lib/api-error.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { uploadFile } from "./enrollment-api.ts";
import { StepSection } from "./step-kit/step-form.tsx";
import { useUploadAccess } from "./step-kit/step-host.tsx";
import { StudentPhotoCropper } from "./student-photo-cropper.tsx";
import {
  checkPhotoSource,
  croppedPhotoName,
  MAX_SOURCE_PHOTO_BYTES,
  PHOTO_CONSENT_FIELDS,
  type StudentPhotoValues,
} from "./student-photo-form.ts";
import { YesNoRadio } from "./yes-no-radio.tsx";

const PREVIEW_PX = 200;

/**
 * The fields of step 8 (spec 3 "Student photo and authorizations"): the photo, chosen, cropped to
 * 500 × 500 in the browser and uploaded at once, and the four image authorizations, each a yes or
 * no recorded as a consent with the text version. Used by the wizard step; the staff module page
 * can reuse it.
 */
export function StudentPhotoFields({
  form,
  fileId,
  onBusy,
}: {
  form: UseFormReturn<StudentPhotoValues>;
  fileId: number;
  /** A picture is being cropped or uploaded: saving now would miss it. */
  onBusy?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <StepSection id="student-photo-picture" title={t("enrollment:studentPhoto.photoTitle")}>
        <StudentPhotoUpload form={form} fileId={fileId} onBusy={onBusy} />
      </StepSection>
      <StepSection id="student-photo-consents" title={t("enrollment:studentPhoto.consentsTitle")}>
        <Text size="sm">{t("enrollment:studentPhoto.consentsIntro")}</Text>
        {PHOTO_CONSENT_FIELDS.map((field) => (
          <YesNoRadio key={field} form={form} name={field} label={t(`enrollment:studentPhoto.${field}`)} required />
        ))}
        <Text size="xs" c="dimmed">
          {t("enrollment:studentPhoto.consentsVersion", { version: CONSENT_TEXT_VERSION })}
        </Text>
      </StepSection>
    </>
  );
}

/** The photo alone: chosen, cropped, uploaded into `photoFileId` (also the new photo after a rejection). */
export function StudentPhotoUpload({
  form,
  fileId,
  onBusy,
}: {
  form: UseFormReturn<StudentPhotoValues>;
  fileId: number;
  onBusy?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const { field, fieldState } = useController({ control: form.control, name: "photoFileId" });
  const [source, setSource] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Whether the photo shown was uploaded on this visit, or is the one on file (saved or prefilled).
  const [uploadedNow, setUploadedNow] = useState(false);

  // Where the keyboard goes back once the cropper closes (it held the focus): the photo input,
  // beside the preview that now shows what happened.
  const input = useRef<HTMLButtonElement | null>(null);
  const [refocus, setRefocus] = useState(false);
  const backToInput = () => setRefocus(true);

  const upload = useMutation({
    mutationFn: (photo: File) => uploadFile(fileId, "studentPhoto", photo),
    onMutate: () => setProblem(null),
    onSuccess: (saved) => {
      form.setValue("photoFileId", saved.id, { shouldDirty: true, shouldValidate: true });
      setUploadedNow(true);
      setSource(null);
      backToInput();
    },
    onError: (error) => setProblem(isApiError(error) ? error.message : t("errors:INTERNAL")),
  });

  const busy = source !== null || upload.isPending;
  useEffect(() => onBusy?.(busy), [busy, onBusy]);
  // Once the input is enabled again: a disabled button cannot take the focus.
  useEffect(() => {
    if (!refocus || busy) return;
    setRefocus(false);
    input.current?.focus();
  }, [refocus, busy]);

  const onFile = (picture: File | null) => {
    if (!picture) return;
    const check = checkPhotoSource(picture);
    if (check) {
      setProblem(t(`enrollment:studentPhoto.${check}`, { max: MAX_SOURCE_PHOTO_BYTES / (1024 * 1024) }));
      return;
    }
    setProblem(null);
    setSource(picture);
  };

  const onCropped = (photo: Blob) => {
    const name = croppedPhotoName(source?.name ?? "");
    upload.mutate(new File([photo], name, { type: "image/jpeg" }));
  };

  const photoId = typeof field.value === "number" ? field.value : null;
  const access = useUploadAccess();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("enrollment:studentPhoto.photoHint", { size: STUDENT_PHOTO_SIZE_PX })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap="xs">
          {source ? (
            // The chosen picture is framed where its preview shows, so the preview never says
            // "no photo yet" about a photo being framed, and "use this photo" is in view.
            <StudentPhotoCropper
              source={source}
              busy={upload.isPending}
              onConfirm={onCropped}
              onCancel={() => {
                setSource(null);
                backToInput();
              }}
              onUnreadable={() => {
                setSource(null);
                setProblem(t("enrollment:studentPhoto.unreadable"));
                backToInput();
              }}
            />
          ) : photoId !== null ? (
            <>
              <Image
                src={access.urlFor(photoId)}
                alt={t("enrollment:studentPhoto.currentAlt")}
                w={PREVIEW_PX}
                h={PREVIEW_PX}
                radius="md"
                data-testid="student-photo-current"
              />
              <Text size="sm" data-testid="photoFileId-uploaded">
                {uploadedNow ? t("enrollment:studentPhoto.uploaded") : t("enrollment:studentPhoto.existing")}
              </Text>
            </>
          ) : (
            <Box
              w={PREVIEW_PX}
              h={PREVIEW_PX}
              bg="gray.1"
              style={{ borderRadius: "var(--mantine-radius-md)", display: "grid", placeItems: "center" }}
            >
              <Text size="sm" c="dimmed" ta="center" px="sm">
                {t("enrollment:studentPhoto.none")}
              </Text>
            </Box>
          )}
        </Stack>
        <FileInput
          ref={(element) => {
            input.current = element;
            field.ref(element);
          }}
          label={t("enrollment:studentPhoto.photo")}
          description={access.canUpload ? t("enrollment:studentPhoto.photoTypes") : t("enrollment:upload.familyOnly")}
          placeholder={photoId !== null ? t("enrollment:studentPhoto.replace") : t("enrollment:studentPhoto.choose")}
          accept="image/jpeg,image/png"
          clearable={false}
          value={null}
          onChange={onFile}
          disabled={busy || !access.canUpload}
          {...REQUIRED_FIELD}
          error={problem ?? errorText(fieldState.error?.message)}
        />
      </SimpleGrid>
      {upload.isPending ? <Text size="sm">{t("enrollment:upload.sending")}</Text> : null}
    </Stack>
  );
}
