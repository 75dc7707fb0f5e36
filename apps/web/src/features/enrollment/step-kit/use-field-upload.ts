import type { UploadKind } from "@portal/shared/upload-kinds";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { type FieldPath, type FieldValues, type UseFormReturn, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-error.ts";
import { type UploadedFile, uploadFile } from "../enrollment-api.ts";

/**
 * What the PDF and photo upload fields share: a file checked in the browser (`check` answers an
 * error text or null), uploaded at once, its id written into the form field `name`, the upload's
 * error, and "uploading" reported so the form can hold "save" until it is done.
 */
export function useFieldUpload<V extends FieldValues>(opts: {
  form: UseFormReturn<V>;
  name: FieldPath<V>;
  fileId: number;
  kind: UploadKind;
  check: (file: File) => string | null;
  onUploading?: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: opts.form.control, name: opts.name });
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(opts.fileId, opts.kind, file),
    onMutate: () => {
      setUploadError(null);
      opts.onUploading?.(true);
    },
    onSuccess: (saved) => {
      setUploaded(saved);
      opts.form.setValue(opts.name, saved.id as never, { shouldDirty: true, shouldValidate: true });
    },
    onError: (error) => setUploadError(isApiError(error) ? error.message : t("errors:INTERNAL")),
    onSettled: () => opts.onUploading?.(false),
  });

  const onFile = (file: File | null) => {
    if (!file) return;
    const problem = opts.check(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    upload.mutate(file);
  };

  const value = typeof field.value === "number" ? field.value : null;
  return {
    /** The upload id in the field, or null. */
    value,
    /** The file uploaded here, when it is the one in the field (not one reused from elsewhere). */
    uploaded: uploaded && uploaded.id === value ? uploaded : null,
    uploadError,
    fieldError: fieldState.error?.message,
    pending: upload.isPending,
    onFile,
  };
}
