import { Button, Group, NativeSelect, Paper, Radio, Stack, Textarea, Title } from "@mantine/core";
import {
  DATA_RIGHTS_KINDS,
  type DataRightsActor,
  type DataRightsFilingInput,
  type DataRightsKind,
  dataRightsFilingSchema,
  type FamilyDataRights,
  MAX_DATA_RIGHTS_DESCRIPTION_LENGTH,
  MIN_DATA_RIGHTS_DESCRIPTION_LENGTH,
} from "@portal/shared/schemas/data-rights";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { isApiError } from "../../lib/api-error.ts";
import { formatDay } from "../../lib/dates.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useUnsavedChangesGuard } from "../../lib/use-unsaved-changes-guard.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { FAMILY_DATA_RIGHTS_KEY, fileDataRightsRequest } from "./data-rights-api.ts";

const FAMILY = "family";
type Field = "kind" | "about" | "actor" | "description";

/** The form's choices as the request body: "about" is the family or one child's id. */
function bodyOf(
  kind: DataRightsKind,
  about: string,
  actor: DataRightsActor,
  description: string,
): DataRightsFilingInput {
  return about === FAMILY
    ? { kind, subject: "family", actor: "representative", description }
    : { kind, subject: "student", studentId: Number(about), actor, description };
}

/** A field's message from a schema issue or the server's answer; subject and child are one field here. */
const fieldOf = (path: string): Field => (path === "studentId" || path === "subject" ? "about" : (path as Field));

/**
 * A new data-rights request: the right, about whom (the family or one of its children), who acts
 * (the adolescent only for a child of 15 or more) and the request itself.
 */
export function DataRightsForm({ students }: { students: FamilyDataRights["students"] }) {
  const { t, i18n } = useTranslation();
  const errorText = useValidationText();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<DataRightsKind>("access");
  const [about, setAbout] = useState<string>(FAMILY);
  const [actor, setActor] = useState<DataRightsActor>("representative");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useUnsavedChangesGuard(description.trim() !== "");

  const child = students.find((s) => String(s.id) === about);
  const mayActAlone = child?.mayActAlone ?? false;
  const file = useMutation({
    mutationFn: fileDataRightsRequest,
    onSuccess: (filed) => {
      setDescription("");
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: FAMILY_DATA_RIGHTS_KEY });
      notifySuccess(t("dataRights:family.sent", { deadline: formatDay(filed.deadline, i18n.language) }));
    },
    onError: (error) => {
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        const next: Partial<Record<Field, string>> = {};
        for (const [path, message] of Object.entries(error.fields)) next[fieldOf(path)] = message || error.message;
        setErrors(next);
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(kind, about, mayActAlone ? actor : "representative", description);
    const parsed = dataRightsFilingSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[fieldOf(String(issue.path[0]))] ??= errorText(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    file.mutate(body);
  };

  const hasFieldErrors = isApiError(file.error) && Object.keys(file.error.fields).length > 0;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="data-rights-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="data-rights-form-title">
            {t("dataRights:family.formTitle")}
          </Title>
          {hasFieldErrors ? null : <FormErrorAlert error={file.error} />}
          <NativeSelect
            {...REQUIRED_FIELD}
            label={t("dataRights:family.kind")}
            description={t(`dataRights:kindHints.${kind}`)}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as DataRightsKind)}
            data={DATA_RIGHTS_KINDS.map((value) => ({ value, label: t(`dataRights:kinds.${value}`) }))}
            error={errors.kind}
          />
          <NativeSelect
            {...REQUIRED_FIELD}
            label={t("dataRights:family.about")}
            value={about}
            onChange={(event) => setAbout(event.currentTarget.value)}
            data={[
              { value: FAMILY, label: t("dataRights:family.aboutFamily") },
              ...students.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            error={errors.about}
          />
          {mayActAlone ? (
            <Radio.Group
              label={t("dataRights:family.actor")}
              description={t("dataRights:family.actorHint")}
              value={actor}
              onChange={(value) => setActor(value as DataRightsActor)}
              error={errors.actor}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="representative" label={t("dataRights:actors.representative")} />
                <Radio value="adolescent" label={t("dataRights:actors.adolescent")} />
              </Stack>
            </Radio.Group>
          ) : null}
          <Textarea
            {...REQUIRED_FIELD}
            label={t("dataRights:family.description")}
            description={t("dataRights:family.descriptionHint", {
              min: MIN_DATA_RIGHTS_DESCRIPTION_LENGTH,
              max: MAX_DATA_RIGHTS_DESCRIPTION_LENGTH,
            })}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={MAX_DATA_RIGHTS_DESCRIPTION_LENGTH}
            autosize
            minRows={4}
            maxRows={10}
            error={errors.description}
          />
          <Group>
            <Button type="submit" loading={file.isPending}>
              {t("dataRights:family.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
