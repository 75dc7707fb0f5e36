import { Alert, Anchor, Button, Grid, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IDENTIFICATION_TYPE } from "@portal/shared/catalogs";
import { isLanguage } from "@portal/shared/languages";
import type { DeskFamilyCreateInput } from "@portal/shared/schemas/desk";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { LANGUAGE_OPTIONS } from "../../lib/language-options.ts";
import { fullPathOf } from "../../lib/match-route.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { createDeskFamily } from "./desk-api.ts";

const FIELDS = [
  "names",
  "firstSurname",
  "secondSurname",
  "typeIdentification",
  "documentNumber",
  "phone",
  "language",
  "email",
] as const;

interface Values {
  names: string;
  firstSurname: string;
  secondSurname: string;
  typeIdentification: string;
  documentNumber: string;
  phone: string;
  language: string;
  email: string;
}

export const familyPath = (id: number) => fullPathOf("desk.family").replace(":id", String(id));

/** The family the portal already knows by this identification: a link to open it instead. */
function KnownIdentification({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!isApiError(error) || error.code !== "IDENTIFICATION_KNOWN") return <FormErrorAlert error={error} />;
  const { familyId, requestId } = error.details;
  const to =
    typeof familyId === "number"
      ? familyPath(familyId)
      : fullPathOf("inscriptions.requestDetail").replace(":id", String(requestId));
  return (
    <Alert color="yellow" role="alert" title={t("desk:create.knownTitle")}>
      <Stack gap="xs">
        <Text size="sm">{error.message}</Text>
        <Anchor component={Link} to={to} size="sm">
          {typeof familyId === "number" ? t("desk:create.openFamily") : t("desk:create.openRequest")}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * A walk-in parent's family account (docs/rules/staff-workflow.md "Walk-in families"): the
 * representative's names, identification, phone and language, the e-mail if they have one.
 */
export function NewFamilyPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<unknown>(null);
  const uiLanguage = i18n.resolvedLanguage ?? i18n.language;
  const form = useForm<Values>({
    defaultValues: {
      names: "",
      firstSurname: "",
      secondSurname: "",
      typeIdentification: String(IDENTIFICATION_TYPE.cedula),
      documentNumber: "",
      phone: "",
      language: isLanguage(uiLanguage) ? uiLanguage : "es",
      email: "",
    },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: Values) => {
      const { email, typeIdentification, ...rest } = values;
      const body = {
        ...rest,
        typeIdentification: Number(typeIdentification),
        ...(email.trim() ? { email } : {}),
      } as DeskFamilyCreateInput;
      return createDeskFamily(body);
    },
    onMutate: () => setFormError(null),
    onSuccess: ({ id }) => void navigate(familyPath(id)),
    onError: (error) => {
      const known = isApiError(error) && error.code === "IDENTIFICATION_KNOWN";
      if (!applyServerFieldErrors(error, form.setError, FIELDS) || known) setFormError(error);
    },
  });
  const field = (name: keyof Values) => ({ ...form.register(name), error: errors[name]?.message });
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t(routeTitleKey("desk.newFamily"))}
        </Title>
        <Text size="sm">{t("desk:create.intro")}</Text>
        <Anchor component={Link} to={fullPathOf("desk.families")} size="sm">
          {t("desk:list.toList")}
        </Anchor>
      </Stack>
      <Paper withBorder p="lg">
        <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
          <Stack gap="md">
            <Grid>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t("desk:fields.names")} required {...field("names")} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t("desk:fields.firstSurname")} required {...field("firstSurname")} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t("desk:fields.secondSurname")} {...field("secondSurname")} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <NativeSelect
                  label={t("desk:fields.typeIdentification")}
                  data={[
                    { value: String(IDENTIFICATION_TYPE.cedula), label: t("desk:fields.cedula") },
                    { value: String(IDENTIFICATION_TYPE.passport), label: t("desk:fields.passport") },
                  ]}
                  {...field("typeIdentification")}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput label={t("desk:fields.documentNumber")} required {...field("documentNumber")} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t("desk:fields.phone")} type="tel" required {...field("phone")} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NativeSelect label={t("desk:fields.language")} data={LANGUAGE_OPTIONS} {...field("language")} />
              </Grid.Col>
              <Grid.Col span={12}>
                <TextInput
                  label={t("desk:fields.emailOptional")}
                  description={t("desk:fields.emailHint")}
                  type="email"
                  {...field("email")}
                />
              </Grid.Col>
            </Grid>
            {formError ? <KnownIdentification error={formError} /> : null}
            <Button type="submit" loading={mutation.isPending} style={{ alignSelf: "flex-start" }}>
              {t("desk:create.submit")}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
