import { z } from "zod";
import {
  FILE_TYPES,
  TEMPLATE_STEPS,
  typesAllowedFor,
  typesEditable,
  UPLOAD_CEILING_BYTES,
  UPLOAD_FLOOR_BYTES,
} from "../file-settings.ts";
import { LANGUAGE_CODES } from "../languages.ts";
import { UPLOAD_KIND_NAMES } from "../upload-kinds.ts";
import { text } from "./fields.ts";

/**
 * Settings › Files: the bodies of PUT /api/settings/files and of the templates'
 * endpoints, and the answers. Messages are `validation.*` keys.
 */

const positiveInt = z
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .positive({ error: "validation.invalidType" })
  .max(2_147_483_647, { error: "validation.invalidType" });

export const uploadLimitInputSchema = z.strictObject({
  kind: z.enum(UPLOAD_KIND_NAMES, { error: "validation.choice" }),
  maxBytes: z
    .number({ error: "validation.invalidType" })
    .int({ error: "validation.invalidType" })
    .min(UPLOAD_FLOOR_BYTES, { error: "validation.fileLimitRange" })
    .max(UPLOAD_CEILING_BYTES, { error: "validation.fileLimitRange" }),
  types: z
    .array(z.enum(FILE_TYPES, { error: "validation.choice" }), { error: "validation.invalidType" })
    .min(1, { error: "validation.fileTypesRequired" })
    .max(FILE_TYPES.length, { error: "validation.invalidType" }),
  /** The version the Admin read: a change saved since then answers 409 VERSION_CONFLICT. */
  version: positiveInt,
});

/** Every kind at once, as the page shows them; each kind's types must be ones its check verifies. */
export const fileSettingsUpdateSchema = z
  .strictObject({
    kinds: z
      .array(uploadLimitInputSchema, { error: "validation.invalidType" })
      .min(1, { error: "validation.required" })
      .max(UPLOAD_KIND_NAMES.length, { error: "validation.invalidType" }),
  })
  .superRefine((body, issue) => {
    const seen = new Set<string>();
    body.kinds.forEach((limit, index) => {
      if (seen.has(limit.kind))
        issue.addIssue({ code: "custom", message: "validation.choice", path: ["kinds", index, "kind"] });
      seen.add(limit.kind);
      const allowed = typesAllowedFor(limit.kind);
      const fixed = !typesEditable(limit.kind) && limit.types.length !== allowed.length;
      if (
        fixed ||
        new Set(limit.types).size !== limit.types.length ||
        limit.types.some((type) => !allowed.includes(type))
      ) {
        issue.addIssue({
          code: "custom",
          message: "validation.fileTypeNotVerifiable",
          path: ["kinds", index, "types"],
        });
      }
    });
  });
export type FileSettingsUpdate = z.infer<typeof fileSettingsUpdateSchema>;

const templateFields = {
  step: z.enum(TEMPLATE_STEPS, { error: "validation.choice" }),
  titleEs: text(120),
  titleEn: text(120),
  titleFr: text(120),
};
export const templateCreateSchema = z.strictObject(templateFields);
export const templateUpdateSchema = z.strictObject({ ...templateFields, version: positiveInt });
export type TemplateCreate = z.infer<typeof templateCreateSchema>;
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

export const templateFileParams = z.strictObject({
  id: z.coerce
    .number({ error: "validation.invalidType" })
    .int({ error: "validation.invalidType" })
    .positive({ error: "validation.invalidType" })
    .max(2_147_483_647, { error: "validation.invalidType" }),
  language: z.enum(LANGUAGE_CODES, { error: "validation.language" }),
});
export const templateDownloadQuery = z.strictObject({
  language: z.enum(LANGUAGE_CODES, { error: "validation.language" }).optional(),
});

const uploadLimitSchema = z.object({
  kind: z.enum(UPLOAD_KIND_NAMES),
  maxBytes: z.number(),
  types: z.array(z.enum(FILE_TYPES)),
});

/** The Admin's page: each kind with its version, the spec default and the types it could take. */
export const adminUploadLimitSchema = uploadLimitSchema.extend({
  version: z.number(),
  defaultMaxBytes: z.number(),
  allowedTypes: z.array(z.enum(FILE_TYPES)),
  typesEditable: z.boolean(),
});

export const templateFileSchema = z.object({
  language: z.enum(LANGUAGE_CODES),
  name: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
});

export const adminTemplateSchema = z.object({
  id: z.number(),
  step: z.enum(TEMPLATE_STEPS),
  titleEs: z.string(),
  titleEn: z.string(),
  titleFr: z.string(),
  version: z.number(),
  files: z.array(templateFileSchema),
});
export type AdminTemplate = z.infer<typeof adminTemplateSchema>;

export const adminFileSettingsSchema = z.object({
  kinds: z.array(adminUploadLimitSchema),
  floorBytes: z.number(),
  ceilingBytes: z.number(),
  templateMaxBytes: z.number(),
  templates: z.array(adminTemplateSchema),
  /** Whether the bytes a family sent are kept beside the cleaned PDF. */
  keepPdfOriginals: z.boolean(),
});
export type AdminFileSettings = z.infer<typeof adminFileSettingsSchema>;

/** What the wizard reads (GET /api/file-rules): each kind's limit, and the templates in the user's language. */
export const fileRulesSchema = z.object({
  kinds: z.array(uploadLimitSchema),
  templates: z.array(z.object({ id: z.number(), step: z.enum(TEMPLATE_STEPS), title: z.string() })),
});
export type FileRules = z.infer<typeof fileRulesSchema>;

/** PUT /api/settings/files/pdf-originals: the switch. */
export const pdfOriginalsUpdateSchema = z.strictObject({
  keepPdfOriginals: z.boolean({ error: "validation.invalidType" }),
});
