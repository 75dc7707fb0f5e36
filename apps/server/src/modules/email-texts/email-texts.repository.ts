import type { Db } from "../../db/database.ts";

/** One e-mail in one language as stored; null subject and body mean "the portal's text". */
export interface EmailTextRow {
  template: string;
  language: string;
  subject: string | null;
  body: string | null;
  version: number;
  updated_at: string | null;
  /** The account that saved it last, named for the Admin's page. */
  updated_by_name: string | null;
}

const keyOf = (template: string, language: string) => `${template}:${language}`;

/** Every saved row, by "template:language". No row reads as version 1 with the portal's text. */
export async function listEmailTextRows(db: Db): Promise<Map<string, EmailTextRow>> {
  const rows = await db
    .selectFrom("email_texts")
    .leftJoin("users", "users.id", "email_texts.updated_by")
    .select([
      "email_texts.template",
      "email_texts.language",
      "email_texts.subject",
      "email_texts.body",
      "email_texts.version",
      "email_texts.updated_at",
      "users.names",
      "users.first_surname",
    ])
    .execute();
  return new Map(
    rows.map(({ names, first_surname, ...row }) => [
      keyOf(row.template, row.language),
      { ...row, updated_by_name: names === null ? null : [names, first_surname].filter(Boolean).join(" ") },
    ]),
  );
}

export function emailTextRowOf(rows: Map<string, EmailTextRow>, template: string, language: string): EmailTextRow {
  return (
    rows.get(keyOf(template, language)) ?? {
      template,
      language,
      subject: null,
      body: null,
      version: 1,
      updated_at: null,
      updated_by_name: null,
    }
  );
}

/**
 * Writes one e-mail's text if it is still at `expectedVersion`, moving the version on. False when
 * another save came first (the caller answers 409): the check and the write are one statement,
 * and a first save's insert loses to a concurrent one on the primary key.
 */
export async function writeEmailText(
  db: Db,
  key: { template: string; language: string },
  expectedVersion: number,
  values: { subject: string | null; body: string | null; updated_at: string; updated_by: number },
): Promise<boolean> {
  const result = await db
    .updateTable("email_texts")
    .set((eb) => ({ ...values, version: eb("version", "+", 1) }))
    .where("template", "=", key.template)
    .where("language", "=", key.language)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  if (expectedVersion !== 1) return false;
  const inserted = await db
    .insertInto("email_texts")
    .values({ ...key, ...values, version: 2 })
    .onConflict((oc) => oc.columns(["template", "language"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
