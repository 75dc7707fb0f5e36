import { zodResolver } from "@hookform/resolvers/zod";
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { MAX_EMERGENCY_CONTACTS, studentFileSchema } from "@portal/shared/schemas/enrollment/student-file";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { type FieldPath, type Resolver, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { isApiError } from "../../lib/api-error.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import { useUnsavedChangesGuard } from "../../lib/use-unsaved-changes-guard.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import {
  CARDS_QUERY_KEY,
  fileQueryKey,
  saveStep,
  stepQueryKey,
  type UploadedFile,
  uploadFile,
  uploadUrl,
  useCatalog,
  useStepData,
} from "./enrollment-api.ts";
import {
  checkPdfUpload,
  EMPTY_CONTACT,
  STUDENT_FILE_FIELDS,
  type StudentFileValues,
  toFormValues,
  toRequestBody,
} from "./student-file-form.ts";
import { useWizardFile } from "./wizard-frame.tsx";
import { stepAfter, wizardPath } from "./wizard-steps.ts";

const STEP = "studentFile" as const;

/** The shared schema checks the request body the form values turn into, so paths stay the same. */
const schemaResolver = zodResolver(studentFileSchema);
const resolver: Resolver<StudentFileValues> = async (values, context, options) => {
  const result = await schemaResolver(toRequestBody(values), context, options as never);
  const errors = { ...result.errors };
  // The schema asks for the file in a refinement that waits for every other field to be valid;
  // the form says it at once, with the other missing fields.
  if (values.identityDocumentFileId === null && !errors.identityDocumentFileId) {
    errors.identityDocumentFileId = { type: "custom", message: "validation.fileRequired" };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

type Options = { value: string; label: string }[];
type CatalogOptions = Record<
  "countries" | "nationalities" | "bloodTypes" | "relationships" | "identificationTypes",
  Options
>;

/**
 * The catalogues the form chooses from, in the UI language. The form waits for them: a native
 * select given a value before its options exist would show the placeholder instead.
 */
function useCatalogOptions(): { options: CatalogOptions | null; error: unknown } {
  const countries = useCatalog("countries");
  const nationalities = useCatalog("nationalities");
  const bloodTypes = useCatalog("bloodTypes");
  const relationships = useCatalog("relationships");
  const identificationTypes = useCatalog("identificationTypes");
  const all = [countries, nationalities, bloodTypes, relationships, identificationTypes];
  const error = all.find((query) => query.isError)?.error ?? null;
  const options = useMemo(() => {
    const toOptions = (items: CatalogItem[] | undefined): Options =>
      (items ?? []).map((item) => ({ value: item.code, label: item.label }));
    if (
      !countries.data ||
      !nationalities.data ||
      !bloodTypes.data ||
      !relationships.data ||
      !identificationTypes.data
    ) {
      return null;
    }
    return {
      countries: toOptions(countries.data),
      nationalities: toOptions(nationalities.data),
      bloodTypes: toOptions(bloodTypes.data),
      relationships: toOptions(relationships.data),
      identificationTypes: toOptions(identificationTypes.data),
    };
  }, [countries.data, nationalities.data, bloodTypes.data, relationships.data, identificationTypes.data]);
  return { options, error };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Step 2 (spec 2 and 3): general data, identity document and emergency contacts. */
export function StudentFilePage() {
  const file = useWizardFile();
  const step = useStepData(file.id, STEP);
  const catalogs = useCatalogOptions();
  const error = step.error ?? catalogs.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!step.data || !catalogs.options) return <PageLoader />;
  return <StudentFileForm fileId={file.id} initial={toFormValues(step.data.data)} catalogs={catalogs.options} />;
}

function StudentFileForm({
  fileId,
  initial,
  catalogs,
}: {
  fileId: number;
  initial: StudentFileValues;
  catalogs: CatalogOptions;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<StudentFileValues>({ resolver, defaultValues: initial });
  const { errors, isDirty } = form.formState;
  const contacts = useFieldArray({ control: form.control, name: "emergencyContacts" });
  const [formError, setFormError] = useState<unknown>(null);
  const [incomplete, setIncomplete] = useState(false);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);

  useUnsavedChangesGuard(isDirty && leaveTo === null);
  // Navigate once the saved values are the form's defaults, so the guard no longer blocks.
  useEffect(() => {
    if (leaveTo !== null && !isDirty) void navigate(leaveTo);
  }, [leaveTo, isDirty, navigate]);

  const choose = t("enrollment:form.choose");
  const withPlaceholder = (options: Options, label = choose) => [{ value: "", label }, ...options];
  const countries = withPlaceholder(catalogs.countries);
  const nationalities = withPlaceholder(catalogs.nationalities);
  const bloodTypes = withPlaceholder(catalogs.bloodTypes, t("enrollment:form.unknown"));
  const relationships = withPlaceholder(catalogs.relationships);
  const genders = [
    { value: "", label: choose },
    { value: "F", label: t("enrollment:studentFile.genderF") },
    { value: "M", label: t("enrollment:studentFile.genderM") },
  ];

  const save = useMutation({
    mutationFn: (values: StudentFileValues) => saveStep(fileId, STEP, toRequestBody(values)),
    onMutate: () => setFormError(null),
    onSuccess: (summary, values) => {
      queryClient.setQueryData(fileQueryKey(fileId), summary);
      void queryClient.invalidateQueries({ queryKey: stepQueryKey(fileId, STEP) });
      void queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY });
      notifyRecord("updated");
      form.reset(values);
      setLeaveTo(wizardPath(stepAfter(STEP)));
    },
    onError: (error) => {
      notifyRecord("notUpdated");
      let placed = false;
      if (isApiError(error)) {
        for (const [path, message] of Object.entries(error.fields)) {
          const top = path.split(".")[0];
          if ((STUDENT_FILE_FIELDS as readonly string[]).includes(top ?? "")) {
            form.setError(path as FieldPath<StudentFileValues>, { type: "server", message }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      setFormError(placed ? null : error);
    },
  });

  const upload = useMutation({
    mutationFn: (pdf: File) => uploadFile(fileId, "identityDocument", pdf),
    onMutate: () => setUploadError(null),
    onSuccess: (saved) => {
      setUploaded(saved);
      form.setValue("identityDocumentFileId", saved.id, { shouldDirty: true, shouldValidate: true });
    },
    onError: (error) => setUploadError(isApiError(error) ? error.message : t("errors:INTERNAL")),
  });

  const onFile = (pdf: File | null) => {
    if (!pdf) return;
    const problem = checkPdfUpload(pdf);
    if (problem) {
      setUploadError(t(`enrollment:upload.${problem}`, { max: 5 }));
      return;
    }
    upload.mutate(pdf);
  };

  const fileIdValue = form.watch("identityDocumentFileId");
  const contactsError = errors.emergencyContacts?.root?.message ?? errors.emergencyContacts?.message;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(
        (values) => {
          setIncomplete(false);
          save.mutate(values);
        },
        () => setIncomplete(true),
      )}
    >
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t(routeTitleKey("wizard.studentFile"))}
        </Title>

        <Section id="student-general" title={t("enrollment:studentFile.generalTitle")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("enrollment:studentFile.firstName")}
              {...REQUIRED_FIELD}
              {...form.register("firstName")}
              error={errorText(errors.firstName?.message)}
            />
            <TextInput
              label={t("enrollment:studentFile.secondName")}
              {...form.register("secondName")}
              error={errorText(errors.secondName?.message)}
            />
            <TextInput
              label={t("enrollment:studentFile.names")}
              {...REQUIRED_FIELD}
              {...form.register("names")}
              error={errorText(errors.names?.message)}
            />
            <TextInput
              label={t("enrollment:studentFile.usualName")}
              {...form.register("usualName")}
              error={errorText(errors.usualName?.message)}
            />
            <NativeSelect
              label={t("enrollment:studentFile.gender")}
              data={genders}
              {...REQUIRED_FIELD}
              {...form.register("gender")}
              error={errorText(errors.gender?.message)}
            />
            <TextInput
              label={t("enrollment:studentFile.birthDate")}
              type="date"
              {...REQUIRED_FIELD}
              {...form.register("birthDate")}
              error={errorText(errors.birthDate?.message)}
            />
            <NativeSelect
              label={t("enrollment:studentFile.birthCountry")}
              data={countries}
              {...REQUIRED_FIELD}
              {...form.register("birthCountry")}
              error={errorText(errors.birthCountry?.message)}
            />
            <TextInput
              label={t("enrollment:studentFile.birthCity")}
              {...REQUIRED_FIELD}
              {...form.register("birthCity")}
              error={errorText(errors.birthCity?.message)}
            />
            <NativeSelect
              label={t("enrollment:studentFile.primaryNationality")}
              data={nationalities}
              {...REQUIRED_FIELD}
              {...form.register("primaryNationality")}
              error={errorText(errors.primaryNationality?.message)}
            />
            <NativeSelect
              label={t("enrollment:studentFile.secondaryNationality")}
              data={nationalities}
              {...form.register("secondaryNationality")}
              error={errorText(errors.secondaryNationality?.message)}
            />
          </SimpleGrid>
          <TextInput
            label={t("enrollment:studentFile.primaryResidence")}
            {...REQUIRED_FIELD}
            {...form.register("primaryResidence")}
            error={errorText(errors.primaryResidence?.message)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("enrollment:studentFile.sector")}
              {...form.register("sector")}
              error={errorText(errors.sector?.message)}
            />
            <TextInput
              label={t("enrollment:studentFile.phone")}
              type="tel"
              {...form.register("phone")}
              error={errorText(errors.phone?.message)}
            />
            <TextInput
              label={t("enrollment:studentFile.email")}
              type="email"
              {...form.register("email")}
              error={errorText(errors.email?.message)}
            />
            <NativeSelect
              label={t("enrollment:studentFile.bloodType")}
              data={bloodTypes}
              {...form.register("bloodType")}
              error={errorText(errors.bloodType?.message)}
            />
            <TextInput
              label={t("enrollment:studentFile.studentCode")}
              description={t("enrollment:studentFile.studentCodeHint")}
              {...form.register("studentCode")}
              error={errorText(errors.studentCode?.message)}
            />
          </SimpleGrid>
          <Checkbox label={t("enrollment:studentFile.childOfStaff")} {...form.register("childOfStaff")} />
        </Section>

        <Section id="student-identity" title={t("enrollment:studentFile.identityTitle")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t("enrollment:studentFile.typeIdentification")}
              data={catalogs.identificationTypes}
              {...REQUIRED_FIELD}
              {...form.register("typeIdentification")}
              error={errorText(errors.typeIdentification?.message)}
            />
            <TextInput
              label={t("enrollment:studentFile.documentNumber")}
              {...REQUIRED_FIELD}
              {...form.register("documentNumber")}
              error={errorText(errors.documentNumber?.message)}
            />
          </SimpleGrid>
          <FileInput
            label={t("enrollment:studentFile.identityDocument")}
            description={t("enrollment:upload.hint", { max: 5 })}
            placeholder={t("enrollment:upload.choose")}
            accept="application/pdf"
            clearable={false}
            value={null}
            onChange={onFile}
            disabled={upload.isPending}
            {...REQUIRED_FIELD}
            error={uploadError ?? errorText(errors.identityDocumentFileId?.message)}
          />
          {upload.isPending ? <Text size="sm">{t("enrollment:upload.sending")}</Text> : null}
          {fileIdValue !== null ? (
            <Text size="sm" data-testid="identity-document-uploaded">
              {uploaded ? t("enrollment:upload.done", { name: uploaded.name }) : t("enrollment:upload.existing")}{" "}
              <Anchor href={uploadUrl(fileIdValue)} target="_blank" rel="noopener">
                {t("enrollment:upload.view")}
              </Anchor>
            </Text>
          ) : null}
        </Section>

        <Section id="student-emergency" title={t("enrollment:studentFile.emergencyTitle")}>
          <Text size="sm" c="dimmed">
            {t("enrollment:studentFile.emergencyHint", { max: MAX_EMERGENCY_CONTACTS })}
          </Text>
          {contacts.fields.map((field, index) => {
            const fieldErrors = errors.emergencyContacts?.[index];
            const number = index + 1;
            return (
              <Paper
                key={field.id}
                withBorder
                p="md"
                component="fieldset"
                aria-label={t("enrollment:studentFile.contactN", { n: number })}
              >
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Text fw={600}>{t("enrollment:studentFile.contactN", { n: number })}</Text>
                    {contacts.fields.length > 1 ? (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => contacts.remove(index)}
                        aria-label={t("enrollment:studentFile.removeContact", { n: number })}
                      >
                        ✕
                      </ActionIcon>
                    ) : null}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput
                      label={t("enrollment:studentFile.contactName")}
                      {...REQUIRED_FIELD}
                      {...form.register(`emergencyContacts.${index}.name`)}
                      error={errorText(fieldErrors?.name?.message)}
                    />
                    <NativeSelect
                      label={t("enrollment:studentFile.contactRelationship")}
                      data={relationships}
                      {...REQUIRED_FIELD}
                      {...form.register(`emergencyContacts.${index}.relationship`)}
                      error={errorText(fieldErrors?.relationship?.message)}
                    />
                    <TextInput
                      label={t("enrollment:studentFile.contactPhone")}
                      type="tel"
                      {...REQUIRED_FIELD}
                      {...form.register(`emergencyContacts.${index}.phone`)}
                      error={errorText(fieldErrors?.phone?.message)}
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            );
          })}
          {contactsError ? (
            <Text c="red" size="sm" role="alert">
              {errorText(contactsError)}
            </Text>
          ) : null}
          {contacts.fields.length < MAX_EMERGENCY_CONTACTS ? (
            <Group>
              <Button variant="light" onClick={() => contacts.append({ ...EMPTY_CONTACT })}>
                {t("enrollment:studentFile.addContact")}
              </Button>
            </Group>
          ) : null}
        </Section>

        {incomplete ? (
          <Alert color="red" role="alert" title={t("errors:title")}>
            {t("validation:completeRequired")}
          </Alert>
        ) : null}
        <FormErrorAlert error={formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={upload.isPending}>
            {t("enrollment:actions.saveAndNext")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
