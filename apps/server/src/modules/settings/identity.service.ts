import path from "node:path";
import type { MultipartFile } from "@fastify/multipart";
import { isAccessiblePrimary } from "@portal/shared/rules/contrast";
import type { IdentityInput } from "@portal/shared/schemas/general-settings";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { readVersionedSetting, writeSetting, writeVersionedSetting } from "../../kernel/settings-store.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { removeStoredFile, writeStoredFile } from "../../lib/stored-files.ts";
import { readUploadPart } from "../../lib/upload-part.ts";
import { auditChanges, versionConflict } from "./settings-audit.ts";
import { cachedSetting, forgetSetting, parseJson } from "./settings-cache.ts";

/**
 * The school's identity (name, primary colour, logo). The environment (SCHOOL_NAME,
 * BRAND_PRIMARY_COLOR, SCHOOL_LOGO_PATH) gives the defaults; an Admin's values are kept in the
 * `settings` table and apply at once: the public config, PDFs and e-mails read them here.
 */
export const IDENTITY_KEY = "identity";
/** A key of its own: uploading a logo must not make the name/colour form stale. */
export const LOGO_KEY = "identity.logo";
export const LOGO_MAX_BYTES = 1024 * 1024;
/** The header shows it at 40 px high, the login page larger: 512 px is plenty, and bounds the PDF/e-mail weight. */
const LOGO_MAX_PX = 512;
const MAX_INPUT_PIXELS = 40_000_000;

export interface Identity {
  schoolName: string;
  primaryColor: string;
}
export interface StoredLogo {
  storageKey: string;
  contentType: string;
}

export function logoDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, "files", "branding");
}

function defaults(ctx: AppContext): Identity {
  return { schoolName: ctx.config.branding.schoolName, primaryColor: ctx.config.branding.primaryColor.toLowerCase() };
}

function merge(ctx: AppContext, value: string | undefined): Identity {
  const saved = parseJson(value) as Partial<Identity> | undefined;
  const base = defaults(ctx);
  return {
    schoolName: typeof saved?.schoolName === "string" && saved.schoolName ? saved.schoolName : base.schoolName,
    primaryColor: typeof saved?.primaryColor === "string" ? saved.primaryColor : base.primaryColor,
  };
}

/**
 * The identity in force (cached a moment: every page load and document asks). Inside a
 * transaction pass it as `executor`: SQLite has one connection, and a read through `ctx.db`
 * would wait for the transaction that holds it, for ever (the e-mails are queued in one).
 */
export async function getIdentity(ctx: AppContext, executor: Db = ctx.db): Promise<Identity> {
  return merge(ctx, await cachedSetting(executor, IDENTITY_KEY));
}

export async function getIdentityForEdit(ctx: AppContext) {
  const row = await readVersionedSetting(ctx.db, IDENTITY_KEY);
  return { ...merge(ctx, row.value), version: row.version, defaults: defaults(ctx) };
}

export async function getStoredLogo(ctx: AppContext): Promise<StoredLogo | undefined> {
  const saved = parseJson(await cachedSetting(ctx.db, LOGO_KEY)) as Partial<StoredLogo> | undefined;
  if (typeof saved?.storageKey !== "string" || !/^[A-Za-z0-9_-]+\.(png|jpg)$/.test(saved.storageKey)) return undefined;
  return { storageKey: saved.storageKey, contentType: saved.contentType === "image/png" ? "image/png" : "image/jpeg" };
}

export async function updateIdentity(ctx: AppContext, actor: { userId: number; ip: string }, input: IdentityInput) {
  const current = await getIdentityForEdit(ctx);
  const next: Identity = { schoolName: input.schoolName, primaryColor: input.primaryColor.toLowerCase() };
  // The environment's colour stays allowed (the operator chose it; the theme darkens it for text),
  // any other must keep white-on-colour and colour-on-white at WCAG AA.
  if (next.primaryColor !== current.defaults.primaryColor && !isAccessiblePrimary(next.primaryColor)) {
    throw new AppError(400, "PRIMARY_COLOR_CONTRAST", {}, { primaryColor: "" });
  }
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const version = await writeVersionedSetting(trx, IDENTITY_KEY, JSON.stringify(next), input.version);
    if (version === undefined) throw versionConflict();
    await recordAudit(trx, {
      event: "settings.changed",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { section: "identity", version, changes: auditChanges(current, next) },
    });
  });
  forgetSetting(ctx.db, IDENTITY_KEY);
  return getIdentityForEdit(ctx);
}

/** Checked by content and re-encoded like the family's photos: only the pixels are kept. */
async function reencodeLogo(buffer: Buffer): Promise<{ bytes: Buffer; contentType: string; ext: string }> {
  const type = await fileTypeFromBuffer(buffer);
  if (type?.mime !== "image/png" && type?.mime !== "image/jpeg") throw new AppError(400, "LOGO_NOT_IMAGE");
  try {
    const image = sharp(buffer, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(LOGO_MAX_PX, LOGO_MAX_PX, { fit: "inside", withoutEnlargement: true });
    // PNG keeps its transparency (logos often have some); JPEG stays JPEG.
    if (type.mime === "image/png") return { bytes: await image.png().toBuffer(), contentType: "image/png", ext: "png" };
    return { bytes: await image.jpeg({ quality: 90 }).toBuffer(), contentType: "image/jpeg", ext: "jpg" };
  } catch {
    throw new AppError(400, "LOGO_NOT_IMAGE");
  }
}

/** Replaces the logo (undefined part: back to the environment's or the built-in one). */
export async function replaceLogo(ctx: AppContext, actor: { userId: number; ip: string }, part?: MultipartFile) {
  const previous = await getStoredLogo(ctx);
  let stored: StoredLogo | undefined;
  if (part) {
    const logo = await reencodeLogo(await readUploadPart(part, LOGO_MAX_BYTES));
    stored = { storageKey: `${randomToken(18)}.${logo.ext}`, contentType: logo.contentType };
    writeStoredFile(logoDir(ctx), stored.storageKey, logo.bytes);
  }
  try {
    await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      await writeSetting(trx, LOGO_KEY, JSON.stringify(stored ?? {}));
      await recordAudit(trx, {
        event: "settings.changed",
        actorUserId: actor.userId,
        ip: actor.ip,
        details: { section: "logo", action: stored ? "uploaded" : "removed" },
      });
    });
  } catch (error) {
    if (stored) removeStoredFile(logoDir(ctx), stored.storageKey);
    throw error;
  }
  forgetSetting(ctx.db, LOGO_KEY);
  if (previous) removeStoredFile(logoDir(ctx), previous.storageKey);
}

/** The Admin's logo file, for the public /branding/logo route; undefined when there is none. */
export async function storedLogoPath(ctx: AppContext): Promise<string | undefined> {
  const logo = await getStoredLogo(ctx);
  return logo ? path.join(logoDir(ctx), logo.storageKey) : undefined;
}
