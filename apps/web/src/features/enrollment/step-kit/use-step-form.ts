import { zodResolver } from "@hookform/resolvers/zod";
import type { StepId } from "@portal/shared/enrollment-steps";
import type { StepData } from "@portal/shared/schemas/enrollment-responses";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useEffect, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { isApiError } from "../../../lib/api-error.ts";
import { notifyRecord } from "../../../lib/toasts.ts";
import { useUnsavedChangesGuard } from "../../../lib/use-unsaved-changes-guard.ts";
import { type ReadOnlyNotice, useStepHost } from "./step-host.tsx";
import { type StepDraftState, useStepDraft } from "./use-step-draft.ts";

/** `?return=summary` on a step's URL: the summary's edit links come back to it after saving. */
export const RETURN_PARAM = "return";
export const RETURN_TO_SUMMARY = "summary";

/**
 * A resolver that checks the request body the form values turn into with the step's shared
 * schema, so the form and the server say the same thing and the error paths match the fields.
 * `early` adds checks the schema makes only once every other field is valid (its refinements),
 * such as a missing upload, so the family sees every missing field at once. Its keys are top-level
 * field names; use `missingUploads` for the usual case.
 */
export function stepResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: V) => unknown,
  early?: (values: V) => Partial<Record<string, string>>,
): Resolver<V> {
  const base = zodResolver(schema as never);
  return async (values, context, options) => {
    const result = await base(toBody(values) as never, context, options as never);
    const errors = { ...result.errors } as Record<string, unknown>;
    for (const [path, message] of Object.entries(early?.(values) ?? {})) {
      if (message && !errors[path]) errors[path] = { type: "custom", message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<V> } : { values, errors: {} };
  };
}

/** `early` checks for required uploads: each named `…FileId` field still null is reported missing. */
export function missingUploads<V extends FieldValues>(...fields: (keyof V & string)[]) {
  return (values: V): Partial<Record<string, string>> =>
    Object.fromEntries(
      fields.filter((field) => values[field] == null).map((field) => [field, "validation.fileRequired"]),
    );
}

export interface StepFormState {
  onSubmit: (event?: FormEvent) => void;
  saving: boolean;
  /** The family pressed save with required fields missing (spec 5 message). */
  incomplete: boolean;
  /** A failure no field can show (network, file locked…). */
  formError: unknown;
  /** Everything is shown, nothing can be changed (a sent file, a closed request, a read-only role). */
  readOnly: boolean;
  /** Why it is read-only (i18n keys), shown above the fields. */
  notice: ReadOnlyNotice | null;
  /** Where saving (or "next") leads: the wizard's following step or the summary; null stays here. */
  nextPath: string | null;
  /** The submit button's label key. */
  submitLabel: string;
  /** Reads the record again (after someone else saved it meanwhile), when the host can. */
  reload?: () => void;
  /** The unsaved typing kept on the server, where the host keeps drafts. */
  draft: StepDraftState | null;
  /** Another account of the household, or the school, saved the step last. */
  savedBy: StepData["savedBy"];
}

export interface UseStepForm<V extends FieldValues> {
  form: UseFormReturn<V>;
  fileId: number;
  state: StepFormState;
  /**
   * Leaves for `path` without the unsaved-changes question (what was typed is given up on
   * purpose); `before` runs just before navigating, once the guard is off.
   */
  leave: (path: string, before?: () => void) => void;
}

/**
 * Everything a step's form shares: the saved data as defaults, client checks with the
 * shared schema, the save (through the host: the family's draft, or a staff edit), the server's
 * field messages under their inputs, the unsaved-changes guard, then wherever the host says next
 * (the wizard's next step or the summary; a staff page stays).
 */
export function useStepForm<V extends FieldValues>(opts: {
  step: StepId;
  initial: V;
  resolver: Resolver<V>;
  toBody: (values: V) => unknown;
  /** Told of every failed save after its field messages are placed, and of each new try (null). */
  onSaveError?: (error: unknown) => void;
  /**
   * Told of every successful save with the host's answer: true keeps the page open instead of
   * going on (a warning the family should read next to its field, e.g. a representative's e-mail).
   */
  stayAfterSave?: (answer: unknown, values: V) => boolean;
}): UseStepForm<V> {
  const host = useStepHost();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<V>({ resolver: opts.resolver, defaultValues: opts.initial as DefaultValues<V> });
  const { isDirty } = form.formState;
  const [formError, setFormError] = useState<unknown>(null);
  const [incomplete, setIncomplete] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const notice = host.readOnlyNotice(opts.step);
  const readOnly = notice !== null;
  const nextPath = host.nextPath(opts.step, params.get(RETURN_PARAM));
  const keepsDrafts = Boolean(host.keepsDrafts) && !readOnly;
  const draft = useStepDraft({ form, fileId: host.fileId, step: opts.step, enabled: keepsDrafts });
  // The page loaded this step's data with the same query: read from the cache, no second request.
  const saved = useQuery(host.stepQuery(opts.step));

  useUnsavedChangesGuard(isDirty && leaveTo === null && !readOnly);
  const beforeLeaving = useRef<(() => void) | null>(null);
  // Navigate once the saved values are the form's defaults, so the guard no longer blocks.
  useEffect(() => {
    if (leaveTo === null || isDirty) return;
    beforeLeaving.current?.();
    beforeLeaving.current = null;
    void navigate(leaveTo);
  }, [leaveTo, isDirty, navigate]);

  const save = useMutation({
    mutationFn: (values: V) => host.save(opts.step, opts.toBody(values)),
    onMutate: () => {
      setFormError(null);
      opts.onSaveError?.(null);
    },
    onSuccess: (answer, values) => {
      notifyRecord("updated");
      form.reset(values);
      const stay = opts.stayAfterSave?.(answer, values) ?? false;
      if (nextPath !== null && !stay) setLeaveTo(nextPath);
    },
    onError: (error) => {
      notifyRecord("notUpdated");
      setFormError(placeFieldErrors(form, error) ? null : error);
      opts.onSaveError?.(error);
    },
  });

  const submit = form.handleSubmit(
    (values) => {
      setIncomplete(false);
      save.mutate(values);
    },
    () => setIncomplete(true),
  );
  // A sent file's data is shown as it was sent: "next" only moves on.
  const onSubmit = (event?: FormEvent) => {
    if (!readOnly) return void submit(event);
    event?.preventDefault();
    if (nextPath !== null) void navigate(nextPath);
  };

  return {
    form,
    leave: (path: string, before?: () => void) => {
      beforeLeaving.current = before ?? null;
      form.reset(form.getValues());
      setLeaveTo(path);
    },
    fileId: host.fileId,
    state: {
      onSubmit,
      saving: save.isPending,
      incomplete,
      formError,
      readOnly,
      notice,
      nextPath,
      submitLabel: host.saveLabel,
      reload: host.reload,
      draft: keepsDrafts ? draft : null,
      savedBy: saved.data?.savedBy ?? null,
    },
  };
}

/** The server's per-field messages under the inputs they belong to; false when none fits a field. */
function placeFieldErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const known = Object.keys(form.getValues());
  let placed = false;
  for (const [path, message] of Object.entries(error.fields)) {
    if (!known.includes(path.split(".")[0] ?? "")) continue;
    form.setError(path as FieldPath<V>, { type: "server", message }, { shouldFocus: !placed });
    placed = true;
  }
  // The failure toast shows at the top of the screen (app/toast-host.tsx). Focus scrolls only a
  // field out of view; one in view near the top had its message under the toast. In the middle
  // of the screen the field and its message are clear of it.
  const focused = document.activeElement;
  if (placed && focused instanceof HTMLElement && focused !== document.body) {
    focused.scrollIntoView({ block: "center" });
  }
  return placed;
}
