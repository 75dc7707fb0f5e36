import { zodResolver } from "@hookform/resolvers/zod";
import { SimpleGrid, TextInput } from "@mantine/core";
import { positionSchema } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { applyServerFieldErrors } from "../../../lib/form-errors.ts";
import { notifyRecord } from "../../../lib/toasts.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";
import { type Position, savePosition } from "./election-admin-api.ts";

type Values = z.input<typeof positionSchema>;
const FIELDS = ["code", "nameEs", "nameEn", "nameFr", "sortOrder"] as const;
const LANGUAGES = [
  ["nameEs", "es"],
  ["nameEn", "en"],
  ["nameFr", "fr"],
] as const;

/** Adds a position or edits one: its code, its name in the three languages, its place in the list. */
export function PositionDialog({
  position,
  opened,
  nextOrder,
  onClose,
  onSaved,
}: {
  /** The position edited; null with `opened` for a new one. */
  position: Position | null;
  opened: boolean;
  nextOrder: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<Values>({ resolver: zodResolver(positionSchema) });
  const { errors } = form.formState;
  useEffect(() => {
    if (!opened) return;
    setFormError(null);
    form.reset(
      position
        ? {
            code: position.code,
            nameEs: position.nameEs,
            nameEn: position.nameEn,
            nameFr: position.nameFr,
            sortOrder: position.sortOrder,
          }
        : { code: "", nameEs: "", nameEn: "", nameFr: "", sortOrder: nextOrder },
    );
  }, [opened, position, nextOrder, form]);
  const mutation = useMutation({
    mutationFn: (values: Values) => savePosition(position?.id ?? null, values),
    onMutate: () => setFormError(null),
    onSuccess: () => {
      notifyRecord(position ? "updated" : "created");
      onSaved();
    },
    onError: (error) => setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error),
  });
  return (
    <FormDialog
      opened={opened}
      title={
        position
          ? t("elections:admin.positions.editTitle", { code: position.code })
          : t("elections:admin.positions.addTitle")
      }
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("common:actions.save")}
    >
      <TextInput
        {...REQUIRED_FIELD}
        label={t("elections:admin.positions.code")}
        description={t(
          position?.protected ? "elections:admin.positions.codeFixed" : "elections:admin.positions.codeHint",
        )}
        readOnly={position?.protected}
        {...form.register("code")}
        error={errorText(errors.code?.message)}
      />
      {LANGUAGES.map(([field, language]) => (
        <TextInput
          key={field}
          {...REQUIRED_FIELD}
          lang={language}
          label={t(`elections:admin.positions.${field}`)}
          {...form.register(field)}
          error={errorText(errors[field]?.message)}
        />
      ))}
      <SimpleGrid cols={2}>
        <TextInput
          {...REQUIRED_FIELD}
          type="number"
          min={0}
          max={999}
          label={t("elections:admin.positions.sortOrder")}
          {...form.register("sortOrder", { valueAsNumber: true })}
          error={errorText(errors.sortOrder?.message)}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
