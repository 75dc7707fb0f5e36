import { CATALOG_EDITING, type CatalogName, catalogCodeMax, PROTECTED_CATALOG_CODES } from "@portal/shared/catalogs";
import { LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import type {
  CatalogAdminItem,
  CatalogAdminView,
  CatalogItemCreateInput,
  CatalogItemRenameInput,
  CatalogItemStateInput,
  CatalogLabels,
  CatalogOrderInput,
} from "@portal/shared/schemas/catalog-admin";
import { sql } from "kysely";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import {
  type CatalogRow,
  findCatalogRow,
  insertCatalogRow,
  listAllCodes,
  listCatalogRows,
  markCatalogRowDeleted,
  updateCatalogRowIf,
} from "./catalog-admin.repository.ts";
import { generateCode } from "./catalog-code.ts";
import { isCatalogCodeInUse } from "./catalog-usage.ts";

/**
 * Settings › Catalogues: the Admin's changes to the lists the forms use. Each change is
 * one write transaction with its audit entry; renames, state changes and reorders carry the
 * version the Admin read. There is no server-side catalogue cache to invalidate: GET
 * /api/catalogs/:name reads the table on every request, in every process.
 */

export interface Actor {
  userId: number;
  ip: string;
  /** The Admin's language: the in-use message names the entry in it. */
  language: Language;
}

const labelsOf = (row: CatalogRow): CatalogLabels => ({ es: row.label_es, en: row.label_en, fr: row.label_fr });
const isProtected = (name: CatalogName, code: string) => PROTECTED_CATALOG_CODES[name]?.includes(code) ?? false;
const sameLabel = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function toItem(name: CatalogName, row: CatalogRow, index: number): CatalogAdminItem {
  return {
    id: row.id,
    code: row.code,
    labels: labelsOf(row),
    disabled: Number(row.disabled) === 1,
    protected: isProtected(name, row.code),
    version: Number(row.version),
    order: index + 1,
  };
}

export async function catalogAdminView(db: Db, name: CatalogName): Promise<CatalogAdminView> {
  const rows = await listCatalogRows(db, name);
  return { name, editing: CATALOG_EDITING[name], items: rows.map((row, index) => toItem(name, row, index)) };
}

/** The ISO lists are never edited; the rename-only ones keep their codes, order and state. */
function requireEditing(name: CatalogName, needed: "rename" | "structure"): void {
  const editing = CATALOG_EDITING[name];
  if (editing === "readOnly") throw new AppError(409, "CATALOG_READ_ONLY");
  if (needed === "structure" && editing !== "full") throw new AppError(409, "CATALOG_RENAME_ONLY");
}

/**
 * Unique labels per language within a catalogue (case and outer spaces ignored). Only the given
 * languages are checked: a rename is checked where it changes a label, since the seeded prefixes
 * already share some (Dr. / Dra. are both "Dr." in English).
 */
function requireUniqueLabels(
  rows: CatalogRow[],
  labels: CatalogLabels,
  languages: readonly (keyof CatalogLabels)[],
  exceptId?: number,
) {
  for (const language of languages) {
    const clash = rows.find((row) => row.id !== exceptId && sameLabel(labelsOf(row)[language], labels[language]));
    if (clash) {
      throw new AppError(409, "CATALOG_LABEL_TAKEN", { label: labels[language] }, { [`labels.${language}`]: "" });
    }
  }
}

/**
 * One Admin change per catalogue at a time, so two adds of one label cannot both pass the unique
 * check: on PostgreSQL a transaction-scoped advisory lock on the catalogue's name; SQLite runs one
 * write transaction at a time already (writeTransaction's `begin immediate`).
 */
async function lockCatalog(trx: Db, ctx: AppContext, name: CatalogName): Promise<void> {
  if (ctx.engine !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(${`catalog_items:${name}`}))`.execute(trx);
}

async function rowOrNotFound(trx: Db, name: CatalogName, id: number): Promise<CatalogRow> {
  const row = await findCatalogRow(trx, name, id);
  if (!row) throw new AppError(404, "NOT_FOUND");
  return row;
}

export async function createCatalogItem(
  ctx: AppContext,
  actor: Actor,
  name: CatalogName,
  input: CatalogItemCreateInput & { labels: CatalogLabels },
): Promise<CatalogAdminItem> {
  requireEditing(name, "structure");
  const given = input.code?.trim() ?? "";
  if (given.length > catalogCodeMax(name)) {
    throw new AppError(400, "CATALOG_CODE_TOO_LONG", { max: catalogCodeMax(name) }, { code: "" });
  }
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await lockCatalog(trx, ctx, name);
    const rows = await listCatalogRows(trx, name);
    requireUniqueLabels(rows, input.labels, LANGUAGE_CODES);
    const codes = await listAllCodes(trx, name);
    let code = given;
    let revive = false;
    if (code) {
      const existing = codes.find((entry) => entry.code.toLowerCase() === code.toLowerCase());
      // A deleted entry's code may be reused: the row comes back as a new entry (no record held it).
      if (existing && !existing.deleted) throw new AppError(409, "CATALOG_CODE_TAKEN", { code }, { code: "" });
      if (existing) {
        code = existing.code;
        revive = true;
      }
    } else {
      code = generateCode(
        input.labels.es,
        catalogCodeMax(name),
        new Set(codes.map((entry) => entry.code.toLowerCase())),
      );
    }
    const sortOrder = await placeForNewEntry(trx, rows);
    const id = await insertCatalogRow(trx, { catalog: name, code, sortOrder, labels: input.labels }, revive);
    await recordAudit(trx, {
      event: "catalog.itemCreated",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { catalog: name, code, labelsAfter: input.labels },
    });
    return toItem(name, await rowOrNotFound(trx, name, id), rows.length);
  });
}

/** The code of a list's catch-all entry ("Otro", "Other", "Autre"), which the forms treat apart. */
const OTHER_CODE = "OTHER";

/**
 * Where a new entry goes: last, or just before a catch-all "Other" at the end of the list, which
 * stays last (docs/rules/settings.md "Catalogues"); it and what follows move one place down.
 */
async function placeForNewEntry(trx: Db, rows: CatalogRow[]): Promise<number> {
  const last = rows.reduce((max, row) => Math.max(max, Number(row.sort_order)), 0);
  const other = rows.at(-1);
  if (!other || other.code.toUpperCase() !== OTHER_CODE) return last + 1;
  await applyIf(trx, other, Number(other.version), { sort_order: last + 1 });
  return Number(other.sort_order);
}

/** Runs `work` on the entry, then answers it as it now stands. */
async function changeItem(
  ctx: AppContext,
  name: CatalogName,
  id: number,
  work: (trx: Db, row: CatalogRow, rows: CatalogRow[]) => Promise<void>,
): Promise<CatalogAdminItem> {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await lockCatalog(trx, ctx, name);
    const rows = await listCatalogRows(trx, name);
    const index = rows.findIndex((row) => row.id === id);
    const row = rows[index];
    if (!row) throw new AppError(404, "NOT_FOUND");
    await work(trx, row, rows);
    return toItem(name, await rowOrNotFound(trx, name, id), index);
  });
}

async function applyIf(trx: Db, row: CatalogRow, version: number, changes: Parameters<typeof updateCatalogRowIf>[3]) {
  if (Number(row.version) !== version || !(await updateCatalogRowIf(trx, row.id, version, changes))) {
    throw new AppError(409, "VERSION_CONFLICT");
  }
}

export function renameCatalogItem(
  ctx: AppContext,
  actor: Actor,
  name: CatalogName,
  id: number,
  input: CatalogItemRenameInput,
): Promise<CatalogAdminItem> {
  requireEditing(name, "rename");
  return changeItem(ctx, name, id, async (trx, row, rows) => {
    if (Number(row.version) !== input.version) throw new AppError(409, "VERSION_CONFLICT");
    const before = labelsOf(row);
    const changed = LANGUAGE_CODES.filter((language) => before[language] !== input.labels[language]);
    if (changed.length === 0) return;
    requireUniqueLabels(rows, input.labels, changed, row.id);
    await applyIf(trx, row, input.version, {
      label_es: input.labels.es,
      label_en: input.labels.en,
      label_fr: input.labels.fr,
    });
    await recordAudit(trx, {
      event: "catalog.itemRenamed",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { catalog: name, code: row.code, labelsBefore: before, labelsAfter: input.labels },
    });
  });
}

export function setCatalogItemState(
  ctx: AppContext,
  actor: Actor,
  name: CatalogName,
  id: number,
  input: CatalogItemStateInput,
): Promise<CatalogAdminItem> {
  requireEditing(name, "structure");
  return changeItem(ctx, name, id, async (trx, row) => {
    if (input.disabled && isProtected(name, row.code)) throw new AppError(409, "CATALOG_ENTRY_PROTECTED");
    if ((Number(row.disabled) === 1) === input.disabled) {
      if (Number(row.version) !== input.version) throw new AppError(409, "VERSION_CONFLICT");
      return;
    }
    await applyIf(trx, row, input.version, { disabled: input.disabled ? 1 : 0 });
    await recordAudit(trx, {
      event: input.disabled ? "catalog.itemDisabled" : "catalog.itemEnabled",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { catalog: name, code: row.code, labels: labelsOf(row) },
    });
  });
}

/**
 * "Organize lists": the whole catalogue in its new order, saved at once. Every entry must be
 * named once with the version read; an entry added, deleted or changed since answers 409.
 */
export async function reorderCatalog(
  ctx: AppContext,
  actor: Actor,
  name: CatalogName,
  input: CatalogOrderInput,
): Promise<CatalogAdminView> {
  requireEditing(name, "structure");
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await lockCatalog(trx, ctx, name);
    const rows = await listCatalogRows(trx, name);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ids = new Set(input.items.map((item) => item.id));
    if (ids.size !== input.items.length) throw new AppError(400, "CATALOG_ORDER_INVALID");
    if (ids.size !== rows.length || input.items.some((item) => byId.get(item.id)?.version !== item.version)) {
      throw new AppError(409, "VERSION_CONFLICT");
    }
    const before = rows.map((row) => row.code);
    const after = input.items.map((item) => byId.get(item.id)?.code ?? "");
    if (before.join("\n") === after.join("\n")) return;
    for (const [index, item] of input.items.entries()) {
      await applyIf(trx, byId.get(item.id) as CatalogRow, item.version, { sort_order: index + 1 });
    }
    await recordAudit(trx, {
      event: "catalog.itemReordered",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { catalog: name, orderBefore: before, orderAfter: after },
    });
  });
  return catalogAdminView(ctx.db, name);
}

/** Deletes an entry no record holds; one in use answers 409 (the message suggests disabling it). */
export async function deleteCatalogItem(ctx: AppContext, actor: Actor, name: CatalogName, id: number): Promise<void> {
  requireEditing(name, "structure");
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await lockCatalog(trx, ctx, name);
    const row = await rowOrNotFound(trx, name, id);
    if (isProtected(name, row.code)) throw new AppError(409, "CATALOG_ENTRY_PROTECTED");
    if (await isCatalogCodeInUse(trx, name, row.code)) {
      throw new AppError(409, "CATALOG_ENTRY_IN_USE", { label: labelsOf(row)[actor.language] });
    }
    await markCatalogRowDeleted(trx, row.id, nowIso());
    await recordAudit(trx, {
      event: "catalog.itemDeleted",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { catalog: name, code: row.code, labelsBefore: labelsOf(row) },
    });
  });
}
