import { academicHistorySchemaFor } from "@portal/shared/schemas/enrollment/academic-history";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { type AcademicHistoryCatalogs, AcademicHistoryFields } from "./academic-history-fields.tsx";
import {
  type AcademicHistoryValues,
  academicHistoryEarlyChecks,
  toFormValues,
  toRequestBody,
} from "./academic-history-form.ts";
import { useCatalogOptions } from "./step-kit/catalog-options.ts";
import { ACADEMIC_HISTORY_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostStepData } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";

const STEP = "academicHistory" as const;

/** Step 9 (spec 3): the student's schooling before this enrollment. */
export function AcademicHistoryPage() {
  const step = useHostStepData(STEP);
  const catalogs = useCatalogOptions(ACADEMIC_HISTORY_CATALOGS);
  const error = step.error ?? catalogs.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!step.data || !catalogs.options) return <PageLoader />;
  return <AcademicHistoryStep initial={toFormValues(step.data.data)} catalogs={catalogs.options} />;
}

function AcademicHistoryStep({
  initial,
  catalogs,
}: {
  initial: AcademicHistoryValues;
  catalogs: AcademicHistoryCatalogs;
}) {
  const { t } = useTranslation();
  // A last level attended typed before the level list is still accepted as it was (the server agrees).
  const resolver = useMemo(
    () =>
      stepResolver<AcademicHistoryValues>(
        academicHistorySchemaFor({ savedPreviousLevel: initial.previousLevel }),
        toRequestBody,
        academicHistoryEarlyChecks,
      ),
    [initial.previousLevel],
  );
  const { form, state } = useStepForm({ step: STEP, initial, resolver, toBody: toRequestBody });
  return (
    <StepForm title={t(routeTitleKey("wizard.academicHistory"))} state={state}>
      <AcademicHistoryFields form={form} catalogs={catalogs} />
    </StepForm>
  );
}
