import type { StepId } from "@portal/shared/enrollment-steps";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { discardStepDraft, keepStepDraft, loadStepDraft, stepDraftQueryKey } from "./step-drafts-api.ts";

/** How long typing pauses before it is kept on the server. */
export const DRAFT_DEBOUNCE_MS = 1_500;

export interface StepDraftState {
  /** When the typing now in the form was kept, if it came back from a draft (ISO time). */
  restoredAt: string | null;
  /** When the latest typing was kept; null before any. */
  keptAt: string | null;
  /** The latest typing could not be kept (offline, server down): it is still in the form. */
  keepFailed: boolean;
  /** Back to the saved values, and the draft goes. */
  discard: () => void;
}

/**
 * Nothing typed is lost on reload: a phone reloads a tab when the family switches apps.
 * What is typed in a step and not yet saved is kept on the server a moment after typing stops,
 * and offered back when the step opens again — as unsaved changes (the leave-the-page guard
 * holds) with a notice saying so and a way to discard it. The server offers it only to the
 * account that typed it (a household's other parent gets none), so the notice's "you" is true. Only where the host keeps drafts (the
 * family's wizard) and the step can be changed.
 */
export function useStepDraft<V extends FieldValues>(opts: {
  form: UseFormReturn<V>;
  fileId: number;
  step: StepId;
  enabled: boolean;
}): StepDraftState {
  const { form, fileId, step, enabled } = opts;
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const [keptAt, setKeptAt] = useState<string | null>(null);
  const [keepFailed, setKeepFailed] = useState(false);
  const applied = useRef(false);
  const draft = useQuery({
    queryKey: stepDraftQueryKey(fileId, step),
    queryFn: () => loadStepDraft(fileId, step),
    enabled,
    // Read again at every opening of the step (a save or another device may have changed it).
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

  // Offered back once, and only over a form nobody has typed in yet.
  useEffect(() => {
    if (applied.current || !draft.data) return;
    applied.current = true;
    if (form.formState.isDirty) return;
    const current = form.getValues();
    const values = { ...current, ...draft.data.values } as V;
    if (JSON.stringify(values) === JSON.stringify(current)) return;
    form.reset(values, { keepDefaultValues: true });
    setRestoredAt(draft.data.savedAt);
  }, [draft.data, form]);

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // Saved (or discarded) meanwhile: the form holds the record again, nothing to keep.
        if (!form.formState.isDirty) return;
        keepStepDraft(fileId, step, form.getValues()).then(
          (at) => {
            setKeptAt(at);
            setKeepFailed(false);
          },
          () => setKeepFailed(true),
        );
      }, DRAFT_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [enabled, form, fileId, step]);

  const discard = useCallback(() => {
    form.reset();
    setRestoredAt(null);
    setKeptAt(null);
    void discardStepDraft(fileId, step).catch(() => undefined);
  }, [form, fileId, step]);

  return { restoredAt, keptAt, keepFailed, discard };
}
