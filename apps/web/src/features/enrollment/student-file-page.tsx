import { studentFileSchema } from "@portal/shared/schemas/enrollment/student-file";
import type { FileContext } from "@portal/shared/schemas/enrollment-responses";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { confirmUsualBirthDate } from "./birth-date-confirmation.ts";
import { knownLevelOf } from "./birth-date-level.ts";
import { type ExistingStudent, ExistingStudentOffer, existingStudentOf } from "./existing-student-offer.tsx";
import { type SelectOptions, useCatalogOptions } from "./step-kit/catalog-options.ts";
import { STEP_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepForm } from "./step-kit/step-form.tsx";
import { useHostFileContext, useHostStepData } from "./step-kit/step-host.tsx";
import { missingUploads, stepResolver, useStepForm } from "./step-kit/use-step-form.ts";
import { type StudentFileCatalogs, StudentFileFields } from "./student-file-fields.tsx";
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
  const context = useHostFileContext();
  const catalogs = useCatalogOptions(STEP_CATALOGS.studentFile, step.data?.data);
  const error = step.error ?? context.error ?? catalogs.error;
  if (error) return <FormErrorAlert error={error} />;
  if (!step.data || !context.data || !catalogs.options) return <PageLoader />;
  return (
    <StudentFileStep
      initial={toFormValues(step.data.data)}
      completed={step.data.completed}
      context={context.data}
      catalogs={catalogs.options}
    />
  );
}

function StudentFileStep({
  initial,
  completed,
  context,
  catalogs,
}: {
  initial: StudentFileValues;
  completed: boolean;
  context: FileContext;
  catalogs: StudentFileCatalogs & { levels: SelectOptions };
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [existing, setExisting] = useState<ExistingStudent | null>(null);
  const { form, fileId, state, leave } = useStepForm({
    step: STEP,
    initial,
    resolver,
    toBody: toRequestBody,
    onSaveError: (error) => setExisting(existingStudentOf(error)),
  });

  // A birth date far from the level's usual age is confirmed before saving, when the
  // level is known by now (step 3 saved, or a re-enrollment's next level) and the date is new.
  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const { birthDate } = form.getValues();
    if (!state.readOnly && (!completed || birthDate !== initial.birthDate)) {
      if (!(await form.trigger())) return state.onSubmit();
      const confirmed = await confirmUsualBirthDate({
        birthDate,
        level: knownLevelOf(context),
        schoolYearStartsOn: context.schoolYearStartsOn,
        levelLabel: (code) => catalogs.levels.find((level) => level.value === code)?.label ?? code,
      });
      if (!confirmed) return;
    }
    state.onSubmit();
  };

  return (
    <StepForm
      title={t(routeTitleKey("wizard.studentFile"))}
      state={{ ...state, onSubmit: (event) => void onSubmit(event) }}
      busy={uploading}
    >
      <StudentFileFields form={form} fileId={fileId} catalogs={catalogs} onUploading={setUploading} />
      {existing ? <ExistingStudentOffer existing={existing} fileId={fileId} onLeave={leave} /> : null}
    </StepForm>
  );
}
