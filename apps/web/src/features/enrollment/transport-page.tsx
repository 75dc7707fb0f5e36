import { transportSchema } from "@portal/shared/schemas/enrollment/transport";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostStepData } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";
import { TransportFields } from "./transport-fields.tsx";
import { type TransportValues, toFormValues, toRequestBody } from "./transport-form.ts";

const STEP = "schoolTransport" as const;

const resolver = stepResolver<TransportValues>(transportSchema, toRequestBody);

/** Step 11 (spec 2, 3 and 5): the school bus and its conditions. */
export function TransportPage() {
  const step = useHostStepData(STEP);
  if (step.error) return <FormErrorAlert error={step.error} />;
  if (!step.data) return <PageLoader />;
  return <TransportStep initial={toFormValues(step.data.data)} />;
}

function TransportStep({ initial }: { initial: TransportValues }) {
  const { t } = useTranslation();
  const { form, state } = useStepForm({ step: STEP, initial, resolver, toBody: toRequestBody });
  return (
    <StepForm title={t(routeTitleKey("wizard.schoolTransport"))} state={state}>
      <TransportFields form={form} />
    </StepForm>
  );
}
