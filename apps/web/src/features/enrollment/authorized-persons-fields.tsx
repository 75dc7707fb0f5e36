import {
  ActionIcon,
  Alert,
  Badge,
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
import { MAX_AUTHORIZED_PERSONS } from "@portal/shared/rules/family";
import type { ReactNode } from "react";
import { type UseFieldArrayReturn, type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { confirmAction } from "../../lib/confirm.tsx";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { type AuthorizedPersonsValues, EMPTY_PERSON } from "./authorized-persons-form.ts";
import { OTHER_RELATIONSHIP } from "./representative-form.ts";
import { type SelectOptions, withPlaceholder } from "./step-kit/catalog-options.ts";
import { ImageUploadField } from "./step-kit/image-upload-field.tsx";
import { PdfUploadField } from "./step-kit/pdf-upload-field.tsx";
import type { AUTHORIZED_PERSONS_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepSection } from "./step-kit/step-form.tsx";
import { useShowsStaffFields } from "./step-kit/step-host.tsx";

export type AuthorizedPersonsCatalogs = Record<(typeof AUTHORIZED_PERSONS_CATALOGS)[number], SelectOptions>;

/**
 * The fields of step 7 (spec 3 AuthorizedPerson, spec 9): up to three people besides the legal
 * representatives who may pick the student up, each with a photo and identity document; none is a
 * valid answer. The list belongs to the family (the notice says so). The page owns the list
 * (`persons`, a useFieldArray) so it can add people reused from a sibling's file; `extra` is shown
 * above the list (that offer). The staff module pages reuse these fields.
 */
export function AuthorizedPersonsFields({
  form,
  fileId,
  persons,
  catalogs,
  extra,
  onUploading,
}: {
  form: UseFormReturn<AuthorizedPersonsValues>;
  fileId: number;
  persons: UseFieldArrayReturn<AuthorizedPersonsValues, "persons">;
  catalogs: AuthorizedPersonsCatalogs;
  extra?: ReactNode;
  onUploading?: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const staffFields = useShowsStaffFields();
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control, name: "persons" });
  const relationships = withPlaceholder(catalogs.relationships, t("enrollment:form.choose"));
  const k = (key: string, values?: Record<string, unknown>) => t(`enrollment:authorizedPersons.${key}`, values);
  const listError = errors.persons?.root?.message ?? errors.persons?.message;
  // Removing someone already filled in is confirmed (spec 8 "delete"); an empty entry just goes.
  const removePerson = async (index: number) => {
    const person = form.getValues(`persons.${index}`);
    const filled = person && (person.names.trim() !== "" || person.documentNumber.trim() !== "");
    if (filled && !(await confirmAction("delete"))) return;
    persons.remove(index);
  };

  return (
    <StepSection id="authorized-persons" title={k("listTitle")}>
      <Alert color="blue" title={k("familyNoticeTitle")}>
        {k("familyNotice")}
      </Alert>
      <Text size="sm" c="dimmed">
        {k("hint", { max: MAX_AUTHORIZED_PERSONS })}
      </Text>
      {extra}
      {persons.fields.length === 0 ? (
        <Text size="sm" data-testid="authorized-persons-empty">
          {k("none")}
        </Text>
      ) : null}
      {persons.fields.map((field, index) => {
        const fieldErrors = errors.persons?.[index];
        const number = index + 1;
        const person = watched?.[index];
        return (
          <Paper key={field.id} withBorder p="md" component="fieldset" aria-label={k("personN", { n: number })}>
            <Stack gap="sm">
              <Group justify="space-between">
                <Group gap="xs">
                  <Text fw={600}>{k("personN", { n: number })}</Text>
                  {person?.isRegisterPerson ? <Badge variant="light">{k("fromFamily")}</Badge> : null}
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => void removePerson(index)}
                  aria-label={k("remove", { n: number })}
                >
                  ✕
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={k("names")}
                  description={k("asOnDocument")}
                  {...REQUIRED_FIELD}
                  {...form.register(`persons.${index}.names`)}
                  error={errorText(fieldErrors?.names?.message)}
                />
                <TextInput
                  label={k("firstName")}
                  {...REQUIRED_FIELD}
                  {...form.register(`persons.${index}.firstName`)}
                  error={errorText(fieldErrors?.firstName?.message)}
                />
                <TextInput
                  label={k("secondName")}
                  {...form.register(`persons.${index}.secondName`)}
                  error={errorText(fieldErrors?.secondName?.message)}
                />
                <NativeSelect
                  label={k("relationshipStudentCode")}
                  data={relationships}
                  {...REQUIRED_FIELD}
                  {...form.register(`persons.${index}.relationshipStudentCode`)}
                  error={errorText(fieldErrors?.relationshipStudentCode?.message)}
                />
                {person?.relationshipStudentCode === OTHER_RELATIONSHIP ? (
                  <TextInput
                    label={k("relationshipOther")}
                    {...REQUIRED_FIELD}
                    {...form.register(`persons.${index}.relationshipOther`)}
                    error={errorText(fieldErrors?.relationshipOther?.message)}
                  />
                ) : null}
                <NativeSelect
                  label={k("typeIdentification")}
                  data={catalogs.identificationTypes}
                  {...REQUIRED_FIELD}
                  {...form.register(`persons.${index}.typeIdentification`)}
                  error={errorText(fieldErrors?.typeIdentification?.message)}
                />
                <TextInput
                  label={k("documentNumber")}
                  {...REQUIRED_FIELD}
                  {...form.register(`persons.${index}.documentNumber`)}
                  error={errorText(fieldErrors?.documentNumber?.message)}
                />
                <TextInput
                  label={k("cellPhone")}
                  type="tel"
                  autoComplete="off"
                  {...REQUIRED_FIELD}
                  {...form.register(`persons.${index}.cellPhone`)}
                  error={errorText(fieldErrors?.cellPhone?.message)}
                />
                <TextInput
                  label={k("cellPhoneConfirmation")}
                  description={k("confirmationHint")}
                  type="tel"
                  autoComplete="off"
                  {...REQUIRED_FIELD}
                  {...form.register(`persons.${index}.cellPhoneConfirmation`)}
                  error={errorText(fieldErrors?.cellPhoneConfirmation?.message)}
                />
                <TextInput
                  label={k("address")}
                  {...REQUIRED_FIELD}
                  {...form.register(`persons.${index}.address`)}
                  error={errorText(fieldErrors?.address?.message)}
                />
                <TextInput
                  label={k("postalCode")}
                  {...form.register(`persons.${index}.postalCode`)}
                  error={errorText(fieldErrors?.postalCode?.message)}
                />
              </SimpleGrid>
              <ImageUploadField
                form={form}
                name={`persons.${index}.photoFileId`}
                fileId={fileId}
                kind="authorizedPersonPhoto"
                label={k("photo")}
                required
                onUploading={onUploading}
              />
              <PdfUploadField
                form={form}
                name={`persons.${index}.documentFileId`}
                fileId={fileId}
                kind="identityDocument"
                label={k("identityDocument")}
                required
                onUploading={onUploading}
              />
              {staffFields ? (
                <Checkbox
                  label={k("isRegisterPerson")}
                  description={k("isRegisterPersonHint")}
                  {...form.register(`persons.${index}.isRegisterPerson`)}
                />
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      {listError ? (
        <Text c="red" size="sm" role="alert">
          {errorText(listError)}
        </Text>
      ) : null}
      {persons.fields.length < MAX_AUTHORIZED_PERSONS ? (
        <Group>
          <Button variant="light" onClick={() => persons.append({ ...EMPTY_PERSON })}>
            {k("add")}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {k("full", { max: MAX_AUTHORIZED_PERSONS })}
        </Text>
      )}
    </StepSection>
  );
}
