import { Anchor, FileInput, Stack, Text } from "@mantine/core";
import type { UploadKind } from "@portal/shared/upload-kinds";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { type FieldPath, type FieldValues, type UseFormReturn, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { isApiError } from "../../../lib/api-error.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";
import { type UploadedFile, uploadFile, uploadUrl } from "../enrollment-api.ts";
import { checkPdfUpload, MAX_PDF_BYTES } from "./form-values.ts";

const MAX_MB = MAX_PDF_BYTES / (1024 * 1024);

/**
 * A PDF the step needs (identity document, certificate, vaccination booklet…): checked for type
 * and size before it leaves the browser, uploaded at once, its id kept in the form field `name`,
 * with a link to what is on file. `onUploading` lets the form hold "save" until it is done.
 */
export function PdfUploadField<V extends FieldValues>({
  form,
  name,
  fileId,
  kind,
  label,
  description,
  required = false,
  onUploading,
}: {
  form: UseFormReturn<V>;
  name: FieldPath<V>;
  fileId: number;
  kind: UploadKind;
  label: string;
  description?: string;
  required?: boolean;
  onUploading?: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const { field, fieldState } = useController({ control: form.control, name });
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (pdf: File) => uploadFile(fileId, kind, pdf),
    onMutate: () => {
      setUploadError(null);
      onUploading?.(true);
    },
    onSuccess: (saved) => {
      setUploaded(saved);
      form.setValue(name, saved.id as never, { shouldDirty: true, shouldValidate: true });
    },
    onError: (error) => setUploadError(isApiError(error) ? error.message : t("errors:INTERNAL")),
    onSettled: () => onUploading?.(false),
  });

  const onFile = (pdf: File | null) => {
    if (!pdf) return;
    const problem = checkPdfUpload(pdf);
    if (problem) {
      setUploadError(t(`enrollment:upload.${problem}`, { max: MAX_MB }));
      return;
    }
    upload.mutate(pdf);
  };

  const value = typeof field.value === "number" ? field.value : null;
  return (
    <Stack gap={4}>
      <FileInput
        label={label}
        description={description ?? t("enrollment:upload.hint", { max: MAX_MB })}
        placeholder={t("enrollment:upload.choose")}
        accept="application/pdf"
        clearable={false}
        value={null}
        onChange={onFile}
        disabled={upload.isPending}
        {...(required ? REQUIRED_FIELD : {})}
        error={uploadError ?? errorText(fieldState.error?.message)}
      />
      {upload.isPending ? <Text size="sm">{t("enrollment:upload.sending")}</Text> : null}
      {value !== null ? (
        <Text size="sm" data-testid={`${String(name)}-uploaded`}>
          {uploaded ? t("enrollment:upload.done", { name: uploaded.name }) : t("enrollment:upload.existing")}{" "}
          <Anchor href={uploadUrl(value)} target="_blank" rel="noopener">
            {t("enrollment:upload.view")}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
