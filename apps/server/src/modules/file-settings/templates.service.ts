import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { MultipartFile } from "@fastify/multipart";
import { TEMPLATE_MAX_BYTES, type TemplateStep } from "@portal/shared/file-settings";
import { DEFAULT_LANGUAGE, type Language } from "@portal/shared/languages";
import type { AdminTemplate, TemplateCreate, TemplateUpdate } from "@portal/shared/schemas/file-settings";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { storablePdf } from "../../lib/storable-pdf.ts";
import { removeStoredFile, writeStoredFile } from "../../lib/stored-files.ts";
import { readUploadPart } from "../../lib/upload-part.ts";
import {
  deleteTemplateFileRow,
  deleteTemplateRow,
  findTemplateFileRow,
  findTemplateRow,
  insertTemplateFileRow,
  insertTemplateRow,
  listTemplateFileRows,
  listTemplateRows,
  replaceTemplateFileRow,
  touchTemplateRow,
  updateTemplateRow,
} from "./templates.repository.ts";

export interface Actor {
  userId: number;
  ip: string;
}

type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplateRow>>>;
type FileRow = Awaited<ReturnType<typeof listTemplateFileRows>>[number];

const templateNotFound = () => new AppError(404, "TEMPLATE_NOT_FOUND");

/** Templates live beside the families' uploads: same folder, same random names, same 507. */
function storageDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, "files");
}

function toAdmin(row: TemplateRow, files: FileRow[]): AdminTemplate {
  return {
    id: row.id,
    step: row.step as TemplateStep,
    titleEs: row.title_es,
    titleEn: row.title_en,
    titleFr: row.title_fr,
    version: row.version,
    files: files
      .filter((file) => file.template_id === row.id)
      .map((file) => ({
        language: file.language as Language,
        name: file.original_name,
        size: file.size,
        uploadedAt: file.uploaded_at,
      })),
  };
}

export async function listAdminTemplates(ctx: AppContext): Promise<AdminTemplate[]> {
  const [rows, files] = await Promise.all([listTemplateRows(ctx.db), listTemplateFileRows(ctx.db)]);
  return rows.map((row) => toAdmin(row, files));
}

async function adminTemplate(ctx: AppContext, id: number): Promise<AdminTemplate> {
  const row = await findTemplateRow(ctx.db, id);
  if (!row) throw templateNotFound();
  return toAdmin(row, await listTemplateFileRows(ctx.db, id));
}

const titles = (body: TemplateCreate) => ({ title_es: body.titleEs, title_en: body.titleEn, title_fr: body.titleFr });

export async function createTemplate(ctx: AppContext, actor: Actor, body: TemplateCreate): Promise<AdminTemplate> {
  const now = nowIso();
  const id = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const id = await insertTemplateRow(trx, { step: body.step, ...titles(body), created_at: now, updated_at: now });
    await recordAudit(trx, {
      event: "template.saved",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { templateId: id, step: body.step, titles: { es: body.titleEs, en: body.titleEn, fr: body.titleFr } },
    });
    return id;
  });
  return adminTemplate(ctx, id);
}

export async function updateTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: TemplateUpdate,
): Promise<AdminTemplate> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const before = await findTemplateRow(trx, id);
    if (!before) throw templateNotFound();
    const saved = await updateTemplateRow(trx, id, body.version, {
      step: body.step,
      ...titles(body),
      updated_at: nowIso(),
    });
    if (!saved) throw new AppError(409, "VERSION_CONFLICT");
    await recordAudit(trx, {
      event: "template.saved",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        templateId: id,
        step: body.step,
        stepBefore: before.step,
        titles: { es: body.titleEs, en: body.titleEn, fr: body.titleFr },
        titlesBefore: { es: before.title_es, en: before.title_en, fr: before.title_fr },
      },
    });
  });
  return adminTemplate(ctx, id);
}

/** The template and every language's PDF; the stored files go once the rows are gone. */
export async function deleteTemplate(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const files = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await findTemplateRow(trx, id);
    if (!row) throw templateNotFound();
    const files = await listTemplateFileRows(trx, id);
    await deleteTemplateRow(trx, id);
    await recordAudit(trx, {
      event: "template.deleted",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        templateId: id,
        step: row.step,
        titles: { es: row.title_es, en: row.title_en, fr: row.title_fr },
        languages: files.map((file) => file.language),
      },
    });
    return files;
  });
  for (const file of files) removeStoredFile(storageDir(ctx), file.storage_key);
}

/** The uploaded name, reduced to something safe to show. */
function safeName(name: string): string {
  const base = path
    .basename(name)
    .replace(/[^\p{L}\p{N}._ -]/gu, "_")
    .slice(0, 120);
  return base || "template.pdf";
}

/**
 * A language's PDF for a template, new or replacing the one there: checked by content (a real PDF
 * with a page), written under a random name, then recorded; the replaced file is removed once the
 * new row is committed, and a failed write or row leaves nothing behind.
 */
export async function storeTemplateFile(
  ctx: AppContext,
  actor: Actor,
  id: number,
  language: Language,
  part: MultipartFile,
): Promise<AdminTemplate> {
  if (!(await findTemplateRow(ctx.db, id))) throw templateNotFound();
  // Families open templates too: they are cleaned of active content like the families' uploads.
  const bytes = await storablePdf(await readUploadPart(part, TEMPLATE_MAX_BYTES));

  const storageKey = `${randomToken(18)}.pdf`;
  writeStoredFile(storageDir(ctx), storageKey, bytes);
  const now = nowIso();
  const values = {
    original_name: safeName(part.filename),
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    storage_key: storageKey,
    uploaded_by: actor.userId,
    uploaded_at: now,
  };
  let replacedKey: string | undefined;
  try {
    await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      if (!(await findTemplateRow(trx, id))) throw templateNotFound();
      const existing = await findTemplateFileRow(trx, id, language);
      if (existing) await replaceTemplateFileRow(trx, existing.id, values);
      else await insertTemplateFileRow(trx, { template_id: id, language, ...values });
      await touchTemplateRow(trx, id, now);
      await recordAudit(trx, {
        event: existing ? "template.replaced" : "template.uploaded",
        actorUserId: actor.userId,
        ip: actor.ip,
        details: { templateId: id, language, fileName: values.original_name, size: values.size },
      });
      replacedKey = existing?.storage_key;
    });
  } catch (error) {
    removeStoredFile(storageDir(ctx), storageKey);
    throw error;
  }
  if (replacedKey) removeStoredFile(storageDir(ctx), replacedKey);
  return adminTemplate(ctx, id);
}

export async function deleteTemplateFile(
  ctx: AppContext,
  actor: Actor,
  id: number,
  language: Language,
): Promise<AdminTemplate> {
  const storageKey = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    if (!(await findTemplateRow(trx, id))) throw templateNotFound();
    const file = await findTemplateFileRow(trx, id, language);
    if (!file) throw new AppError(404, "FILE_NOT_FOUND");
    await deleteTemplateFileRow(trx, file.id);
    await touchTemplateRow(trx, id, nowIso());
    await recordAudit(trx, {
      event: "template.deleted",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { templateId: id, language, fileName: file.original_name },
    });
    return file.storage_key;
  });
  removeStoredFile(storageDir(ctx), storageKey);
  return adminTemplate(ctx, id);
}

const titleIn = (row: TemplateRow, language: Language) =>
  language === "en" ? row.title_en : language === "fr" ? row.title_fr : row.title_es;

/** The language served: the reader's, else Spanish, else any the school uploaded. */
function pickFile(files: FileRow[], language: Language): FileRow | undefined {
  return (
    files.find((file) => file.language === language) ??
    files.find((file) => file.language === DEFAULT_LANGUAGE) ??
    files[0]
  );
}

/** The templates a reader can download, titled in their language; a template without a PDF is left out. */
export async function readerTemplates(ctx: AppContext, language: Language) {
  const [rows, files] = await Promise.all([listTemplateRows(ctx.db), listTemplateFileRows(ctx.db)]);
  return rows
    .filter((row) => files.some((file) => file.template_id === row.id))
    .map((row) => ({ id: row.id, step: row.step as TemplateStep, title: titleIn(row, language) }));
}

/**
 * A template's PDF to download: `language` when asked for (the Admin checking one upload), else
 * the reader's language with the fallbacks. The name is the title in the file's language.
 */
export async function openTemplateDownload(ctx: AppContext, id: number, reader: Language, asked: Language | undefined) {
  const row = await findTemplateRow(ctx.db, id);
  if (!row) throw templateNotFound();
  const files = await listTemplateFileRows(ctx.db, id);
  const file = asked ? files.find((candidate) => candidate.language === asked) : pickFile(files, reader);
  // A row whose file went missing (a restore without the files folder) is a 404, not a broken stream.
  if (!file || !fs.existsSync(path.join(storageDir(ctx), file.storage_key))) throw new AppError(404, "FILE_NOT_FOUND");
  const title = titleIn(row, file.language as Language)
    .replace(/[\\/:*?"<>|\p{C}]/gu, "_")
    .slice(0, 100);
  return {
    filename: `${title || "template"}.pdf`,
    language: file.language,
    stream: () => fs.createReadStream(path.join(storageDir(ctx), file.storage_key)),
  };
}
