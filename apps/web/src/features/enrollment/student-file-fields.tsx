import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { MAX_EMERGENCY_CONTACTS } from "@portal/shared/schemas/enrollment/student-file";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDateField } from "../../components/ui/date-field.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { type SelectOptions, withPlaceholder } from "./step-kit/catalog-options.ts";
import { PdfUploadField } from "./step-kit/pdf-upload-field.tsx";
import type { STUDENT_FILE_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepSection } from "./step-kit/step-form.tsx";
import { useShowsStaffFields } from "./step-kit/step-host.tsx";
import { EMPTY_CONTACT, type StudentFileValues } from "./student-file-form.ts";

export type StudentFileCatalogs = Record<(typeof STUDENT_FILE_CATALOGS)[number], SelectOptions>;

/**
 * The fields of step 2 (spec 3 Student): general data, identity document and emergency contacts.
 * Used by the wizard step; the staff module page reuses it.
 */
export function StudentFileFields({
  form,
  fileId,
  catalogs,
  onUploading,
}: {
  form: UseFormReturn<StudentFileValues>;
  fileId: number;
  catalogs: StudentFileCatalogs;
  onUploading?: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const staffFields = useShowsStaffFields();
  const { errors } = form.formState;
  const contacts = useFieldArray({ control: form.control, name: "emergencyContacts" });
  const choose = t("enrollment:form.choose");
  const countries = withPlaceholder(catalogs.countries, choose);
  const nationalities = withPlaceholder(catalogs.nationalities, choose);
  const bloodTypes = withPlaceholder(catalogs.bloodTypes, t("enrollment:form.unknown"));
  const relationships = withPlaceholder(catalogs.relationships, choose);
  const genders = [
    { value: "", label: choose },
    { value: "F", label: t("enrollment:studentFile.genderF") },
    { value: "M", label: t("enrollment:studentFile.genderM") },
  ];
  const contactsError = errors.emergencyContacts?.root?.message ?? errors.emergencyContacts?.message;

  return (
    <>
      <StepSection id="student-general" title={t("enrollment:studentFile.generalTitle")}>
        {/* Spec 5: names are entered as on the identity document; each name field says so to whoever reaches it. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("enrollment:studentFile.firstName")}
            description={t("enrollment:studentFile.namesAsOnDocument")}
            {...REQUIRED_FIELD}
            {...form.register("firstName")}
            error={errorText(errors.firstName?.message)}
          />
          <TextInput
            label={t("enrollment:studentFile.secondName")}
            description={t("enrollment:studentFile.namesAsOnDocument")}
            {...form.register("secondName")}
            error={errorText(errors.secondName?.message)}
          />
          <TextInput
            label={t("enrollment:studentFile.names")}
            description={t("enrollment:studentFile.namesAsOnDocument")}
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
          <FormDateField
            control={form.control}
            name="birthDate"
            label={t("enrollment:studentFile.birthDate")}
            {...REQUIRED_FIELD}
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
          {staffFields ? (
            <TextInput
              label={t("enrollment:studentFile.studentCode")}
              description={t("enrollment:studentFile.studentCodeHint")}
              {...form.register("studentCode")}
              error={errorText(errors.studentCode?.message)}
            />
          ) : null}
        </SimpleGrid>
        <Checkbox label={t("enrollment:studentFile.childOfStaff")} {...form.register("childOfStaff")} />
      </StepSection>

      <StepSection id="student-identity" title={t("enrollment:studentFile.identityTitle")}>
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
        <PdfUploadField
          form={form}
          name="identityDocumentFileId"
          fileId={fileId}
          kind="identityDocument"
          label={t("enrollment:studentFile.identityDocument")}
          required
          onUploading={onUploading}
        />
      </StepSection>

      <StepSection id="student-emergency" title={t("enrollment:studentFile.emergencyTitle")}>
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
      </StepSection>
    </>
  );
}
