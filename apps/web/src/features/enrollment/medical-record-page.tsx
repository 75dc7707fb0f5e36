import { medicalRecordSchema } from "@portal/shared/schemas/enrollment/medical-record";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { MedicalRecordFields } from "./medical-record-fields.tsx";
import {
  bookletRequiredFor,
  earlyChecks,
  type MedicalRecordValues,
  toFormValues,
  toRequestBody,
} from "./medical-record-form.ts";
import { usesDecimalComma } from "./step-kit/form-values.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostFileContext, useHostStepData } from "./step-kit/step-host.tsx";
import { stepResolver, useStepForm } from "./step-kit/use-step-form.ts";

const STEP = "medicalRecord" as const;

/**
 * Step 13 (spec 2, 3 and 5): the medical record, the last data step; "Save and next" leads to the
 * summary. The values stay in the form's memory only (no browser storage, no logging).
 */
export function MedicalRecordPage() {
  const { i18n } = useTranslation();
  const step = useHostStepData(STEP);
  const context = useHostFileContext();
  const error = step.error ?? context.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!step.data || !context.data) return <PageLoader />;
  return (
    <MedicalRecordStep
      initial={toFormValues(step.data.data, { decimalComma: usesDecimalComma(i18n.language) })}
      context={{ isNewStudent: context.data.isNewStudent, birthDate: context.data.birthDate }}
    />
  );
}

function MedicalRecordStep({
  initial,
  context,
}: {
  initial: MedicalRecordValues;
  context: { isNewStudent: boolean; birthDate: string | null };
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const bookletRequired = bookletRequiredFor(context);
  // The schema depends on the file (the booklet rule); its refinements wait for the other fields,
  // so `earlyChecks` reports them together with the missing ones.
  const resolver = useMemo(
    () =>
      stepResolver<MedicalRecordValues>(
        medicalRecordSchema({ isNewStudent: context.isNewStudent, birthDate: context.birthDate ?? "1900-01-01" }),
        toRequestBody,
        (values) => earlyChecks(values, bookletRequired),
      ),
    [context.isNewStudent, context.birthDate, bookletRequired],
  );
  const { form, fileId, state } = useStepForm({ step: STEP, initial, resolver, toBody: toRequestBody });
  return (
    <StepForm title={t(routeTitleKey("wizard.medicalRecord"))} state={state} busy={uploading}>
      <MedicalRecordFields form={form} fileId={fileId} bookletRequired={bookletRequired} onUploading={setUploading} />
    </StepForm>
  );
}
