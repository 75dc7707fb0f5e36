import { studentFileSchema } from "@portal/shared/schemas/enrollment/student-file";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useCatalogOptions } from "./step-kit/catalog-options.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostStepData } from "./step-kit/step-host.tsx";
import { missingUploads, stepResolver, useStepForm } from "./step-kit/use-step-form.ts";
import { STUDENT_FILE_CATALOGS, type StudentFileCatalogs, StudentFileFields } from "./student-file-fields.tsx";
import { type StudentFileValues, toFormValues, toRequestBody } from "./student-file-form.ts";

const STEP = "studentFile" as const;

// The identity document is asked for in a refinement that waits for every other field; the form
// says it at once, with the other missing fields.
const resolver = stepResolver<StudentFileValues>(
  studentFileSchema,
  toRequestBody,
  missingUploads("identityDocumentFileId"),
);

/** Step 2 (spec 2 and 3): general data, identity document and emergency contacts. */
export function StudentFilePage() {
  const step = useHostStepData(STEP);
  const catalogs = useCatalogOptions(STUDENT_FILE_CATALOGS, step.data?.data);
  const error = step.error ?? catalogs.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!step.data || !catalogs.options) return <PageLoader />;
  return <StudentFileStep initial={toFormValues(step.data.data)} catalogs={catalogs.options} />;
}

function StudentFileStep({ initial, catalogs }: { initial: StudentFileValues; catalogs: StudentFileCatalogs }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const { form, fileId, state } = useStepForm({ step: STEP, initial, resolver, toBody: toRequestBody });
  return (
    <StepForm title={t(routeTitleKey("wizard.studentFile"))} state={state} busy={uploading}>
      <StudentFileFields form={form} fileId={fileId} catalogs={catalogs} onUploading={setUploading} />
    </StepForm>
  );
}
