import type { Db } from "../../db/database.ts";

/** The texts a status row holds; null means "the portal's default" (the i18n catalogue). */
export interface StatusTextValues {
  label_es: string | null;
  label_en: string | null;
  label_fr: string | null;
  explanation_es: string | null;
  explanation_en: string | null;
  explanation_fr: string | null;
}

export interface StatusTextRow extends StatusTextValues {
  status: string;
  version: number;
  updated_at: string | null;
  updated_by: number | null;
  /** The account that saved it last, named for the Admin's page. */
  updated_by_name: string | null;
}

const NO_TEXTS: StatusTextValues = {
  label_es: null,
  label_en: null,
  label_fr: null,
  explanation_es: null,
  explanation_en: null,
  explanation_fr: null,
};

/**
 * Every status's row. A status never saved has none in the table (migration 0013): it reads as
 * version 1 with every text the default.
 */
export async function listStatusTextRows(db: Db): Promise<Map<string, StatusTextRow>> {
  const rows = await db
    .selectFrom("status_texts")
    .leftJoin("users", "users.id", "status_texts.updated_by")
    .select([
      "status_texts.status",
      "status_texts.label_es",
      "status_texts.label_en",
      "status_texts.label_fr",
      "status_texts.explanation_es",
      "status_texts.explanation_en",
      "status_texts.explanation_fr",
      "status_texts.version",
      "status_texts.updated_at",
      "status_texts.updated_by",
      "users.names",
      "users.first_surname",
    ])
    .execute();
  return new Map(
    rows.map(({ names, first_surname, ...row }) => [
      row.status,
      { ...row, updated_by_name: names === null ? null : [names, first_surname].filter(Boolean).join(" ") },
    ]),
  );
}

export function unsavedStatusTextRow(status: string): StatusTextRow {
  return { status, ...NO_TEXTS, version: 1, updated_at: null, updated_by: null, updated_by_name: null };
}

/**
 * Writes a status's texts if it is still at `expectedVersion`, moving the version on. False when
 * another save came first (the caller answers 409): the check and the write are one statement,
 * and a first save's insert loses to a concurrent one on the primary key.
 */
export async function writeStatusText(
  db: Db,
  status: string,
  expectedVersion: number,
  values: StatusTextValues & { updated_at: string; updated_by: number },
): Promise<boolean> {
  const result = await db
    .updateTable("status_texts")
    .set((eb) => ({ ...values, version: eb("version", "+", 1) }))
    .where("status", "=", status)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  if (expectedVersion !== 1) return false;
  const inserted = await db
    .insertInto("status_texts")
    .values({ status, ...values, version: 2 })
    .onConflict((oc) => oc.column("status").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
