import type { TransportInput } from "@portal/shared/schemas/enrollment/transport";
import { bool, yesNoText, yesNoValue } from "./step-kit/form-values.ts";

/**
 * The school-transport form (spec 3 Transport): whether the bus is wanted, and the acceptance of
 * its conditions, which only counts — and is only sent — when it is.
 */
export interface TransportValues {
  wantsBus: "" | "yes" | "no";
  acceptsConditions: boolean;
}

export function toFormValues(data: Record<string, unknown> | null | undefined): TransportValues {
  const source = data ?? {};
  const wantsBus = yesNoText(source.wantsBus);
  return { wantsBus, acceptsConditions: wantsBus === "yes" && bool(source.acceptsConditions) };
}

export function toRequestBody(values: TransportValues): TransportInput {
  const wantsBus = yesNoValue(values.wantsBus);
  return (wantsBus ? { wantsBus, acceptsConditions: values.acceptsConditions } : { wantsBus }) as TransportInput;
}
