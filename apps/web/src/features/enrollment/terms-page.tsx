import type { YearConstants } from "@portal/shared/rules/year-settings";
import { termsSchema } from "@portal/shared/schemas/enrollment/terms";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostFileContext, useHostStepData } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";
import { TermsFields } from "./terms-fields.tsx";
import { type TermsValues, toFormValues, toRequestBody } from "./terms-form.ts";

const STEP = "terms" as const;

const resolver = stepResolver<TermsValues>(termsSchema, toRequestBody);

/** Step 4 (spec 2, 3 and 5): the three texts to read and accept. */
export function TermsPage() {
  const step = useHostStepData(STEP);
  const context = useHostFileContext();
  const error = step.error ?? context.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!step.data || !context.data) return <PageLoader />;
  return <TermsStep initial={toFormValues(step.data.data)} constants={context.data.yearSettings.constants} />;
}

function TermsStep({ initial, constants }: { initial: TermsValues; constants: YearConstants }) {
  const { t } = useTranslation();
  const { form, state } = useStepForm({ step: STEP, initial, resolver, toBody: toRequestBody });
  return (
    <StepForm title={t(routeTitleKey("wizard.terms"))} state={state}>
      <TermsFields form={form} constants={constants} readOnly={state.readOnly} />
    </StepForm>
  );
}
