import { canExitAlone, isLevelCode, type LevelCode } from "@portal/shared/rules/levels";
import {
  EMERGENCY_PREFERENCES,
  type ExitAuthorizationInput,
} from "@portal/shared/schemas/enrollment/exit-authorization";
import { bool, yesNoText, yesNoValue } from "./step-kit/form-values.ts";

/**
 * The exit-authorization form (spec 3 Exit authorization). Exiting alone, the
 * midday break and free periods exist only for Seconde, Première and Terminale: for any other
 * level they are neither shown nor sent (the schema then takes them as false).
 */
export type EmergencyPreference = (typeof EMERGENCY_PREFERENCES)[number];

export interface ExitAuthorizationValues {
  exitAlone: boolean;
  emergencyPreference: "" | EmergencyPreference;
  publishImage: "" | "yes" | "no";
  events: "" | "yes" | "no";
  pedagogicExits: "" | "yes" | "no";
  middayBreak: boolean;
  freePeriods: boolean;
}

/** The level the rules apply to: the one saved in the enrollment-year step (as the server does, TPS if none). */
export function exitLevel(requestedLevel: string | null | undefined): LevelCode {
  return isLevelCode(requestedLevel) ? requestedLevel : "TPS";
}

export function toFormValues(
  data: Record<string, unknown> | null | undefined,
  level: LevelCode,
): ExitAuthorizationValues {
  const source = data ?? {};
  const upper = canExitAlone(level);
  const preference = (EMERGENCY_PREFERENCES as readonly unknown[]).includes(source.emergencyPreference)
    ? (source.emergencyPreference as EmergencyPreference)
    : "";
  return {
    // A level changed since the last save must not bring back an authorization it no longer allows.
    exitAlone: upper && bool(source.exitAlone),
    emergencyPreference: preference,
    publishImage: yesNoText(source.publishImage),
    events: yesNoText(source.events),
    pedagogicExits: yesNoText(source.pedagogicExits),
    middayBreak: upper && bool(source.middayBreak),
    freePeriods: upper && bool(source.freePeriods),
  };
}

export function toRequestBody(values: ExitAuthorizationValues, level: LevelCode): ExitAuthorizationInput {
  const body = {
    emergencyPreference: values.emergencyPreference === "" ? undefined : values.emergencyPreference,
    publishImage: yesNoValue(values.publishImage),
    events: yesNoValue(values.events),
    pedagogicExits: yesNoValue(values.pedagogicExits),
  } as ExitAuthorizationInput;
  if (!canExitAlone(level)) return body;
  return { ...body, exitAlone: values.exitAlone, middayBreak: values.middayBreak, freePeriods: values.freePeriods };
}
