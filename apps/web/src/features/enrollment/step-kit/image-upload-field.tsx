import { FileInput, Group, Image, Stack, Text } from "@mantine/core";
import { FILE_TYPE_MIME, typesText } from "@portal/shared/file-settings";
import type { UploadKind } from "@portal/shared/upload-kinds";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";
import { checkPhotoUpload } from "./image-upload-check.ts";
import { useUploadAccess } from "./step-host.tsx";
import { useUploadRule } from "./upload-rules.ts";
import { useFieldUpload } from "./use-field-upload.ts";

/**
 * A photo the step needs (a representative's or an authorized person's): png or jpg, checked for
 * type and size before it leaves the browser, uploaded at once, its id kept in the form field
 * `name`, and the photo on file shown beside the input. `onUploading` lets the form hold "save"
 * until it is done. Modelled on PdfUploadField.
 */
export function ImageUploadField<V extends FieldValues>({
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
  // The school's limit and types for this kind (Settings › Files).
  const rule = useUploadRule(kind);
  const { maxBytes, maxMb } = rule;
  const types = typesText(rule.types, t("fileSettings:wizard.or"));
  const upload = useFieldUpload({
    form,
    name,
    fileId,
    kind,
    onUploading,
    check: (photo) => {
      const problem = checkPhotoUpload(
        photo,
        maxBytes,
        rule.types.map((type) => FILE_TYPE_MIME[type]),
      );
      return problem ? t(`fileSettings:wizard.${problem}`, { max: maxMb, types }) : null;
    },
  });
  const { value } = upload;
  const uploadedName = upload.uploaded?.name ?? null;
  return (
    <Stack gap={4}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {value !== null ? (
          <Image
            src={access.urlFor(value)}
            alt={t("enrollment:photoUpload.preview", { label })}
            w={96}
            h={96}
            fit="cover"
            radius="sm"
            data-testid={`${String(name)}-preview`}
          />
        ) : null}
        <FileInput
          style={{ flex: 1 }}
          label={label}
          description={
            access.canUpload
              ? (description ?? t("fileSettings:wizard.photoHint", { max: maxMb, types }))
              : t("enrollment:upload.familyOnly")
          }
          placeholder={t("enrollment:photoUpload.choose")}
          accept={rule.accept}
          clearable={false}
          value={null}
          onChange={upload.onFile}
          disabled={upload.pending || !access.canUpload}
          {...(required ? REQUIRED_FIELD : {})}
          error={upload.uploadError ?? errorText(upload.fieldError)}
        />
      </Group>
      {upload.pending ? <Text size="sm">{t("enrollment:photoUpload.sending")}</Text> : null}
      {value !== null ? (
        <Text size="sm" data-testid={`${String(name)}-uploaded`}>
          {uploadedName
            ? t("enrollment:photoUpload.done", { name: uploadedName })
            : t("enrollment:photoUpload.existing")}
        </Text>
      ) : null}
    </Stack>
  );
}
