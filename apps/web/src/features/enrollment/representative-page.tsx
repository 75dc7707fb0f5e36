import { Alert, Radio, Stack, Textarea } from "@mantine/core";
import {
  representativeSchema,
  secondRepresentativeDeclinedSchema,
} from "@portal/shared/schemas/enrollment/representative";
import type { KnownPerson } from "@portal/shared/schemas/enrollment-responses";
import { type FormEvent, useMemo, useState } from "react";
import { type FieldPath, type Resolver, type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { confirm } from "../../lib/confirm.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { useKnownPeople } from "./known-people-api.ts";
import { KnownPeoplePicker } from "./known-people-picker.tsx";
import { useRepresentativeEmailWarning } from "./representative-email-warning.ts";
import { type RepresentativeCatalogs, RepresentativeFields } from "./representative-fields.tsx";
import {
  identityKey,
  type RepresentativeNumber,
  type RepresentativeValues,
  reusedValues,
  toDeclinedBody,
  toFormValues,
  toRepresentativeBody,
  toRequestBody,
} from "./representative-form.ts";
import { useCatalogOptions } from "./step-kit/catalog-options.ts";
import { type OtherPeople, withIdentificationCheck } from "./step-kit/identification-check.ts";
import { REPRESENTATIVE_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepForm, StepSection } from "./step-kit/step-form.tsx";
import { useHostStepData, useStepHost } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";

const STEPS = { 1: "firstRepresentative", 2: "secondRepresentative" } as const;
const ROUTES = { 1: "wizard.firstRepresentative", 2: "wizard.secondRepresentative" } as const;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const samePhone = (a: string, b: string) => a.replace(/[^\d+]/g, "") === b.replace(/[^\d+]/g, "");

/**
 * Checks the schema makes only once every other field is valid (its refinements), said at once
 * with the other missing fields: the two uploads and the two confirmations.
 */
function earlyChecks(values: RepresentativeValues): Partial<Record<string, string>> {
  return {
    photoFileId: values.photoFileId == null ? "validation.fileRequired" : undefined,
    documentFileId: values.documentFileId == null ? "validation.fileRequired" : undefined,
    emailConfirmation:
      values.emailConfirmation !== "" && !sameEmail(values.email, values.emailConfirmation)
        ? "validation.emailMismatch"
        : undefined,
    cellPhoneConfirmation:
      values.cellPhoneConfirmation !== "" && !samePhone(values.cellPhone, values.cellPhoneConfirmation)
        ? "validation.cellPhoneMismatch"
        : undefined,
  };
}

const declinedResolver = stepResolver<RepresentativeValues>(secondRepresentativeDeclinedSchema, toDeclinedBody);

/** The representative schema for step `type`; step 6 switches to the declined form when chosen. */
function resolverFor(type: RepresentativeNumber): Resolver<RepresentativeValues> {
  const person = stepResolver<RepresentativeValues>(
    representativeSchema,
    (values) => toRepresentativeBody(values, type),
    earlyChecks,
  );
  return (values, context, options) =>
    type === 2 && values.declined ? declinedResolver(values, context, options) : person(values, context, options);
}
const RESOLVERS = { 1: resolverFor(1), 2: resolverFor(2) };

/** A saved representative step that names a person (not declined, not empty). */
function savedPerson(data: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  return data && data.declined !== true && typeof data.documentNumber === "string" ? data : null;
}

/** Step 5 (spec 2 and 3): legal representative 1. */
export function FirstRepresentativePage() {
  return <RepresentativePage type={1} />;
}

/** Step 6 (spec 2 and 3): legal representative 2, or why there is none. */
export function SecondRepresentativePage() {
  return <RepresentativePage type={2} />;
}

function RepresentativePage({ type }: { type: RepresentativeNumber }) {
  const host = useStepHost();
  const step = useHostStepData(STEPS[type]);
  const other = useHostStepData(STEPS[type === 1 ? 2 : 1]);
  // The student's and the authorised persons' numbers: a representative may carry none of them.
  const student = useHostStepData("studentFile");
  const authorized = useHostStepData("authorizedPersons");
  const known = useKnownPeople(host.fileId, host.offersKnownPeople);
  const catalogs = useCatalogOptions(REPRESENTATIVE_CATALOGS, step.data?.data);
  const error = step.error ?? other.error ?? student.error ?? authorized.error ?? catalogs.error;
  if (error) return <FormErrorAlert error={error} />;
  // The offer of known people is a help: the step works without it if it cannot be loaded.
  if (!step.data || !other.data || !student.data || !authorized.data || !catalogs.options || known.isLoading) {
    return <PageLoader />;
  }
  const otherPerson = savedPerson(other.data.data);
  const otherKey = otherPerson ? identityKey(toFormValues(otherPerson)) : "";
  // The other representative of this student cannot be this one too (the server refuses it).
  const people = (known.data?.representatives ?? []).filter(
    (person) => `${person.typeIdentification}:${person.documentNumber}` !== otherKey,
  );
  return (
    <RepresentativeStep
      key={type}
      type={type}
      saved={step.data.data}
      catalogs={catalogs.options}
      otherIsAccountHolder={otherPerson?.isAccountHolder === true}
      people={people}
      others={{ studentFile: student.data.data, authorizedPersons: authorized.data.data }}
      emailShared={step.data.emailGivenByAnotherFamily === true}
    />
  );
}

function RepresentativeStep({
  type,
  saved,
  catalogs,
  otherIsAccountHolder,
  people,
  others,
  emailShared,
}: {
  type: RepresentativeNumber;
  saved: Record<string, unknown> | null;
  catalogs: RepresentativeCatalogs;
  otherIsAccountHolder: boolean;
  people: KnownPerson[];
  /** The other representative is left to the server, which asks first whether this is a change of representative. */
  others: OtherPeople;
  /** The saved e-mail is given by another family (spec 5 "same e-mail"): the family is asked to check it. */
  emailShared: boolean;
}) {
  const { t } = useTranslation();
  const emailWarning = useRepresentativeEmailWarning(saved, emailShared);
  const [uploading, setUploading] = useState(false);
  // Remounts the fields after a reuse, so the upload fields forget what they uploaded before.
  const [fillCount, setFillCount] = useState(0);
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const checked = useMemo(
    () => withIdentificationCheck(RESOLVERS[type], STEPS[type], (values) => toRequestBody(values, type), others),
    [type, others],
  );
  const { form, fileId, state } = useStepForm({
    step: STEPS[type],
    initial: toFormValues(saved),
    resolver: checked,
    toBody: (values: RepresentativeValues) => toRequestBody(values, type),
    // Saved, but another family gives this e-mail: the step stays open once so the family reads why.
    stayAfterSave: emailWarning.stayAfterSave,
  });
  const [declined, email] = useWatch({ control: form.control, name: ["declined", "email"] });
  const emailNotice = emailWarning.applies(email) ? t("enrollment:representative.emailGivenByAnotherFamily") : null;
  const savedKey = identityKey(toFormValues(savedPerson(saved)));

  const fill = async (person: KnownPerson) => {
    const current = form.getValues();
    const currentKey = identityKey(current);
    const personKey = `${person.typeIdentification}:${person.documentNumber}`;
    if (currentKey !== "" && currentKey !== personKey) {
      const ok = await confirm({
        title: t("enrollment:representative.replaceTitle"),
        text: t("enrollment:representative.replaceText", { name: person.displayName }),
      });
      if (!ok) return;
    }
    const next = reusedValues(person.data, current);
    for (const [name, value] of Object.entries(next)) {
      form.setValue(name as FieldPath<RepresentativeValues>, value as never, { shouldDirty: true });
    }
    form.clearErrors();
    setFillCount((count) => count + 1);
    setFilledFrom(person.displayName);
  };

  // Replacing a saved representative by another person is confirmed before saving.
  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const values = form.getValues();
    const changing =
      !state.readOnly && !(type === 2 && values.declined) && savedKey !== "" && identityKey(values) !== savedKey;
    if (changing) {
      if (!(await form.trigger())) return state.onSubmit();
      const ok = await confirm({
        title: t("enrollment:representative.changeTitle"),
        text: t("enrollment:representative.changeText", { n: type }),
      });
      if (!ok) return;
    }
    state.onSubmit();
  };

  return (
    <StepForm
      title={t(routeTitleKey(ROUTES[type]))}
      state={{ ...state, onSubmit: (event) => void onSubmit(event) }}
      busy={uploading}
    >
      {type === 2 ? <DeclineChoice form={form} hasSavedPerson={savedKey !== ""} /> : null}
      {type === 2 && declined ? null : (
        <>
          <KnownPeoplePicker
            people={people}
            title={t("enrollment:knownPeople.representativeTitle")}
            hint={t("enrollment:knownPeople.representativeHint")}
            actionLabel={t("enrollment:knownPeople.use")}
            disabled={state.readOnly}
            onUse={(person) => void fill(person)}
          />
          {filledFrom ? (
            <Alert color="blue" role="status">
              {t("enrollment:knownPeople.filled", { name: filledFrom })}
            </Alert>
          ) : null}
          <RepresentativeFields
            key={fillCount}
            form={form}
            fileId={fileId}
            typeRepresentative={type}
            catalogs={catalogs}
            otherIsAccountHolder={otherIsAccountHolder}
            emailNotice={emailNotice}
            onUploading={setUploading}
          />
        </>
      )}
    </StepForm>
  );
}

/**
 * Step 6's first question: register a second representative, or say there is none (or that the
 * family does not wish to register one). Either change is confirmed; declining needs a reason.
 */
function DeclineChoice({
  form,
  hasSavedPerson,
}: {
  form: UseFormReturn<RepresentativeValues>;
  hasSavedPerson: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const declined = useWatch({ control: form.control, name: "declined" });
  const k = (key: string) => t(`enrollment:secondRepresentative.${key}`);

  const choose = async (value: string) => {
    const wantsDecline = value === "declined";
    if (wantsDecline === declined) return;
    const ok = await confirm(
      wantsDecline
        ? {
            title: k("declineConfirmTitle"),
            text: hasSavedPerson ? k("declineConfirmTextSaved") : k("declineConfirmText"),
          }
        : { title: k("registerConfirmTitle"), text: k("registerConfirmText") },
    );
    if (ok) form.setValue("declined", wantsDecline, { shouldDirty: true });
  };

  return (
    <StepSection id="second-representative-choice" title={k("choiceTitle")}>
      <Radio.Group
        name="secondRepresentativeChoice"
        label={k("choiceLabel")}
        value={declined ? "declined" : "person"}
        onChange={(value) => void choose(value)}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="person" label={k("register")} />
          <Radio value="declined" label={k("decline")} />
        </Stack>
      </Radio.Group>
      {declined ? (
        <Textarea
          label={k("reason")}
          description={k("reasonHint")}
          autosize
          minRows={3}
          {...REQUIRED_FIELD}
          {...form.register("reason")}
          error={errorText(form.formState.errors.reason?.message)}
        />
      ) : null}
    </StepSection>
  );
}
