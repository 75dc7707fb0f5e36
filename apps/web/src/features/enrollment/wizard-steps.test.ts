import { STEP_IDS } from "@portal/shared/enrollment-steps";
import { describe, expect, it } from "vitest";
import {
  cardStatusText,
  isWizardStepOpen,
  positionFor,
  resumeStep,
  stepAfter,
  stepStateFor,
  WIZARD_STEP_COUNT,
  WIZARD_STEPS,
  wizardPath,
  wizardStepByKey,
  wizardStepByRouteId,
} from "./wizard-steps.ts";

describe("wizard steps", () => {
  it("lists the fifteen steps of spec 2 under /portal/inscripciones", () => {
    expect(WIZARD_STEP_COUNT).toBe(15);
    expect(WIZARD_STEPS[0]).toEqual({
      key: "welcome",
      routeId: "wizard.welcome",
      path: "/portal/inscripciones/bienvenido",
      number: 1,
    });
    expect(wizardPath("studentFile")).toBe("/portal/inscripciones/ficha-del-alumno");
    expect(wizardStepByRouteId("wizard.medicalRecord")?.number).toBe(13);
    // The data steps are steps 2 to 13, in the shared order.
    expect(WIZARD_STEPS.slice(1, 13).map((step) => step.key)).toEqual([...STEP_IDS]);
  });

  it("maps a step number to the spec 3 positionStep, clamped to 1..15", () => {
    expect(positionFor(1)).toEqual({ currentStepNumber: 1, previusStepNumber: 1, nextStepNumber: 2 });
    expect(positionFor(2)).toEqual({ currentStepNumber: 2, previusStepNumber: 1, nextStepNumber: 3 });
    expect(positionFor(15)).toEqual({ currentStepNumber: 15, previusStepNumber: 14, nextStepNumber: 15 });
    expect(positionFor(99).currentStepNumber).toBe(15);
    expect(positionFor(0).currentStepNumber).toBe(1);
    expect(positionFor(Number.NaN).currentStepNumber).toBe(1);
  });

  it("builds the stepState map from the completed steps", () => {
    const state = stepStateFor(["studentFile"]);
    expect(Object.keys(state)).toEqual([...STEP_IDS]);
    expect(state.studentFile).toBe(true);
    expect(state.enrollmentYear).toBe(false);
  });

  it("opens data steps in order, the summary when all are done, congratulations once sent", () => {
    const fresh = { completedSteps: [], nextStep: "studentFile" as const, status: "draft" as const };
    expect(isWizardStepOpen("welcome", fresh)).toBe(true);
    expect(isWizardStepOpen("studentFile", fresh)).toBe(true);
    expect(isWizardStepOpen("enrollmentYear", fresh)).toBe(false);
    expect(isWizardStepOpen("summary", fresh)).toBe(false);
    const one = {
      completedSteps: ["studentFile" as const],
      nextStep: "enrollmentYear" as const,
      status: "draft" as const,
    };
    expect(isWizardStepOpen("enrollmentYear", one)).toBe(true);
    expect(isWizardStepOpen("terms", one)).toBe(false);
    const all = { completedSteps: [...STEP_IDS], nextStep: null, status: "draft" as const };
    expect(isWizardStepOpen("summary", all)).toBe(true);
    expect(isWizardStepOpen("congratulations", all)).toBe(false);
    expect(isWizardStepOpen("congratulations", { ...all, status: "sent" })).toBe(true);
    expect(isWizardStepOpen("nonsense", all)).toBe(false);
  });

  it("resumes at the next step, the summary once all are complete, congratulations once sent", () => {
    expect(resumeStep({ nextStep: "terms", status: "draft" })).toBe("terms");
    expect(resumeStep({ nextStep: "terms", status: "inProgress" })).toBe("terms");
    expect(resumeStep({ nextStep: null, status: "draft" })).toBe("summary");
    expect(resumeStep({ nextStep: null, status: "inProgress" })).toBe("summary");
    expect(resumeStep({ nextStep: null, status: "sent" })).toBe("congratulations");
    expect(wizardPath(resumeStep({ nextStep: null, status: "inProgress" }))).toBe(
      "/portal/inscripciones/resumen-del-registro",
    );
  });

  it("save and next follows the order", () => {
    expect(stepAfter("studentFile")).toBe("enrollmentYear");
    expect(stepAfter("medicalRecord")).toBe("summary");
  });

  it("words a card's status, a file in progress at the step it resumes, counted as the wizard counts", () => {
    expect(cardStatusText({ status: "notStarted", completedCount: 0, nextStep: "studentFile" }).key).toBe(
      "enrollment:card.status.notStarted",
    );
    expect(cardStatusText({ status: "inProgress", completedCount: 0, nextStep: "studentFile" }).key).toBe(
      "enrollment:card.status.started",
    );
    // The student file (step 2) saved: it resumes at the school year, step 3 of 15.
    expect(cardStatusText({ status: "inProgress", completedCount: 1, nextStep: "enrollmentYear" })).toEqual({
      key: "enrollment:card.status.inProgress",
      values: { step: 3, total: 15 },
    });
    // Every data step saved: the summary, step 14 of 15, where "Continue" opens.
    const atSummary = { status: "inProgress", completedCount: 12, nextStep: null } as const;
    expect(cardStatusText(atSummary)).toEqual({
      key: "enrollment:card.status.inProgress",
      values: { step: 14, total: 15 },
    });
    expect(wizardStepByKey(resumeStep(atSummary))?.number).toBe(14);
    // Each step a card can name is the step "Continue" opens.
    for (const nextStep of STEP_IDS) {
      const card = { status: "inProgress", completedCount: 1, nextStep } as const;
      expect(cardStatusText(card).values.step).toBe(wizardStepByKey(resumeStep(card))?.number);
    }
    expect(cardStatusText({ status: "sent", completedCount: 12, nextStep: null }).key).toBe(
      "enrollment:card.status.sent",
    );
  });
});
