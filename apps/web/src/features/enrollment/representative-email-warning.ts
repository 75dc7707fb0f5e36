import { useState } from "react";

const normalEmail = (value: string) => value.trim().toLowerCase();
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * Spec 5 "same e-mail" (docs/rules/enrollment.md "Students: identity, birth
 * date and level"): the server saves the step and says whether another family gives the e-mail. The
 * warning shows under the e-mail field while it holds that address; the save that first learns it
 * keeps the step open so the family reads it, and the next save of the same address goes on.
 */
export function useRepresentativeEmailWarning(saved: Record<string, unknown> | null, savedShared: boolean) {
  // The address the server last said another family gives (normalised), or null.
  const [warned, setWarned] = useState<string | null>(() =>
    savedShared && typeof saved?.email === "string" ? normalEmail(saved.email) : null,
  );
  return {
    /** For useStepForm: true when this save's answer brings a warning not shown yet for this address. */
    stayAfterSave: (answer: unknown, values: { email: string; declined?: boolean }): boolean => {
      const email = normalEmail(values.email);
      const shared = isObject(answer) && answer.emailGivenByAnotherFamily === true && values.declined !== true;
      setWarned(shared ? email : null);
      return shared && warned !== email;
    },
    /** Whether the warning applies to the address now in the field. */
    applies: (email: string | undefined): boolean => warned !== null && normalEmail(email ?? "") === warned,
  };
}
