import type { YearConstants } from "@portal/shared/rules/year-settings";
import { termsSchema } from "@portal/shared/schemas/enrollment/terms";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useTermsTexts } from "./enrollment-api.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostFileContext, useHostStepData, useStepHost } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";
import { type SchoolTexts, TermsFields } from "./terms-fields.tsx";
import { type TermsValues, toFormValues, toRequestBody } from "./terms-form.ts";

const STEP = "terms" as const;

const resolver = stepResolver<TermsValues>(termsSchema, toRequestBody);

/** Step 4 (spec 2, 3 and 5): the three texts to read and accept. */
export function TermsPage() {
  const step = useHostStepData(STEP);
  const context = useHostFileContext();
  const texts = useTermsTexts(useStepHost().fileId);
  const error = step.error ?? context.error;
  if (error) return <FormErrorAlert error={error} />;
  // The school's texts; should they fail to load, the portal's own wording is shown instead.
  if (!step.data || !context.data || texts.isPending) return <PageLoader />;
  return (
    <TermsStep
      initial={toFormValues(step.data.data)}
      constants={context.data.yearSettings.constants}
      school={texts.data?.items}
    />
  );
}

function TermsStep({
  initial,
  constants,
  school,
}: {
  initial: TermsValues;
  constants: YearConstants;
  school: SchoolTexts | undefined;
}) {
  const { t } = useTranslation();
  const { form, state } = useStepForm({ step: STEP, initial, resolver, toBody: toRequestBody });
  return (
    <StepForm title={t(routeTitleKey("wizard.terms"))} state={state}>
      <TermsFields form={form} constants={constants} readOnly={state.readOnly} school={school} />
    </StepForm>
  );
}
