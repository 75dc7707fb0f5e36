import { Anchor, FileInput, Stack, Text } from "@mantine/core";
import type { UploadKind } from "@portal/shared/upload-kinds";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";
import { checkPdfUpload } from "./form-values.ts";
import { useUploadAccess } from "./step-host.tsx";
import { useUploadRule } from "./upload-rules.ts";
import { useFieldUpload } from "./use-field-upload.ts";

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
  const access = useUploadAccess();
  // The school's limit for this kind (Settings › Files).
  const rule = useUploadRule(kind);
  const upload = useFieldUpload({
    form,
    name,
    fileId,
    kind,
    onUploading,
    check: (pdf) => {
      const problem = checkPdfUpload(pdf, rule.maxBytes);
      return problem ? t(`enrollment:upload.${problem}`, { max: rule.maxMb }) : null;
    },
  });
  const { value, uploaded } = upload;
  return (
    <Stack gap={4}>
      <FileInput
        label={label}
        description={
          access.canUpload
            ? (description ?? t("enrollment:upload.hint", { max: rule.maxMb }))
            : t("enrollment:upload.familyOnly")
        }
        placeholder={t("enrollment:upload.choose")}
        accept="application/pdf"
        clearable={false}
        value={null}
        onChange={upload.onFile}
        disabled={upload.pending || !access.canUpload}
        {...(required ? REQUIRED_FIELD : {})}
        error={upload.uploadError ?? errorText(upload.fieldError)}
      />
      {upload.pending ? <Text size="sm">{t("enrollment:upload.sending")}</Text> : null}
      {value !== null ? (
        <Text size="sm" data-testid={`${String(name)}-uploaded`}>
          {uploaded ? t("enrollment:upload.done", { name: uploaded.name }) : t("enrollment:upload.existing")}{" "}
          <Anchor href={access.urlFor(value)} target="_blank" rel="noopener">
            {t("enrollment:upload.view")}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
