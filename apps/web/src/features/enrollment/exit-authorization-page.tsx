import type { LevelCode } from "@portal/shared/rules/levels";
import type { YearConstants } from "@portal/shared/rules/year-settings";
import { exitAuthorizationSchema } from "@portal/shared/schemas/enrollment/exit-authorization";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useCatalog } from "../../lib/catalog-query.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { ExitAuthorizationFields } from "./exit-authorization-fields.tsx";
import { type ExitAuthorizationValues, exitLevel, toFormValues, toRequestBody } from "./exit-authorization-form.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostFileContext, useHostStepData } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";

const STEP = "exitAuthorization" as const;

/** Step 12 (spec 2, 3, 5 and 9): exits, emergency preference, image, events and outings. */
export function ExitAuthorizationPage() {
  const step = useHostStepData(STEP);
  const context = useHostFileContext();
  const levels = useCatalog("levels");
  const error = step.error ?? context.error ?? levels.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!step.data || !context.data || !levels.data) return <PageLoader />;
  const level = exitLevel(context.data.requestedLevel);
  const levelLabel = levels.data.find((item) => item.code === level)?.label ?? level;
  return (
    <ExitAuthorizationStep
      initial={toFormValues(step.data.data, level)}
      level={level}
      levelLabel={levelLabel}
      constants={context.data.yearSettings.constants}
    />
  );
}

function ExitAuthorizationStep({
  initial,
  level,
  levelLabel,
  constants,
}: {
  initial: ExitAuthorizationValues;
  level: LevelCode;
  levelLabel: string;
  constants: YearConstants;
}) {
  const { t } = useTranslation();
  // The rules depend on the requested level, fixed while the step is open.
  const { resolver, toBody } = useMemo(() => {
    const toBody = (values: ExitAuthorizationValues) => toRequestBody(values, level);
    return { resolver: stepResolver<ExitAuthorizationValues>(exitAuthorizationSchema(level), toBody), toBody };
  }, [level]);
  const { form, state } = useStepForm({ step: STEP, initial, resolver, toBody });
  return (
    <StepForm title={t(routeTitleKey("wizard.exitAuthorization"))} state={state}>
      <ExitAuthorizationFields form={form} level={level} levelLabel={levelLabel} constants={constants} />
    </StepForm>
  );
}
