import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import type { Engine } from "../db/database.ts";

/** Bumped when the archive's layout changes; restore refuses a format it does not know. */
export const ARCHIVE_FORMAT = "portal-backup/1";
export const MANIFEST_NAME = "manifest.json";
export const SQLITE_ENTRY = "database/portal.sqlite";
export const POSTGRES_ENTRY = "database/portal.pgdump";

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  createdAt: string;
  engine: Engine;
  /** The last migration applied to the database in the archive (null: never migrated). */
  migration: string | null;
  portalVersion: string;
  /** Rows per table at the snapshot, so a restore can prove it got them all. */
  tables: Record<string, number>;
  /** Every file in the archive but the manifest itself. */
  entries: ManifestEntry[];
}

/** node-tar reads an archive in 16 MiB slices unless told otherwise; 1 MiB keeps memory flat. */
const READ_SLICE = 1024 * 1024;

/** A refusal or failure the operator should read as it is (no stack trace). */
export class BackupError extends Error {}

/** Size and SHA-256 of a file, streamed (an uploaded file may be large). */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  await pipeline(fs.createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
    }
  });
  return { size, sha256: hash.digest("hex") };
}

/** Archive paths are relative, under database/ or files/, and never climb out with "..". */
function isSafeEntryPath(entry: string): boolean {
  if (entry.startsWith("/") || entry.includes("\\")) return false;
  const parts = entry.split("/");
  if (parts.some((part) => part === "" || part === "." || part === "..")) return false;
  return entry === SQLITE_ENTRY || entry === POSTGRES_ENTRY || (parts[0] === "files" && parts.length > 1);
}

/**
 * Writes the manifest into `root` and packs it (first, so a reader meets it before the data) with
 * the manifest's entries, read from `root`, into a gzipped tar. Written to a `.partial` name and
 * renamed only once complete and verified, so a half-written archive never looks like a backup.
 * Owner-only permissions: the archive holds password hashes and medical records.
 */
export async function writeArchive(archive: string, root: string, manifest: Manifest): Promise<void> {
  fs.writeFileSync(path.join(root, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  const partial = `${archive}.partial`;
  try {
    const pack = tar.c({ gzip: true, cwd: root, portable: true, strict: true }, [
      MANIFEST_NAME,
      ...manifest.entries.map((entry) => entry.path),
    ]);
    await pipeline(pack, fs.createWriteStream(partial, { mode: 0o600, flags: "wx" }));
    const written = await verifyArchive(partial);
    if (written.entries.length !== manifest.entries.length) throw new BackupError("the archive lost entries");
    fs.renameSync(partial, archive);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

interface Seen {
  size: number;
  sha256: string;
}

/** Reads every entry of the archive once, hashing it; nothing is written anywhere. */
async function readEntries(
  archive: string,
): Promise<{ seen: Map<string, Seen>; manifestText?: string; odd: string[] }> {
  const seen = new Map<string, Seen>();
  const odd: string[] = [];
  let manifestText: string | undefined;
  const pending: Promise<void>[] = [];
  await tar.t({
    file: archive,
    maxReadSize: READ_SLICE,
    strict: true,
    onReadEntry: (entry) => {
      const name = entry.path;
      if (entry.type !== "File") {
        odd.push(`${name}: a ${entry.type} entry (only files belong in a backup)`);
        return;
      }
      if (seen.has(name) || (name === MANIFEST_NAME && manifestText !== undefined)) odd.push(`${name}: twice`);
      const hash = createHash("sha256");
      const chunks: Buffer[] = [];
      let size = 0;
      entry.on("data", (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
        if (name === MANIFEST_NAME) chunks.push(chunk);
      });
      pending.push(
        new Promise((resolve) =>
          entry.on("end", () => {
            if (name === MANIFEST_NAME) manifestText = Buffer.concat(chunks).toString("utf8");
            else seen.set(name, { size, sha256: hash.digest("hex") });
            resolve();
          }),
        ),
      );
    },
  });
  await Promise.all(pending);
  return { seen, manifestText, odd };
}

function parseManifest(text: string | undefined): Manifest {
  if (text === undefined) throw new BackupError(`no ${MANIFEST_NAME} in it: not a portal backup`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError(`its ${MANIFEST_NAME} is not valid JSON`);
  }
  if (manifest?.format !== ARCHIVE_FORMAT) {
    throw new BackupError(`unknown archive format ${JSON.stringify(manifest?.format)} (expected ${ARCHIVE_FORMAT})`);
  }
  if (manifest.engine !== "sqlite" && manifest.engine !== "postgres") {
    throw new BackupError(`unknown engine ${JSON.stringify(manifest.engine)} in ${MANIFEST_NAME}`);
  }
  if (!Array.isArray(manifest.entries) || typeof manifest.tables !== "object" || manifest.tables === null) {
    throw new BackupError(`${MANIFEST_NAME} lacks its entries or tables`);
  }
  return manifest;
}

/**
 * Checks the archive against its manifest: every listed entry present with its size and SHA-256,
 * nothing unlisted, the database dump present, only plain files on safe paths. Throws a
 * BackupError listing what is wrong; returns the manifest when all is well.
 */
export async function verifyArchive(archive: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new BackupError(`${archive} does not exist`);
  let read: Awaited<ReturnType<typeof readEntries>>;
  try {
    read = await readEntries(archive);
  } catch (error) {
    throw new BackupError(`not a readable .tar.gz archive (${(error as Error).message})`);
  }
  const manifest = parseManifest(read.manifestText);
  const problems = [...read.odd];
  const listed = new Set<string>();
  for (const entry of manifest.entries) {
    listed.add(entry.path);
    if (!isSafeEntryPath(entry.path)) problems.push(`${entry.path}: not a path a backup may hold`);
    const got = read.seen.get(entry.path);
    if (!got) problems.push(`${entry.path}: listed in the manifest, missing from the archive`);
    else if (got.size !== entry.size || got.sha256 !== entry.sha256) {
      problems.push(
        `${entry.path}: checksum mismatch (${got.size} bytes, sha256 ${got.sha256}; manifest says ${entry.size} bytes, ${entry.sha256})`,
      );
    }
  }
  for (const name of read.seen.keys())
    if (!listed.has(name)) problems.push(`${name}: in the archive, not in the manifest`);
  const dump = manifest.engine === "sqlite" ? SQLITE_ENTRY : POSTGRES_ENTRY;
  if (!listed.has(dump)) problems.push(`${dump}: the database is not in the manifest`);
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).map((line) => `  ${line}`);
    if (problems.length > 10) shown.push(`  … and ${problems.length - 10} more`);
    throw new BackupError(`the archive does not match its manifest:\n${shown.join("\n")}`);
  }
  return manifest;
}

/**
 * Extracts the manifest's entries into `dest` (an empty folder) and checks each extracted file's
 * SHA-256 again, so what gets restored is exactly what was verified.
 */
export async function extractArchive(archive: string, dest: string, manifest: Manifest): Promise<void> {
  const wanted = new Set(manifest.entries.map((entry) => entry.path));
  await tar.x({
    file: archive,
    maxReadSize: READ_SLICE,
    cwd: dest,
    strict: true,
    filter: (entryPath, entry) => "type" in entry && entry.type === "File" && wanted.has(entryPath),
  });
  for (const entry of manifest.entries) {
    const file = path.join(dest, entry.path);
    const got = fs.existsSync(file) ? await hashFile(file) : undefined;
    if (got?.sha256 !== entry.sha256) throw new BackupError(`${entry.path} changed while it was extracted`);
  }
}

/** `portal-2026-11-23T16-30-00Z.tar.gz`: sortable, no colons (they upset some tools and file systems). */
export function archiveName(date: Date): string {
  return `portal-${date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-")}.tar.gz`;
}

/** Relative paths on the command line mean the operator's folder, not the workspace npm runs us in. */
export function fromOperatorCwd(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}
