import { Alert } from "@mantine/core";
import { MAX_AUTHORIZED_PERSONS } from "@portal/shared/rules/family";
import { authorizedPersonsSchema } from "@portal/shared/schemas/enrollment/authorized-persons";
import type { KnownPerson } from "@portal/shared/schemas/enrollment-responses";
import { useMemo, useState } from "react";
import { get, type Resolver, set, useFieldArray, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { type AuthorizedPersonsCatalogs, AuthorizedPersonsFields } from "./authorized-persons-fields.tsx";
import {
  type AuthorizedPersonsValues,
  missingPersonUploads,
  reusedPerson,
  toFormValues,
  toRequestBody,
} from "./authorized-persons-form.ts";
import { useKnownPeople } from "./known-people-api.ts";
import { KnownPeoplePicker } from "./known-people-picker.tsx";
import { useCatalogOptions } from "./step-kit/catalog-options.ts";
import { type OtherPeople, withIdentificationCheck } from "./step-kit/identification-check.ts";
import { AUTHORIZED_PERSONS_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostStepData, useStepHost } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";

const STEP = "authorizedPersons" as const;

const schemaResolver = stepResolver<AuthorizedPersonsValues>(authorizedPersonsSchema, toRequestBody);

/**
 * The shared schema, plus each person's missing photo and document said at once with the other
 * missing fields (the schema asks for them only once the rest of the person is valid). They are
 * nested paths (`persons.1.photoFileId`), so they are set into the errors tree.
 */
const resolver: Resolver<AuthorizedPersonsValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const errors = { ...result.errors } as Record<string, unknown>;
  for (const [path, message] of Object.entries(missingPersonUploads(values))) {
    if (message && !get(errors, path)) set(errors, path, { type: "custom", message });
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors: errors as typeof result.errors } : result;
};

const keyOf = (person: { typeIdentification: string | number; documentNumber: string }) =>
  `${person.typeIdentification}:${person.documentNumber.trim().toUpperCase()}`;

/** Step 7 (spec 2, 3 and 9): the family's authorized persons, at most three, none allowed. */
export function AuthorizedPersonsPage() {
  const host = useStepHost();
  const step = useHostStepData(STEP);
  // The student's and the representatives' numbers: no authorised person may carry one of them.
  const student = useHostStepData("studentFile");
  const first = useHostStepData("firstRepresentative");
  const second = useHostStepData("secondRepresentative");
  const known = useKnownPeople(host.fileId, host.offersKnownPeople);
  const catalogs = useCatalogOptions(AUTHORIZED_PERSONS_CATALOGS, step.data?.data);
  const error = step.error ?? student.error ?? first.error ?? second.error ?? catalogs.error;
  if (error) return <FormErrorAlert error={error} />;
  // The offer of known people is a help: the step works without it if it cannot be loaded.
  if (!step.data || !student.data || !first.data || !second.data || !catalogs.options || known.isLoading) {
    return <PageLoader />;
  }
  return (
    <AuthorizedPersonsStep
      initial={toFormValues(step.data.data)}
      catalogs={catalogs.options}
      people={known.data?.authorizedPersons ?? []}
      others={{
        studentFile: student.data.data,
        firstRepresentative: first.data.data,
        secondRepresentative: second.data.data,
      }}
    />
  );
}

function AuthorizedPersonsStep({
  initial,
  catalogs,
  people,
  others,
}: {
  initial: AuthorizedPersonsValues;
  catalogs: AuthorizedPersonsCatalogs;
  people: KnownPerson[];
  others: OtherPeople;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const checked = useMemo(() => withIdentificationCheck(resolver, STEP, toRequestBody, others), [others]);
  const { form, fileId, state } = useStepForm({ step: STEP, initial, resolver: checked, toBody: toRequestBody });
  const persons = useFieldArray({ control: form.control, name: "persons" });
  const listed = useWatch({ control: form.control, name: "persons" }) ?? [];
  // Offered: the family's people not already on this list.
  const listedKeys = new Set(listed.map(keyOf));
  const offered = people.filter((person) => !listedKeys.has(keyOf(person)));
  const full = listed.length >= MAX_AUTHORIZED_PERSONS;

  const use = (person: KnownPerson) => {
    if (full) return;
    persons.append(reusedPerson(person.data));
    setNotice(t("enrollment:knownPeople.added", { name: person.displayName }));
  };

  return (
    <StepForm title={t(routeTitleKey("wizard.authorizedPersons"))} state={state} busy={uploading}>
      <AuthorizedPersonsFields
        form={form}
        fileId={fileId}
        persons={persons}
        catalogs={catalogs}
        onUploading={setUploading}
        extra={
          <>
            <KnownPeoplePicker
              people={offered}
              title={t("enrollment:knownPeople.authorizedTitle")}
              hint={t("enrollment:knownPeople.authorizedHint")}
              actionLabel={t("enrollment:knownPeople.add")}
              disabled={state.readOnly || full}
              onUse={use}
            />
            {notice ? (
              <Alert color="blue" role="status">
                {notice}
              </Alert>
            ) : null}
          </>
        }
      />
    </StepForm>
  );
}
