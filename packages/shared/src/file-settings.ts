import type { StepId } from "./enrollment-steps.ts";
import { UPLOAD_KINDS, type UploadKind } from "./upload-kinds.ts";

const MB = 1024 * 1024;

/**
 * Settings › Files: what the Admin may configure about the documents the wizard asks
 * for and the school's own templates. The server verifies every upload by its content, so the only
 * types an Admin can offer are the three it can verify: PDF, JPEG and PNG.
 */
export const FILE_TYPES = ["pdf", "jpeg", "png"] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const FILE_TYPE_MIME: Record<FileType, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
};

export const FILE_TYPE_LABEL: Record<FileType, string> = { pdf: "PDF", jpeg: "JPG", png: "PNG" };

/**
 * The hard ceiling of any upload: the server's multipart limit. An Admin may set a kind's limit
 * anywhere between the floor and this ceiling (the spec's values are the defaults).
 */
export const UPLOAD_CEILING_BYTES = 10 * MB;
/** Below this no phone photo or scanned page fits: a limit this small would only lock families out. */
export const UPLOAD_FLOOR_BYTES = 100 * 1024;
/** A template (PDF) the Admin uploads. */
export const TEMPLATE_MAX_BYTES = 10 * MB;

/** The types a kind can take at all: what its content check understands. */
export function typesAllowedFor(kind: UploadKind): readonly FileType[] {
  return UPLOAD_KINDS[kind].format === "pdf" ? ["pdf"] : ["jpeg", "png"];
}

/**
 * Whether the Admin may choose among the types: not for PDFs (one type) nor for the student photo,
 * which the browser crops and sends as a JPG whatever the family picked (the server re-encodes it).
 */
export function typesEditable(kind: UploadKind): boolean {
  return typesAllowedFor(kind).length > 1 && kind !== "studentPhoto";
}

/** The spec's limits (spec 5 and 9), used until an Admin saves others. */
export function defaultLimitFor(kind: UploadKind): { maxBytes: number; types: FileType[] } {
  return { maxBytes: UPLOAD_KINDS[kind].maxBytes, types: [...typesAllowedFor(kind)] };
}

/**
 * The wizard steps a template can belong to: those where the family reads or brings back a paper
 * (regulations and contract, payment, transport rules, the exit authorization to notarise, the
 * medical form).
 */
export const TEMPLATE_STEPS = [
  "terms",
  "financialInformation",
  "schoolTransport",
  "exitAuthorization",
  "medicalRecord",
] as const satisfies readonly StepId[];
export type TemplateStep = (typeof TEMPLATE_STEPS)[number];

export function isTemplateStep(step: string): step is TemplateStep {
  return (TEMPLATE_STEPS as readonly string[]).includes(step);
}

/** "PDF", "JPG or PNG": the accepted types as the family reads them. */
export function typesText(types: readonly FileType[], or: string): string {
  const labels = types.map((type) => FILE_TYPE_LABEL[type]);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} ${or} ${labels.at(-1)}`;
}

/** Bytes as megabytes with at most one decimal (5 MB, 0.5 MB). */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / MB) * 10) / 10;
}
