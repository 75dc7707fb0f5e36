import { PERSIST_PREFIX } from "@portal/shared/constants";
import { isStepId, type StepId } from "@portal/shared/enrollment-steps";
import type { FileSummary } from "@portal/shared/schemas/enrollment-responses";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { type PositionStep, positionFor, stepStateFor } from "./wizard-steps.ts";

/**
 * The wizard's persisted slice (spec 3 `clientStudentInscription`), so a reload resumes the same
 * file: ids, numbers and flags only. Names and form data stay on the server and in memory.
 * Logout clears localStorage, and with it this key.
 */
export interface InscriptionState {
  /** The enrollment file being filled in (its id), or null before one is chosen. */
  currentInscription: number | null;
  isNewStudent: boolean;
  positionStep: PositionStep;
  stepState: Partial<Record<StepId, boolean>>;
  /** The file's school year id. */
  academicYearSelected: number | null;
}

interface InscriptionActions {
  /** A file was chosen (welcome card, "+") or reloaded: remember it and its progress. */
  selectFile: (file: FileSummary) => void;
  /** A card was chosen whose file is known only by its id; the wizard frame completes the rest. */
  selectFileId: (fileId: number) => void;
  setPosition: (stepNumber: number) => void;
  clear: () => void;
}

export const INSCRIPTION_STORAGE_KEY = `${PERSIST_PREFIX}inscription`;

export const INITIAL_INSCRIPTION: InscriptionState = {
  currentInscription: null,
  isNewStudent: true,
  positionStep: positionFor(1),
  stepState: {},
  academicYearSelected: null,
};

const isPositiveInt = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0;

/** Storage can be edited by hand: keep only well-formed values, drop anything else. */
export function sanitizeInscription(persisted: unknown): InscriptionState {
  const raw = (persisted ?? {}) as Record<string, unknown>;
  const position = (raw.positionStep ?? {}) as Record<string, unknown>;
  const stepState: Partial<Record<StepId, boolean>> = {};
  if (raw.stepState && typeof raw.stepState === "object") {
    for (const [step, done] of Object.entries(raw.stepState)) {
      if (isStepId(step) && typeof done === "boolean") stepState[step] = done;
    }
  }
  return {
    currentInscription: isPositiveInt(raw.currentInscription) ? raw.currentInscription : null,
    isNewStudent: typeof raw.isNewStudent === "boolean" ? raw.isNewStudent : true,
    positionStep: positionFor(isPositiveInt(position.currentStepNumber) ? position.currentStepNumber : 1),
    stepState,
    academicYearSelected: isPositiveInt(raw.academicYearSelected) ? raw.academicYearSelected : null,
  };
}

export const useInscriptionStore = create<InscriptionState & InscriptionActions>()(
  persist(
    (set, get) => ({
      ...INITIAL_INSCRIPTION,
      selectFile: (file) =>
        set({
          currentInscription: file.id,
          isNewStudent: file.isNewStudent,
          stepState: stepStateFor(file.completedSteps),
          academicYearSelected: file.schoolYearId,
        }),
      selectFileId: (fileId) => {
        if (get().currentInscription !== fileId) set({ ...INITIAL_INSCRIPTION, currentInscription: fileId });
      },
      setPosition: (stepNumber) => set({ positionStep: positionFor(stepNumber) }),
      clear: () => set(INITIAL_INSCRIPTION),
    }),
    {
      name: INSCRIPTION_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ currentInscription, isNewStudent, positionStep, stepState, academicYearSelected }) => ({
        currentInscription,
        isNewStudent,
        positionStep,
        stepState,
        academicYearSelected,
      }),
      merge: (persisted, current) => ({ ...current, ...sanitizeInscription(persisted) }),
    },
  ),
);
