import type { SessionUser } from "@portal/shared/schemas/responses";
import { useCallback, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { RepresentativeValues } from "./representative-form.ts";

type Prefillable =
  | "firstName"
  | "secondName"
  | "names"
  | "email"
  | "emailConfirmation"
  | "cellPhone"
  | "cellPhoneConfirmation";

/**
 * What the account already knows about its holder, for the representative they say they are
 * (nothing retyped). Only empty fields are filled: what the family typed stays.
 */
export function accountHolderPrefill(
  values: Pick<RepresentativeValues, Prefillable>,
  user: Pick<SessionUser, "firstSurname" | "secondSurname" | "names" | "email" | "phone">,
): Partial<Record<Prefillable, string>> {
  const known: Record<Prefillable, string> = {
    firstName: user.firstSurname,
    secondName: user.secondSurname,
    names: user.names,
    email: user.email,
    emailConfirmation: user.email,
    cellPhone: user.phone,
    cellPhoneConfirmation: user.phone,
  };
  const patch: Partial<Record<Prefillable, string>> = {};
  for (const [field, value] of Object.entries(known) as [Prefillable, string][]) {
    if (value.trim() !== "" && values[field].trim() === "") patch[field] = value;
  }
  // A confirmation only confirms the account's value when that is the field's value too.
  for (const [field, confirmation] of [
    ["email", "emailConfirmation"],
    ["cellPhone", "cellPhoneConfirmation"],
  ] as const) {
    if ((patch[field] ?? values[field]) !== known[field]) delete patch[confirmation];
  }
  return patch;
}

/**
 * Fills the representative from the account when the holder answers "yes, that is me" on screen
 * (`onAnswer`, wired to the question; a saved "yes" loading does not call it); `prefilled` says it
 * just did, for the notice.
 */
export function useAccountHolderPrefill(
  form: UseFormReturn<RepresentativeValues>,
  user: Pick<SessionUser, "firstSurname" | "secondSurname" | "names" | "email" | "phone"> | null,
): { prefilled: boolean; onAnswer: (value: string) => void } {
  const [prefilled, setPrefilled] = useState(false);
  const onAnswer = useCallback(
    (value: string) => {
      if (!user || value !== "yes") return;
      const patch = accountHolderPrefill(form.getValues(), user);
      for (const [field, text] of Object.entries(patch)) {
        form.setValue(field as Prefillable, text, { shouldDirty: true });
      }
      setPrefilled(Object.keys(patch).length > 0);
    },
    [form, user],
  );
  return { prefilled, onAnswer };
}
