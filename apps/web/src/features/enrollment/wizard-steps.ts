import { APP_BASE } from "@portal/shared/constants";
import { isStepId, isStepOpen, STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import { WIZARD_STEP_PATHS } from "@portal/shared/routes";
import type { EnrollmentCard, FileSummary } from "@portal/shared/schemas/enrollment-responses";

/**
 * Pure helpers of the enrollment wizard (spec 2 table): its fifteen steps, where each lives, which
 * ones a file may open, and the spec 3 position numbers kept in browser storage.
 */
export interface WizardStep {
  /** "welcome", "studentFile"… "congratulations". */
  key: string;
  /** Route id, `wizard.<key>`. */
  routeId: string;
  /** Full path, /portal/inscripciones/<spanish path>. */
  path: string;
  /** 1 to 15. */
  number: number;
}

export const WIZARD_BASE = `${APP_BASE}/inscripciones`;

export const WIZARD_STEPS: readonly WizardStep[] = WIZARD_STEP_PATHS.map(({ id, path, number }) => ({
  key: id.slice("wizard.".length),
  routeId: id,
  path: `${WIZARD_BASE}/${path}`,
  number,
}));

export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

export function wizardStepByKey(key: string): WizardStep | undefined {
  return WIZARD_STEPS.find((step) => step.key === key);
}

export function wizardStepByRouteId(routeId: string): WizardStep | undefined {
  return WIZARD_STEPS.find((step) => step.routeId === routeId);
}

export function wizardPath(key: string): string {
  return wizardStepByKey(key)?.path ?? `${WIZARD_BASE}/bienvenido`;
}

/** Spec 3 `positionStep`: the current step number and its neighbours, within 1..15. */
export interface PositionStep {
  currentStepNumber: number;
  previusStepNumber: number;
  nextStepNumber: number;
}

export function positionFor(stepNumber: number): PositionStep {
  const current = Math.min(Math.max(Math.trunc(stepNumber) || 1, 1), WIZARD_STEP_COUNT);
  return {
    currentStepNumber: current,
    previusStepNumber: Math.max(current - 1, 1),
    nextStepNumber: Math.min(current + 1, WIZARD_STEP_COUNT),
  };
}

/** Spec 3 `stepState`: every data step with its completed flag. */
export function stepStateFor(completed: readonly StepId[]): Record<StepId, boolean> {
  return Object.fromEntries(STEP_IDS.map((step) => [step, completed.includes(step)])) as Record<StepId, boolean>;
}

type FileProgress = Pick<FileSummary, "completedSteps" | "nextStep" | "status">;

/**
 * Whether a file may show this wizard step: welcome always; a data step once every earlier one is
 * complete; the summary once all are; congratulations once the file is sent.
 */
export function isWizardStepOpen(key: string, file: FileProgress): boolean {
  if (key === "welcome") return true;
  if (isStepId(key)) return isStepOpen(key, file.completedSteps);
  if (key === "summary") return file.nextStep === null;
  if (key === "congratulations") return file.status === "sent";
  return false;
}

/**
 * The wizard step a file resumes at: congratulations once sent, else its next open data step, else
 * the summary (every data step saved, not sent yet). The welcome card's "step N of 15" and its
 * "Continue" button both read this one answer, so the card opens the step it names.
 */
export function resumeStep(file: {
  nextStep: StepId | null;
  status: FileSummary["status"] | EnrollmentCard["status"];
}): string {
  if (file.status === "sent") return "congratulations";
  return file.nextStep ?? "summary";
}

/** The step that "Save and next" leads to: the following data step, or the summary after the last. */
export function stepAfter(step: StepId): string {
  return STEP_IDS[STEP_IDS.indexOf(step) + 1] ?? "summary";
}

/**
 * The i18n key and values of a welcome card's status line. A file in progress says the step it
 * resumes at, in the wizard's own numbering ("step 3 of 15", as the wizard's header): counting the
 * twelve data steps there ("step 1 of 12 completed") gave the family two counts.
 */
export function cardStatusText(card: Pick<EnrollmentCard, "status" | "completedCount" | "nextStep">): {
  key: string;
  values: Record<string, number>;
} {
  switch (card.status) {
    case "notStarted":
      return { key: "enrollment:card.status.notStarted", values: {} };
    case "sent":
      return { key: "enrollment:card.status.sent", values: {} };
    default: {
      // A file created but not saved yet has no completed step to count.
      if (card.completedCount === 0) return { key: "enrollment:card.status.started", values: {} };
      return {
        key: "enrollment:card.status.inProgress",
        values: { step: wizardStepByKey(resumeStep(card))?.number ?? WIZARD_STEP_COUNT, total: WIZARD_STEP_COUNT },
      };
    }
  }
}
