import { identificationClash, type PeopleStep } from "@portal/shared/rules/file-identifications";
import { type FieldValues, get, type Resolver, set } from "react-hook-form";

/** The file's other steps that name people, as saved (null or undefined when not saved). */
export type OtherPeople = Partial<Record<PeopleStep, Record<string, unknown> | null | undefined>>;

/**
 * The step's resolver plus the file's one-number-per-person rule (rules/file-identifications.ts)
 * against the other steps as saved: the family reads it under the field before saving, in the
 * words the server would answer with.
 */
export function withIdentificationCheck<V extends FieldValues>(
  resolver: Resolver<V>,
  step: PeopleStep,
  toBody: (values: V) => unknown,
  others: OtherPeople,
): Resolver<V> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const body = toBody(values) as Record<string, unknown>;
    const clash = identificationClash(step, body, (id) => others[id] ?? undefined);
    if (!clash) return result;
    const path = clash.path.join(".");
    const errors = { ...result.errors } as Record<string, unknown>;
    if (get(errors, path)) return result;
    set(errors, path, { type: "custom", message: clash.message });
    return { values: {}, errors: errors as typeof result.errors };
  };
}
