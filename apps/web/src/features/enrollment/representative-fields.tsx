import { Alert, Group, NativeSelect, Radio, SimpleGrid, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { type FieldPath, type UseFormReturn, useController, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDateField } from "../../components/ui/date-field.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { useDeskFamilyMode } from "../../lib/desk-mode.ts";
import { useSession } from "../../lib/session-query.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { useAccountHolderPrefill } from "./account-holder-prefill.ts";
import {
  isWorking,
  OTHER_RELATIONSHIP,
  type RepresentativeNumber,
  type RepresentativeValues,
} from "./representative-form.ts";
import { type SelectOptions, withPlaceholder } from "./step-kit/catalog-options.ts";
import { ImageUploadField } from "./step-kit/image-upload-field.tsx";
import { PdfUploadField } from "./step-kit/pdf-upload-field.tsx";
import type { REPRESENTATIVE_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepSection } from "./step-kit/step-form.tsx";
import { useShowsStaffFields } from "./step-kit/step-host.tsx";

export type RepresentativeCatalogs = Record<(typeof REPRESENTATIVE_CATALOGS)[number], SelectOptions>;

/**
 * A yes/no question bound to a "yes" | "no" | "" field. Radio.Group's label is not a <label>, so
 * the required mark is Mantine's asterisk (hidden from screen readers): the group's accessible
 * name stays exactly the label's words.
 */
function YesNoQuestion({
  form,
  name,
  label,
  description,
  required = true,
  onAnswer,
}: {
  form: UseFormReturn<RepresentativeValues>;
  name: FieldPath<RepresentativeValues>;
  label: string;
  description?: ReactNode;
  required?: boolean;
  /** Called with the answer the person chose (not with a saved one loading). */
  onAnswer?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <Radio.Group
      name={field.name}
      label={label}
      description={description}
      withAsterisk={required}
      value={typeof field.value === "string" ? field.value : ""}
      onChange={(value) => {
        field.onChange(value);
        onAnswer?.(value);
      }}
      error={errorText(fieldState.error?.message)}
    >
      <Group gap="xl" mt="xs">
        <Radio ref={field.ref} value="yes" label={t("common:actions.yes")} onBlur={field.onBlur} />
        <Radio value="no" label={t("common:actions.no")} onBlur={field.onBlur} />
      </Group>
    </Radio.Group>
  );
}

/**
 * The fields of a legal representative (spec 3 LegalRepresentative), the same for step 5 and step
 * 6: `typeRepresentative` says which one they are (fixed by the step, sent by the form). Used by the
 * wizard steps; the staff module pages reuse it. `otherIsAccountHolder` says the other
 * representative was saved as the account holder, so saying yes here too is questioned.
 */
export function RepresentativeFields({
  form,
  fileId,
  typeRepresentative,
  catalogs,
  otherIsAccountHolder = false,
  emailNotice = null,
  onUploading,
}: {
  form: UseFormReturn<RepresentativeValues>;
  fileId: number;
  typeRepresentative: RepresentativeNumber;
  catalogs: RepresentativeCatalogs;
  otherIsAccountHolder?: boolean;
  /** A warning about the e-mail, shown under its field (spec 5 "same e-mail"), or null. */
  emailNotice?: string | null;
  onUploading?: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const { errors } = form.formState;
  const [isAccountHolder, relationship, professionalSituation, formerStudent] = useWatch({
    control: form.control,
    name: ["isAccountHolder", "relationshipStudentCode", "professionalSituation", "formerStudent"],
  });
  const choose = t("enrollment:form.choose");
  const countries = withPlaceholder(catalogs.countries, choose);
  const nationalities = withPlaceholder(catalogs.nationalities, choose);
  const id = (section: string) => `representative${typeRepresentative}-${section}`;
  const k = (key: string) => t(`enrollment:representative.${key}`);
  const staffFields = useShowsStaffFields();
  const working = isWorking(professionalSituation);
  // On a staff page "the account holder" is the family's, not the staff member signed in.
  const session = useSession();
  // At the desk, the family's account holder (docs/rules/staff-workflow.md "Walk-in families").
  const desk = useDeskFamilyMode(session.user?.id);
  // At the desk, never the staff member's own details, even while the family's are read again.
  const holder = useAccountHolderPrefill(form, staffFields ? null : desk ? desk.holder : session.user);

  return (
    <>
      <StepSection id={id("role")} title={k("roleTitle")}>
        <YesNoQuestion
          form={form}
          name="isAccountHolder"
          label={t("enrollment:representative.isAccountHolder", { n: typeRepresentative })}
          description={k("isAccountHolderHint")}
          onAnswer={holder.onAnswer}
        />
        {holder.prefilled && isAccountHolder === "yes" ? (
          <Alert color="blue" role="status">
            {k("prefilledFromAccount")}
          </Alert>
        ) : null}
        {isAccountHolder === "yes" && otherIsAccountHolder ? (
          <Alert color="yellow" role="status" title={k("bothAccountHoldersTitle")}>
            {t("enrollment:representative.bothAccountHolders", { other: typeRepresentative === 1 ? 2 : 1 })}
          </Alert>
        ) : null}
        <YesNoQuestion
          form={form}
          name="isLegalRepresentative"
          label={k("isLegalRepresentative")}
          description={k("isLegalRepresentativeHint")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={k("relationshipStudentCode")}
            data={withPlaceholder(catalogs.relationships, choose)}
            {...REQUIRED_FIELD}
            {...form.register("relationshipStudentCode")}
            error={errorText(errors.relationshipStudentCode?.message)}
          />
          {relationship === OTHER_RELATIONSHIP ? (
            <TextInput
              label={k("relationshipOther")}
              {...REQUIRED_FIELD}
              {...form.register("relationshipOther")}
              error={errorText(errors.relationshipOther?.message)}
            />
          ) : null}
          <NativeSelect
            label={k("civilStatus")}
            data={withPlaceholder(catalogs.civilStatus, choose)}
            {...REQUIRED_FIELD}
            {...form.register("civilStatus")}
            error={errorText(errors.civilStatus?.message)}
          />
        </SimpleGrid>
      </StepSection>

      <StepSection id={id("identity")} title={k("identityTitle")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={k("prefix")}
            data={withPlaceholder(catalogs.prefixes, choose)}
            {...form.register("prefix")}
            error={errorText(errors.prefix?.message)}
          />
          <TextInput
            label={k("names")}
            description={k("asOnDocument")}
            {...REQUIRED_FIELD}
            {...form.register("names")}
            error={errorText(errors.names?.message)}
          />
          <TextInput
            label={k("firstName")}
            {...REQUIRED_FIELD}
            {...form.register("firstName")}
            error={errorText(errors.firstName?.message)}
          />
          <TextInput
            label={k("secondName")}
            {...form.register("secondName")}
            error={errorText(errors.secondName?.message)}
          />
          <FormDateField
            control={form.control}
            name="birthDate"
            label={k("birthDate")}
            {...REQUIRED_FIELD}
            error={errorText(errors.birthDate?.message)}
          />
          <NativeSelect
            label={k("birthCountry")}
            data={countries}
            {...REQUIRED_FIELD}
            {...form.register("birthCountry")}
            error={errorText(errors.birthCountry?.message)}
          />
          <TextInput
            label={k("birthCity")}
            {...REQUIRED_FIELD}
            {...form.register("birthCity")}
            error={errorText(errors.birthCity?.message)}
          />
          <NativeSelect
            label={k("primaryNationality")}
            data={nationalities}
            {...REQUIRED_FIELD}
            {...form.register("primaryNationality")}
            error={errorText(errors.primaryNationality?.message)}
          />
          <NativeSelect
            label={k("secondaryNationality")}
            data={nationalities}
            {...form.register("secondaryNationality")}
            error={errorText(errors.secondaryNationality?.message)}
          />
          <NativeSelect
            label={k("typeIdentification")}
            data={catalogs.identificationTypes}
            {...REQUIRED_FIELD}
            {...form.register("typeIdentification")}
            error={errorText(errors.typeIdentification?.message)}
          />
          <TextInput
            label={k("documentNumber")}
            description={k("documentNumberHint")}
            {...REQUIRED_FIELD}
            {...form.register("documentNumber")}
            error={errorText(errors.documentNumber?.message)}
          />
        </SimpleGrid>
        <ImageUploadField
          form={form}
          name="photoFileId"
          fileId={fileId}
          kind="representativePhoto"
          label={k("photo")}
          required
          onUploading={onUploading}
        />
        <PdfUploadField
          form={form}
          name="documentFileId"
          fileId={fileId}
          kind="identityDocument"
          label={k("identityDocument")}
          required
          onUploading={onUploading}
        />
        <PdfUploadField
          form={form}
          name="legalBackingFileId"
          fileId={fileId}
          kind="legalBacking"
          label={k("legalBacking")}
          description={k("legalBackingHint")}
          onUploading={onUploading}
        />
      </StepSection>

      <StepSection id={id("contact")} title={k("contactTitle")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={k("email")}
            type="email"
            autoComplete="off"
            {...REQUIRED_FIELD}
            {...form.register("email")}
            error={errorText(errors.email?.message)}
            description={emailNotice}
            inputWrapperOrder={["label", "input", "description", "error"]}
            descriptionProps={emailNotice ? { c: "orange", "data-testid": "email-notice", role: "status" } : undefined}
          />
          <TextInput
            label={k("emailConfirmation")}
            description={k("confirmationHint")}
            type="email"
            autoComplete="off"
            {...REQUIRED_FIELD}
            {...form.register("emailConfirmation")}
            error={errorText(errors.emailConfirmation?.message)}
          />
          <TextInput
            label={k("cellPhone")}
            type="tel"
            autoComplete="off"
            {...REQUIRED_FIELD}
            {...form.register("cellPhone")}
            error={errorText(errors.cellPhone?.message)}
          />
          <TextInput
            label={k("cellPhoneConfirmation")}
            description={k("confirmationHint")}
            type="tel"
            autoComplete="off"
            {...REQUIRED_FIELD}
            {...form.register("cellPhoneConfirmation")}
            error={errorText(errors.cellPhoneConfirmation?.message)}
          />
          <TextInput
            label={k("landline")}
            type="tel"
            {...form.register("landline")}
            error={errorText(errors.landline?.message)}
          />
        </SimpleGrid>
        <YesNoQuestion
          form={form}
          name="shareContacts"
          label={k("shareContacts")}
          description={k("shareContactsHint")}
        />
      </StepSection>

      <StepSection id={id("residence")} title={k("residenceTitle")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={k("countryResidence")}
            data={countries}
            {...REQUIRED_FIELD}
            {...form.register("countryResidence")}
            error={errorText(errors.countryResidence?.message)}
          />
          <TextInput
            label={k("cityResidence")}
            {...REQUIRED_FIELD}
            {...form.register("cityResidence")}
            error={errorText(errors.cityResidence?.message)}
          />
        </SimpleGrid>
        <TextInput
          label={k("address")}
          {...REQUIRED_FIELD}
          {...form.register("address")}
          error={errorText(errors.address?.message)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={k("mainStreet")}
            {...form.register("mainStreet")}
            error={errorText(errors.mainStreet?.message)}
          />
          <TextInput
            label={k("secondaryStreet")}
            {...form.register("secondaryStreet")}
            error={errorText(errors.secondaryStreet?.message)}
          />
          <TextInput label={k("sector")} {...form.register("sector")} error={errorText(errors.sector?.message)} />
          <TextInput
            label={k("postalCode")}
            {...form.register("postalCode")}
            error={errorText(errors.postalCode?.message)}
          />
        </SimpleGrid>
      </StepSection>

      <StepSection id={id("work")} title={k("workTitle")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={k("professionalSituation")}
            data={withPlaceholder(catalogs.professionalSituations, choose)}
            {...REQUIRED_FIELD}
            {...form.register("professionalSituation")}
            error={errorText(errors.professionalSituation?.message)}
          />
          <NativeSelect
            label={k("categoryWork")}
            description={k("categoryWorkHint")}
            data={withPlaceholder(catalogs.socioProfessionalCategories, choose)}
            {...REQUIRED_FIELD}
            {...form.register("categoryWork")}
            error={errorText(errors.categoryWork?.message)}
          />
          <TextInput
            label={k("professionCode")}
            {...form.register("professionCode")}
            error={errorText(errors.professionCode?.message)}
          />
          {working ? (
            <>
              <TextInput
                label={k("nameEmployer")}
                {...form.register("nameEmployer")}
                error={errorText(errors.nameEmployer?.message)}
              />
              <NativeSelect
                label={k("countryWork")}
                data={countries}
                {...form.register("countryWork")}
                error={errorText(errors.countryWork?.message)}
              />
              <TextInput
                label={k("cityWork")}
                {...form.register("cityWork")}
                error={errorText(errors.cityWork?.message)}
              />
              <TextInput
                label={k("phoneWork")}
                type="tel"
                {...form.register("phoneWork")}
                error={errorText(errors.phoneWork?.message)}
              />
            </>
          ) : null}
        </SimpleGrid>
      </StepSection>

      <StepSection id={id("school")} title={k("schoolTitle")}>
        <YesNoQuestion form={form} name="formerStudent" label={k("formerStudent")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {formerStudent === "yes" ? (
            <TextInput
              label={k("graduationYear")}
              inputMode="numeric"
              {...REQUIRED_FIELD}
              {...form.register("graduationYear")}
              error={errorText(errors.graduationYear?.message)}
            />
          ) : null}
          {staffFields ? (
            <TextInput
              label={k("contactCodeBue")}
              description={k("contactCodeBueHint")}
              {...form.register("contactCodeBue")}
              error={errorText(errors.contactCodeBue?.message)}
            />
          ) : null}
        </SimpleGrid>
      </StepSection>
    </>
  );
}
