import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { HEIGHT_CM, WEIGHT_KG } from "@portal/shared/rules/medical";
import { MAX_ALLERGIES_PER_GROUP } from "@portal/shared/schemas/enrollment/medical-record";
import { type ReactNode, useEffect } from "react";
import { type FieldPath, type UseFormReturn, useFieldArray, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { ALLERGY_GROUPS, type AllergyGroup, EMPTY_ALLERGY, type MedicalRecordValues } from "./medical-record-form.ts";
import { PdfUploadField } from "./step-kit/pdf-upload-field.tsx";
import { StepSection } from "./step-kit/step-form.tsx";
import { useUploadRule } from "./step-kit/upload-rules.ts";
import { YesNoRadio } from "./yes-no-radio.tsx";

type Form = UseFormReturn<MedicalRecordValues>;

type YesNoName = "disease" | "takeMedication" | "hasIncapacity" | "disqualifiedSport" | "authorizeEmergencyActions";

/** A required yes/no question (the shared `YesNoRadio`); `children` (its details) show only after "yes". */
function YesNoQuestion({
  form,
  name,
  label,
  description,
  children,
}: {
  form: Form;
  name: YesNoName;
  label: string;
  description?: string;
  children?: ReactNode;
}) {
  const answer = useWatch({ control: form.control, name });
  return (
    <Stack gap="sm">
      <YesNoRadio form={form} name={name} label={label} description={description} required />
      {answer === "yes" && children ? (
        <Stack gap="sm" pl={{ base: 0, sm: "md" }}>
          {children}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** A multi-line text of the form (observations, justification, treatment). */
function ObservationInput({
  form,
  name,
  label,
  description,
  required = false,
}: {
  form: Form;
  name: FieldPath<MedicalRecordValues>;
  label: string;
  description?: string;
  required?: boolean;
}) {
  const errorText = useValidationText();
  const error = form.getFieldState(name, form.formState).error;
  return (
    <Textarea
      label={label}
      description={description}
      autosize
      minRows={2}
      maxRows={8}
      {...(required ? REQUIRED_FIELD : {})}
      {...form.register(name)}
      error={errorText(error?.message)}
    />
  );
}

/** One allergy group (medications, foods, insects, other): a list of item + reaction entries. */
function AllergyGroupField({ form, group }: { form: Form; group: AllergyGroup }) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const entries = useFieldArray({ control: form.control, name: `allergies.${group}` });
  const groupErrors = form.formState.errors.allergies?.[group];
  const groupLabel = t(`enrollment:medicalRecord.allergyGroups.${group}`);
  const listError = groupErrors?.root?.message ?? groupErrors?.message;
  return (
    <Stack gap="sm" component="section" aria-label={groupLabel}>
      <Text fw={600}>{groupLabel}</Text>
      {entries.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("enrollment:medicalRecord.allergyGroupEmpty")}
        </Text>
      ) : null}
      {entries.fields.map((field, index) => {
        const number = index + 1;
        const entryLabel = t("enrollment:medicalRecord.allergyN", { group: groupLabel, n: number });
        const entryErrors = groupErrors?.[index];
        return (
          <Paper key={field.id} withBorder p="md" component="fieldset" aria-label={entryLabel}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {entryLabel}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => entries.remove(index)}
                  aria-label={t("enrollment:medicalRecord.removeAllergy", { group: groupLabel, n: number })}
                >
                  ✕
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t(`enrollment:medicalRecord.allergyItem.${group}`)}
                  {...REQUIRED_FIELD}
                  {...form.register(`allergies.${group}.${index}.item`)}
                  error={errorText(entryErrors?.item?.message)}
                />
                <TextInput
                  label={t("enrollment:medicalRecord.allergyReaction")}
                  placeholder={t("enrollment:medicalRecord.allergyReactionPlaceholder")}
                  {...REQUIRED_FIELD}
                  {...form.register(`allergies.${group}.${index}.reaction`)}
                  error={errorText(entryErrors?.reaction?.message)}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {listError ? (
        <Text c="red" size="sm" role="alert">
          {errorText(listError)}
        </Text>
      ) : null}
      {entries.fields.length < MAX_ALLERGIES_PER_GROUP ? (
        <Group>
          <Button variant="light" size="compact-sm" onClick={() => entries.append({ ...EMPTY_ALLERGY })}>
            {t(`enrollment:medicalRecord.addAllergy.${group}`)}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** "No known allergies" is simply every group empty; say so when it is the case. */
function NoKnownAllergies({ form }: { form: Form }) {
  const { t } = useTranslation();
  const allergies = useWatch({ control: form.control, name: "allergies" });
  const none = ALLERGY_GROUPS.every((group) => (allergies?.[group] ?? []).length === 0);
  if (!none) return null;
  return (
    // Not role="alert": it is a state of the form, not news to announce.
    <Paper bg="gray.0" p="sm" radius="sm" data-testid="no-known-allergies">
      <Text size="sm" fw={500}>
        {t("enrollment:medicalRecord.noKnownAllergies")}
      </Text>
    </Paper>
  );
}

/**
 * The fields of step 13 (spec 3 MedicalRecord): health questions with their details, vaccination
 * booklet, allergies, measurements and the authorizations. `bookletRequired` comes from the shared
 * rule (new student, or up to 6 years old). Used by the wizard step; the staff module page
 * reuses it.
 */
export function MedicalRecordFields({
  form,
  fileId,
  bookletRequired,
  onUploading,
}: {
  form: Form;
  fileId: number;
  bookletRequired: boolean;
  onUploading?: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const booklet = useUploadRule("vaccinationBooklet");
  const { errors, isSubmitted } = form.formState;
  // A certificate is enough for a sports exemption: once it is uploaded, the "certificate or
  // justification" message under the justification goes away without saving again.
  const sportFileId = useWatch({ control: form.control, name: "disqualifiedSportFileId" });
  useEffect(() => {
    if (isSubmitted && sportFileId !== null) void form.trigger("disqualifiedSportObservation");
  }, [form, isSubmitted, sportFileId]);
  const decimal = { inputMode: "decimal" as const, autoComplete: "off" };

  return (
    <>
      <StepSection id="medical-health" title={t("enrollment:medicalRecord.healthTitle")}>
        <YesNoQuestion form={form} name="disease" label={t("enrollment:medicalRecord.disease")}>
          <ObservationInput
            form={form}
            name="diseaseObservation"
            label={t("enrollment:medicalRecord.diseaseObservation")}
            description={t("enrollment:medicalRecord.diseaseObservationHint")}
            required
          />
        </YesNoQuestion>
        <YesNoQuestion form={form} name="takeMedication" label={t("enrollment:medicalRecord.takeMedication")}>
          <ObservationInput
            form={form}
            name="takeMedicationObservation"
            label={t("enrollment:medicalRecord.takeMedicationObservation")}
            description={t("enrollment:medicalRecord.takeMedicationObservationHint")}
            required
          />
        </YesNoQuestion>
        <YesNoQuestion form={form} name="hasIncapacity" label={t("enrollment:medicalRecord.hasIncapacity")}>
          <ObservationInput
            form={form}
            name="incapacityObservation"
            label={t("enrollment:medicalRecord.incapacityObservation")}
            required
          />
          <PdfUploadField
            form={form}
            name="incapacityCertificateFileId"
            fileId={fileId}
            kind="incapacityCertificate"
            label={t("enrollment:medicalRecord.incapacityCertificate")}
            required
            onUploading={onUploading}
          />
        </YesNoQuestion>
        <YesNoQuestion
          form={form}
          name="disqualifiedSport"
          label={t("enrollment:medicalRecord.disqualifiedSport")}
          description={t("enrollment:medicalRecord.disqualifiedSportHint")}
        >
          <Text size="sm">{t("enrollment:medicalRecord.sportProofHint")}</Text>
          <PdfUploadField
            form={form}
            name="disqualifiedSportFileId"
            fileId={fileId}
            kind="sportCertificate"
            label={t("enrollment:medicalRecord.sportCertificate")}
            onUploading={onUploading}
          />
          <ObservationInput
            form={form}
            name="disqualifiedSportObservation"
            label={t("enrollment:medicalRecord.disqualifiedSportObservation")}
          />
        </YesNoQuestion>
        <ObservationInput
          form={form}
          name="treatmentReceived"
          label={t("enrollment:medicalRecord.treatmentReceived")}
          description={t("enrollment:medicalRecord.treatmentReceivedHint")}
        />
      </StepSection>

      <StepSection id="medical-vaccines" title={t("enrollment:medicalRecord.vaccinesTitle")}>
        <PdfUploadField
          form={form}
          name="vaccinationBookletFileId"
          fileId={fileId}
          kind="vaccinationBooklet"
          label={t("enrollment:medicalRecord.vaccinationBooklet")}
          description={t(
            bookletRequired
              ? "enrollment:medicalRecord.vaccinationBookletRequired"
              : "enrollment:medicalRecord.vaccinationBookletOnFile",
            { max: booklet.maxMb },
          )}
          required={bookletRequired}
          onUploading={onUploading}
        />
      </StepSection>

      <StepSection id="medical-allergies" title={t("enrollment:medicalRecord.allergiesTitle")}>
        <Text size="sm" c="dimmed">
          {t("enrollment:medicalRecord.allergiesHint")}
        </Text>
        <NoKnownAllergies form={form} />
        {ALLERGY_GROUPS.map((group) => (
          <AllergyGroupField key={group} form={form} group={group} />
        ))}
      </StepSection>

      <StepSection id="medical-measurements" title={t("enrollment:medicalRecord.measurementsTitle")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("enrollment:medicalRecord.height")}
            description={t("enrollment:medicalRecord.heightHint", HEIGHT_CM)}
            rightSection={<Text size="sm">cm</Text>}
            {...decimal}
            {...REQUIRED_FIELD}
            {...form.register("height")}
            error={errorText(errors.height?.message)}
          />
          <TextInput
            label={t("enrollment:medicalRecord.weight")}
            description={t("enrollment:medicalRecord.weightHint", WEIGHT_KG)}
            rightSection={<Text size="sm">kg</Text>}
            {...decimal}
            {...REQUIRED_FIELD}
            {...form.register("weight")}
            error={errorText(errors.weight?.message)}
          />
        </SimpleGrid>
      </StepSection>

      <StepSection id="medical-authorizations" title={t("enrollment:medicalRecord.authorizationsTitle")}>
        <YesNoQuestion
          form={form}
          name="authorizeEmergencyActions"
          label={t("enrollment:medicalRecord.authorizeEmergencyActions")}
          description={t("enrollment:medicalRecord.authorizeEmergencyActionsHint")}
        />
        <Checkbox
          label={t("enrollment:medicalRecord.declarationOfTruth")}
          required
          attributes={{ label: { "data-portal-required": true } }}
          {...form.register("declarationOfTruth")}
          error={errorText(errors.declarationOfTruth?.message)}
        />
      </StepSection>
    </>
  );
}
