import { z } from "zod";
import { CATALOG_NAMES } from "../catalogs.ts";
import { idParam, text } from "./fields.ts";

/**
 * Settings › Catalogues (Admin only): the bodies and answers of /api/catalogs/:name/items
 * and /api/catalogs/:name/order. Labels are required in the three languages; a change carries the
 * `version` the Admin read (stale: 409 VERSION_CONFLICT and the page reloads).
 */

export const CATALOG_LABEL_MAX = 200;

const catalogNameField = z.enum(CATALOG_NAMES, { error: "validation.invalidType" });
export const catalogParams = z.strictObject({ name: catalogNameField });
export const catalogItemParams = z.strictObject({ name: catalogNameField, id: idParam });

export const catalogLabelsSchema = z.strictObject({
  es: text(CATALOG_LABEL_MAX),
  en: text(CATALOG_LABEL_MAX),
  fr: text(CATALOG_LABEL_MAX),
});
export type CatalogLabels = z.infer<typeof catalogLabelsSchema>;

const positiveInt = z
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .positive({ error: "validation.invalidType" })
  .max(2_147_483_647, { error: "validation.invalidType" });

/** Letters, digits and `_ . + -` (existing codes include "Sr." and "AB+"); the catalogue's own maximum is checked by the server. */
export const catalogCodeField = z
  .string({ error: "validation.invalidType" })
  .max(160, { error: "validation.tooLong" })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(40, { error: "validation.tooLong" })
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.+-]*$/, { error: "validation.catalogCode" }),
  );

/** A new entry; without a code the server makes one from the Spanish label. */
export const catalogItemCreateSchema = z.strictObject({
  code: z.union([z.literal(""), catalogCodeField]).optional(),
  labels: catalogLabelsSchema,
});
export type CatalogItemCreateInput = z.input<typeof catalogItemCreateSchema>;

export const catalogItemRenameSchema = z.strictObject({ labels: catalogLabelsSchema, version: positiveInt });
export type CatalogItemRenameInput = z.infer<typeof catalogItemRenameSchema>;

export const catalogItemStateSchema = z.strictObject({
  disabled: z.boolean({ error: "validation.invalidType" }),
  version: positiveInt,
});
export type CatalogItemStateInput = z.infer<typeof catalogItemStateSchema>;

/** The whole catalogue in its new order: every entry once, each with the version read. */
export const catalogOrderSchema = z.strictObject({
  items: z
    .array(z.strictObject({ id: positiveInt, version: positiveInt }), {
      error: "validation.invalidType",
    })
    .min(1, { error: "validation.required" })
    .max(1000, { error: "validation.tooLong" }),
});
export type CatalogOrderInput = z.infer<typeof catalogOrderSchema>;

export const catalogAdminItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  labels: z.object({ es: z.string(), en: z.string(), fr: z.string() }),
  disabled: z.boolean(),
  /** Named by code in the forms: may be renamed and moved, not disabled or deleted. */
  protected: z.boolean(),
  version: z.number(),
  order: z.number(),
});
export type CatalogAdminItem = z.infer<typeof catalogAdminItemSchema>;

export const catalogAdminViewSchema = z.object({
  name: catalogNameField,
  editing: z.enum(["full", "renameOnly", "readOnly"]),
  items: z.array(catalogAdminItemSchema),
});
export type CatalogAdminView = z.infer<typeof catalogAdminViewSchema>;
