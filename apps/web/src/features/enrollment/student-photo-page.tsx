import { studentPhotoSchema } from "@portal/shared/schemas/enrollment/student-photo";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostStepData } from "./step-kit/step-host.tsx";
import { missingUploads, stepResolver, useStepForm } from "./step-kit/use-step-form.ts";
import { StudentPhotoFields } from "./student-photo-fields.tsx";
import { type StudentPhotoValues, toFormValues, toRequestBody } from "./student-photo-form.ts";

const STEP = "studentPhoto" as const;

// The photo is asked for in a refinement that waits for the other fields; the form says it at once.
const resolver = stepResolver<StudentPhotoValues>(studentPhotoSchema, toRequestBody, missingUploads("photoFileId"));

/** Step 8 (spec 2, 3 and 5): the student's photo, cropped to 500 × 500, and the image authorizations. */
export function StudentPhotoPage() {
  const step = useHostStepData(STEP);
  if (step.error) return <FormErrorAlert error={step.error} />;
  if (!step.data) return <PageLoader />;
  return <StudentPhotoStep initial={toFormValues(step.data.data)} />;
}

function StudentPhotoStep({ initial }: { initial: StudentPhotoValues }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { form, fileId, state } = useStepForm({ step: STEP, initial, resolver, toBody: toRequestBody });
  return (
    <StepForm title={t(routeTitleKey("wizard.studentPhoto"))} state={state} busy={busy}>
      <StudentPhotoFields form={form} fileId={fileId} onBusy={setBusy} />
    </StepForm>
  );
}
