import fs from "node:fs";
import path from "node:path";
import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { rolesFor } from "@portal/shared/permissions";
import type { PhotoExportQuery, PhotoExportSummary } from "@portal/shared/schemas/photo-exports";
// Loaded on the first ZIP, not at start (the server's resident memory).
import type { ZipArchive } from "archiver";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { catalogEntries } from "../catalogs/catalog-entries.service.ts";
import type { RequestFilter } from "../requests/requests.repository.ts";
import { labelOf, loadStatusTexts } from "../status-texts/status-text-lookup.ts";
import { type PhotoCandidate, photoCandidates } from "./photo-candidates.ts";
import { findSchoolYearLabel } from "./photo-exports.repository.ts";
import { photoEntryName, UniqueNames } from "./photo-names.ts";
import {
  type FilterNames,
  type LeftOutCounts,
  leftOutCsvHeader,
  leftOutCsvLine,
  noneLeftOut,
  readmeText,
} from "./photo-readme.ts";

/**
 * Photo exports: a ZIP of the filtered requests' student, representative or
 * authorized-person photos, streamed with archiver; and its counts beforehand. Memory: one batch
 * of request rows (photo-candidates.ts) and one open photo file at a time; the next photo is
 * added only when the previous entry is written, and the archive's output follows the client's
 * pace (stream backpressure), so nothing piles up whatever the number of photos.
 */

export interface ExportCaller {
  user: CurrentUser;
  ip: string;
  lang: Language;
  /** The school year chosen at login: the default of `schoolYearId`. */
  sessionSchoolYearId: number;
  log: FastifyBaseLogger;
}

/** Per-entry ZIP overhead in bytes besides the name (local header 30, data descriptor 24, central entry 46). */
const ENTRY_OVERHEAD = 100;
/** The README, leftout.csv and the end records: a generous allowance. */
const ZIP_EXTRAS = 4096;

function checkAccess(user: CurrentUser): void {
  if (!rolesFor("reportsView").includes(user.role)) throw new AppError(403, "FORBIDDEN");
}

function filterOf(query: PhotoExportQuery, sessionSchoolYearId: number): RequestFilter {
  return {
    schoolYearId: query.schoolYearId ?? sessionSchoolYearId,
    testData: query.testData,
    statuses: query.status,
    level: query.level,
    kind: query.kind,
    words: [],
  };
}

const storagePath = (ctx: AppContext, storageKey: string) => path.join(ctx.config.dataDir, "files", storageKey);
const extOf = (contentType: string) => (contentType === "image/png" ? "png" : "jpg");

/** GET /api/reports/photos/summary: how many photos the ZIP will hold and how many are left out, by reason. */
export async function photoExportSummary(
  ctx: AppContext,
  caller: ExportCaller,
  query: PhotoExportQuery,
): Promise<PhotoExportSummary> {
  checkAccess(caller.user);
  const filter = filterOf(query, caller.sessionSchoolYearId);
  const leftOut = noneLeftOut();
  let requests = 0;
  let included = 0;
  let estimatedBytes = ZIP_EXTRAS;
  for await (const batch of photoCandidates(ctx.db, filter, query.photos, caller.lang)) {
    requests += batch.requests;
    for (const candidate of batch.candidates) {
      const size = candidate.upload ? await sizeOnDisk(ctx, candidate.upload.storage_key) : null;
      if (candidate.reason || size === null) {
        leftOut[candidate.reason ?? "fileMissing"]++;
        continue;
      }
      included++;
      estimatedBytes +=
        size + ENTRY_OVERHEAD + 2 * Buffer.byteLength(`${candidate.folder}/${candidate.who} - ${candidate.code}.jpg`);
    }
  }
  return { photos: query.photos, schoolYearId: filter.schoolYearId, requests, included, leftOut, estimatedBytes };
}

async function sizeOnDisk(ctx: AppContext, storageKey: string): Promise<number | null> {
  try {
    const stat = await fs.promises.stat(storagePath(ctx, storageKey));
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

/**
 * Opens a stored photo as a stream; null when it cannot be (gone, unreadable): the photo is left out.
 * The stream reads at most the file's size at a time: a file stream's default 64 KiB buffer per read,
 * for thousands of small photos, left hundreds of MB of garbage in the server's memory (bench:exports).
 */
async function openStored(ctx: AppContext, storageKey: string): Promise<fs.ReadStream | null> {
  try {
    const handle = await fs.promises.open(storagePath(ctx, storageKey), "r");
    const stat = await handle.stat();
    // The stream owns the handle and closes it at its end (or when destroyed).
    if (stat.isFile()) return handle.createReadStream({ highWaterMark: Math.min(64 * 1024, Math.max(1, stat.size)) });
    await handle.close();
    return null;
  } catch {
    return null;
  }
}

/** Resolves when the archive has written the entry just appended; rejects if it fails or is destroyed (client gone). */
function entryWritten(archive: ZipArchive): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      archive.off("entry", done);
      archive.off("error", failed);
      archive.off("close", closed);
      resolve();
    };
    const failed = (error: Error) => {
      archive.off("entry", done);
      archive.off("close", closed);
      reject(error);
    };
    const closed = () => failed(new Error("photo export: the archive was closed"));
    archive.on("entry", done);
    archive.once("error", failed);
    archive.once("close", closed);
  });
}

/** The README's names for the filters: the school year's label, levels and statuses as the screens name them. */
async function filterNames(ctx: AppContext, lang: Language, schoolYearId: number): Promise<FilterNames> {
  const [yearLabel, levels, texts] = await Promise.all([
    findSchoolYearLabel(ctx.db, schoolYearId),
    catalogEntries(ctx.db, "levels", lang),
    loadStatusTexts(ctx),
  ]);
  const levelLabels = new Map(levels.map((item) => [item.code, item.label]));
  return {
    yearLabel: yearLabel ?? String(schoolYearId),
    level: (code) => levelLabels.get(code) ?? code,
    status: (code) => labelOf(texts, lang, code),
  };
}

/** The ZIP's file name: "fotos-alumnos-CM2-2026-11-25.zip". */
function zipFileName(lang: Language, query: PhotoExportQuery, at: Date): string {
  const parts = [
    translate(lang, `photoExport:zip.fileName.${query.photos}`),
    query.level,
    at.toISOString().slice(0, 10),
  ];
  return `${parts.filter(Boolean).join("-")}.zip`;
}

/**
 * GET /api/reports/photos: the ZIP as a stream, filled in the background. Each photo is named
 * `<level>/<surnames> <names> - <code>.<ext>` (unique in the archive); those left out, a stored
 * file that cannot be opened included, are counted in README.txt and listed in leftout.csv (only
 * when there are some). The audit row (`photos.exported`) is written once every entry is in, just
 * before the archive's end, or when it stops early (`completed: false`: the client left, or a read failed).
 */
export async function openPhotoExport(
  ctx: AppContext,
  caller: ExportCaller,
  query: PhotoExportQuery,
): Promise<{ fileName: string; stream: ZipArchive }> {
  checkAccess(caller.user);
  const filter = filterOf(query, caller.sessionSchoolYearId);
  const words = await filterNames(ctx, caller.lang, filter.schoolYearId);
  const at = new Date();
  // JPEGs and PNGs are compressed already: stored as they are (no CPU spent for nothing).
  const archive = new (await import("archiver")).ZipArchive({ zlib: { level: 6 } });
  // Whoever reads the stream sees its errors too; this listener only keeps one from being unhandled.
  archive.on("error", (error) => caller.log.warn({ err: error }, "photo export: archive error"));
  /** The photo being read, destroyed (its file closed) if the export stops half-way. */
  let current: fs.ReadStream | undefined;
  const leftOut = noneLeftOut();
  const leftOutLines: string[] = [];
  let included = 0;

  const leaveOut = (candidate: PhotoCandidate, reason: keyof LeftOutCounts) => {
    leftOut[reason]++;
    leftOutLines.push(leftOutCsvLine(caller.lang, { ...candidate, reason }));
  };

  const audit = (completed: boolean) =>
    recordAudit(ctx.db, {
      event: "photos.exported",
      actorUserId: caller.user.id,
      ip: caller.ip,
      details: {
        kind: query.photos,
        filters: { ...query, schoolYearId: filter.schoolYearId },
        included,
        leftOut,
        completed,
      },
    });

  async function fill(): Promise<void> {
    const names = new UniqueNames();
    for await (const batch of photoCandidates(ctx.db, filter, query.photos, caller.lang)) {
      for (const candidate of batch.candidates) {
        if (archive.destroyed) throw new Error("photo export: the client left");
        if (candidate.reason || !candidate.upload) {
          leaveOut(candidate, candidate.reason ?? "fileMissing");
          continue;
        }
        const stream = await openStored(ctx, candidate.upload.storage_key);
        if (!stream) {
          leaveOut(candidate, "fileMissing");
          continue;
        }
        const name = names.take(photoEntryName({ ...candidate, ext: extOf(candidate.upload.content_type) }));
        const written = entryWritten(archive);
        current = stream;
        archive.append(current, { name, date: at, store: true });
        await written;
        current = undefined;
        included++;
      }
    }
    if (archive.destroyed) throw new Error("photo export: the client left");
    const readme = `\uFEFF${readmeText(caller.lang, { query, names: words, included, leftOut, at })}`;
    archive.append(readme, { name: "README.txt", date: at });
    if (leftOutLines.length > 0) {
      archive.append(`${leftOutCsvHeader(caller.lang)}${leftOutLines.join("")}`, { name: "leftout.csv", date: at });
    }
    // Every entry is in: the audit row is written before the archive's end reaches the client.
    await audit(true);
    audited = true;
    await archive.finalize();
  }

  let audited = false;
  fill()
    .catch(async (error: unknown) => {
      current?.destroy();
      if (!archive.destroyed) {
        caller.log.error({ err: error }, "photo export failed");
        archive.destroy(error instanceof Error ? error : new Error(String(error)));
      }
      if (!audited) await audit(false);
    })
    .catch(() => {
      // The audit row could not be written (database gone): nothing more to do for a finished stream.
    });
  return { fileName: zipFileName(caller.lang, query, at), stream: archive };
}
