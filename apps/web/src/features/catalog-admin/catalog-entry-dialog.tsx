import { zodResolver } from "@hookform/resolvers/zod";
import { TextInput } from "@mantine/core";
import type { CatalogName } from "@portal/shared/catalogs";
import {
  type CatalogAdminItem,
  type CatalogItemCreateInput,
  catalogItemCreateSchema,
} from "@portal/shared/schemas/catalog-admin";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { isApiError } from "../../lib/api-error.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { addCatalogItem, renameCatalogItem } from "./catalog-admin-api.ts";

type Values = CatalogItemCreateInput;
const FIELDS: Path<Values>[] = ["code", "labels.es", "labels.en", "labels.fr"];
const LANGUAGES = ["es", "en", "fr"] as const;

/** What the dialog is for: a new entry of the list, or new labels for one. */
export type EntryDialogMode = { kind: "add" } | { kind: "rename"; entry: CatalogAdminItem };

/**
 * Adds an entry or renames one: a label in each of the three languages (all required), and for a
 * new entry an optional code. The server's refusals (a label or code already used) go under the field.
 */
export function CatalogEntryDialog({
  name,
  listLabel,
  mode,
  onClose,
  onSaved,
  onConflict,
}: {
  name: CatalogName;
  listLabel: string;
  mode: EntryDialogMode | null;
  onClose: () => void;
  onSaved: (entry: CatalogAdminItem, kind: EntryDialogMode["kind"]) => void;
  onConflict: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<Values>({ resolver: zodResolver(catalogItemCreateSchema) });
  const { errors } = form.formState;

  useEffect(() => {
    if (!mode) return;
    setFormError(null);
    form.reset({ code: "", labels: mode.kind === "rename" ? mode.entry.labels : { es: "", en: "", fr: "" } });
  }, [mode, form]);

  const mutation = useMutation({
    mutationFn: async (values: Values) => {
      if (mode?.kind === "rename") return renameCatalogItem(name, mode.entry, values.labels);
      return addCatalogItem(name, { labels: values.labels, ...(values.code ? { code: values.code } : {}) });
    },
    onMutate: () => setFormError(null),
    onSuccess: (entry) => onSaved(entry, mode?.kind ?? "add"),
    onError: (error) => {
      if (isApiError(error) && error.code === "VERSION_CONFLICT") {
        onConflict();
        return;
      }
      // Field refusals: the schema's messages, or the server's own message for "already used".
      let placed = false;
      if (isApiError(error)) {
        for (const field of FIELDS) {
          if (!(field in error.fields)) continue;
          form.setError(
            field,
            { type: "server", message: error.fields[field] || error.message },
            { shouldFocus: !placed },
          );
          placed = true;
        }
      }
      if (!placed) setFormError(error);
    },
  });

  const entryLabel = mode?.kind === "rename" ? (mode.entry.labels[i18n.language as "es"] ?? mode.entry.labels.es) : "";
  const title =
    mode?.kind === "rename"
      ? t("catalogAdmin:dialog.renameTitle", { label: entryLabel })
      : t("catalogAdmin:dialog.addTitle", { list: listLabel });

  return (
    <FormDialog
      opened={mode !== null}
      title={title}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("catalogAdmin:dialog.save")}
    >
      {LANGUAGES.map((language) => (
        <TextInput
          key={language}
          label={t(`catalogAdmin:dialog.${language}`)}
          lang={language}
          {...REQUIRED_FIELD}
          {...form.register(`labels.${language}`)}
          error={errorText(errors.labels?.[language]?.message)}
        />
      ))}
      {mode?.kind === "add" ? (
        <TextInput
          label={t("catalogAdmin:dialog.code")}
          description={t("catalogAdmin:dialog.codeHint")}
          {...form.register("code")}
          error={errorText(errors.code?.message)}
        />
      ) : null}
    </FormDialog>
  );
}
