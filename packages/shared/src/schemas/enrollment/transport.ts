import { z } from "zod";
import { yesNoField } from "./common.ts";

/** Step 11: school bus; its conditions must be accepted when the bus is wanted (spec 5). */
export const transportSchema = z
  .strictObject({
    /** The family wants the school bus service. */
    wantsBus: yesNoField,
    /** The family accepts the bus service's conditions. */
    acceptsConditions: yesNoField.default(false),
  })
  .refine((value) => !value.wantsBus || value.acceptsConditions, {
    error: "validation.transportConditions",
    path: ["acceptsConditions"],
  });
export type TransportInput = z.input<typeof transportSchema>;
