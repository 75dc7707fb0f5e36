import { enrollmentYearSchemaFor } from "@portal/shared/schemas/enrollment/enrollment-year";
import { type FormEvent, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useSession } from "../../lib/session-query.ts";
import { useSchoolYears } from "../auth/api/auth-api.ts";
import { confirmUsualBirthDate } from "./birth-date-confirmation.ts";
import { EnrollmentYearFields, type EnrollmentYearInfo } from "./enrollment-year-fields.tsx";
import { type EnrollmentYearValues, previousLevelOf, toFormValues, toRequestBody } from "./enrollment-year-form.ts";
import { type SelectOptions, useCatalogOptions } from "./step-kit/catalog-options.ts";
import { str } from "./step-kit/form-values.ts";
import { ENROLLMENT_YEAR_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostFileContext, useHostStepData, useStepHost } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";

const STEP = "enrollmentYear" as const;

/** The label of the file's school year: the session's (chosen at login), else from the list. */
function useSchoolYearLabel(schoolYearId: number): string | null {
  const session = useSession();
  const sessionYear = session.schoolYear?.id === schoolYearId ? session.schoolYear : null;
  const years = useSchoolYears();
  if (sessionYear) return sessionYear.label;
  if (years.isError) return String(schoolYearId);
  return years.data?.find((year) => year.id === schoolYearId)?.label ?? (years.data ? String(schoolYearId) : null);
}

/** Step 3 (spec 2, 3 and 5): the file's school year, first enrollment or not, and the level. */
export function EnrollmentYearPage() {
  const host = useStepHost();
  const step = useHostStepData(STEP);
  const context = useHostFileContext();
  const catalogs = useCatalogOptions(ENROLLMENT_YEAR_CATALOGS);
  const schoolYearLabel = useSchoolYearLabel(host.schoolYearId);
  const error = step.error ?? context.error ?? catalogs.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!step.data || !context.data || !catalogs.options || schoolYearLabel === null) return <PageLoader />;
  const info: EnrollmentYearInfo = {
    schoolYearLabel,
    isNewStudent: context.data.isNewStudent,
    previousLevel: previousLevelOf(context.data.previousLevel),
    requestableLevels: context.data.requestableLevels,
  };
  const initial = toFormValues(step.data.data, {
    schoolYearId: host.schoolYearId,
    isNewStudent: info.isNewStudent,
    requestableLevels: info.requestableLevels,
  });
  return (
    <EnrollmentYearStep
      initial={initial}
      saved={step.data.completed ? str(step.data.data?.levelCode) : null}
      info={info}
      birth={{ birthDate: context.data.birthDate, schoolYearStartsOn: context.data.schoolYearStartsOn }}
      levels={catalogs.options.levels}
    />
  );
}

function EnrollmentYearStep({
  initial,
  saved,
  info,
  birth,
  levels,
}: {
  initial: EnrollmentYearValues;
  /** The level of a completed save, else null. */
  saved: string | null;
  info: EnrollmentYearInfo;
  birth: { birthDate: string | null; schoolYearStartsOn: string };
  levels: SelectOptions;
}) {
  const { t } = useTranslation();
  // The same rule the server applies: a re-enrollment may ask only for the next level.
  const resolver = useMemo(
    () =>
      stepResolver<EnrollmentYearValues>(
        enrollmentYearSchemaFor({
          isNewStudent: info.isNewStudent,
          currentLevel: previousLevelOf(info.previousLevel),
        }),
        toRequestBody,
      ),
    [info.isNewStudent, info.previousLevel],
  );
  const { form, state } = useStepForm({ step: STEP, initial, resolver, toBody: toRequestBody });
  // A level far from the student's usual age for their birth date is confirmed first.
  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const { levelCode } = form.getValues();
    if (!state.readOnly && birth.birthDate && levelCode !== saved) {
      if (!(await form.trigger())) return state.onSubmit();
      const confirmed = await confirmUsualBirthDate({
        birthDate: birth.birthDate,
        level: levelCode,
        schoolYearStartsOn: birth.schoolYearStartsOn,
        levelLabel: (code) => levels.find((level) => level.value === code)?.label ?? code,
      });
      if (!confirmed) return;
    }
    state.onSubmit();
  };
  return (
    <StepForm
      title={t(routeTitleKey("wizard.enrollmentYear"))}
      state={{ ...state, onSubmit: (event) => void onSubmit(event) }}
    >
      <EnrollmentYearFields form={form} levels={levels} info={info} />
    </StepForm>
  );
}
