import type { YearConstants } from "@portal/shared/rules/year-settings";
import { financeSchema } from "@portal/shared/schemas/enrollment/finance";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import {
  FamilyDiscountNotice,
  type FinanceCatalogs,
  FinanceFields,
  type RepresentativePayers,
} from "./finance-fields.tsx";
import {
  type FinanceValues,
  financeEarlyChecks,
  payerFromRepresentative,
  toFormValues,
  toRequestBody,
} from "./finance-form.ts";
import { useCatalogOptions } from "./step-kit/catalog-options.ts";
import { FINANCE_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostFileContext, useHostStepData } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";

const STEP = "financialInformation" as const;

const resolver = stepResolver<FinanceValues>(financeSchema, toRequestBody, financeEarlyChecks);

/** Step 10 (spec 3 financeStudent, spec 1 and 9 discount): who pays the fees, and how. */
export function FinancePage() {
  const step = useHostStepData(STEP);
  const first = useHostStepData("firstRepresentative");
  const second = useHostStepData("secondRepresentative");
  const context = useHostFileContext();
  const catalogs = useCatalogOptions(FINANCE_CATALOGS, step.data?.data);
  const error = step.error ?? first.error ?? second.error ?? context.error ?? catalogs.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!step.data || !first.data || !second.data || !context.data || !catalogs.options) return <PageLoader />;
  const payers: RepresentativePayers = {
    REPRESENTATIVE_1: payerFromRepresentative(first.data.data),
    REPRESENTATIVE_2: payerFromRepresentative(second.data.data),
  };
  return (
    <FinanceStep
      initial={toFormValues(step.data.data)}
      catalogs={catalogs.options}
      payers={payers}
      discount={{
        children: context.data.familyChildrenThisYear,
        percent: context.data.familyDiscountPercent,
        constants: context.data.yearSettings.constants,
      }}
    />
  );
}

function FinanceStep({
  initial,
  catalogs,
  payers,
  discount,
}: {
  initial: FinanceValues;
  catalogs: FinanceCatalogs;
  payers: RepresentativePayers;
  discount: { children: number; percent: number; constants: YearConstants };
}) {
  const { t } = useTranslation();
  const { form, state } = useStepForm({ step: STEP, initial, resolver, toBody: toRequestBody });
  return (
    <StepForm title={t(routeTitleKey("wizard.financialInformation"))} state={state}>
      <FamilyDiscountNotice
        childrenThisYear={discount.children}
        percent={discount.percent}
        constants={discount.constants}
      />
      <FinanceFields form={form} catalogs={catalogs} payers={payers} />
    </StepForm>
  );
}
