import { BUILT_IN_DOCUMENTS } from "@portal/shared/school-documents";
import { type Kysely, Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/database.ts";
import { MIGRATIONS, migrateToLatest } from "../src/db/migrate.ts";
import { findUserByEmail, insertUser } from "../src/kernel/accounts.ts";
import { seedSchoolDocuments } from "../src/modules/school-documents/document-seed.ts";
import { builtInTemplate } from "../src/modules/school-documents/document-templates.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";

/**
 * The last migration of the previous release: the schema an upgrading school runs today. At each
 * release, move it to that release's last migration and write the rows below for that schema
 * (they are plain rows of that schema, typed `any`, so later migrations never change them).
 */
const PREVIOUS_RELEASE = "0008_dashboard_index";

const AT = "2025-03-01T10:00:00.000Z";
/** Ids far above what the sequences hand out, so the current code's inserts never collide. */
const ID = 9001;

/** One or more representative rows per table of the previous release's schema. */
const ROWS: Record<string, Record<string, unknown>[]> = {
  school_years: [
    { id: 2031, label: "2031-2032", starts_on: "2031-09-01", ends_on: "2032-07-01", is_current: 1, enrollment_open: 1 },
  ],
  users: [
    {
      id: ID,
      email: "familia@upgrade.test",
      password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo",
      first_surname: "Núñez",
      second_surname: "Peña",
      names: "José María",
      phone: "+593 99 000 0000",
      language: "fr",
      role: "User",
      is_test_data: 0,
      activated_at: AT,
      created_at: AT,
      updated_at: AT,
    },
    {
      id: ID + 1,
      email: "secretaria@upgrade.test",
      password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$c3RhZmZzdGFmZg",
      first_surname: "Staff",
      second_surname: "",
      names: "Ana",
      phone: "",
      language: "es",
      role: "Secretary",
      is_test_data: 0,
      activated_at: AT,
      created_at: AT,
      updated_at: AT,
    },
  ],
  sessions: [
    {
      id: "a".repeat(64),
      user_id: ID,
      school_year_id: 2031,
      created_at: AT,
      last_seen_at: AT,
      expires_at: "2031-03-01T22:00:00.000Z",
      ip: "10.0.0.1",
      user_agent: "Firefox",
    },
  ],
  user_tokens: [
    {
      id: ID,
      user_id: ID,
      purpose: "reset",
      token_hash: "b".repeat(64),
      expires_at: AT,
      used_at: null,
      created_at: AT,
    },
  ],
  catalog_items: [
    {
      id: ID,
      catalog: "upgrade-test",
      code: "X1",
      sort_order: 1,
      label_es: "Año",
      label_en: "Year",
      label_fr: "Année",
      extra: '{"ec":"1"}',
    },
  ],
  settings: [{ key: "upgrade-test", value: '{"on":true}' }],
  audit_events: [
    {
      id: ID,
      event: "login",
      actor_user_id: ID,
      subject_user_id: ID,
      ip: "10.0.0.1",
      details: '{"ok":1}',
      created_at: AT,
    },
  ],
  rate_limits: [{ key: "login:10.0.0.1", window_start: AT, count: 3 }],
  used_captchas: [{ signature: "c".repeat(64), expires_at: AT }],
  students: [
    {
      id: ID,
      family_user_id: ID,
      student_name: "Lucía Núñez",
      document_number: "1710034065",
      is_test_data: 0,
      created_at: AT,
      updated_at: AT,
    },
  ],
  enrollment_files: [
    {
      id: ID,
      student_id: ID,
      school_year_id: 2031,
      is_new_student: 1,
      status: "sent",
      level_code: "EGB2",
      created_at: AT,
      updated_at: AT,
      sent_at: AT,
    },
  ],
  enrollment_steps: [{ file_id: ID, step: "studentFile", data: '{"names":"Lucía"}', completed_at: AT, updated_at: AT }],
  uploads: [
    {
      id: ID,
      family_user_id: ID,
      file_id: ID,
      kind: "identityDocument",
      original_name: "cédula.pdf",
      content_type: "application/pdf",
      size: 877,
      sha256: "d".repeat(64),
      storage_key: "upgradeTestKey0000000000.pdf",
      created_at: AT,
    },
  ],
  requests: [
    {
      id: ID,
      code: "INS-2031-009001",
      user_id: ID,
      file_id: ID,
      school_year_id: 2031,
      request_status: "InProcess",
      photo_status: "rejected",
      is_test_data: 0,
      url_file: null,
      created_at: AT,
      updated_at: AT,
      student_name: "Lucía Núñez Peña",
      student_sort_name: "lucia nunez pena",
      student_document: "1710034065",
      level_code: "EGB2",
      is_new_student: 1,
      first_representative_name: "José María Núñez Peña",
      first_representative_document: "1710034073",
      second_representative_name: "",
      second_representative_document: "",
      first_representative_sort_name: "jose maria nunez pena",
      second_representative_sort_name: "",
      search_text: "lucia nunez pena 1710034065 | jose maria nunez pena 1710034073 # ",
      version: 3,
      correction_message: "Falta la página 2",
      correction_steps: '["studentFile"]',
      internal_review: 1,
      internal_review_note: "Revisar",
      internal_review_by: ID + 1,
      internal_review_at: AT,
      internal_review_resolved_by: null,
      internal_review_resolved_at: null,
      photo_rejection_reason: "Borrosa",
      photo_reviewed_by: ID + 1,
      photo_reviewed_at: AT,
    },
  ],
  request_history: [
    {
      id: ID,
      request_id: ID,
      from_status: "Untreated",
      to_status: "InProcess",
      action: "requestCorrection",
      comment: "Falta la página 2",
      user_id: ID + 1,
      created_at: AT,
    },
  ],
  consents: [
    {
      id: ID,
      user_id: ID,
      file_id: ID,
      subject: "dataProcessing",
      text_version: "2025-01",
      accepted: 1,
      ip: "10.0.0.1",
      created_at: AT,
    },
  ],
};

/** How each table's rows are told apart. */
const KEYS: Record<string, string[]> = {
  sessions: ["id"],
  settings: ["key"],
  rate_limits: ["key"],
  used_captchas: ["signature"],
  enrollment_steps: ["file_id", "step"],
};

let own: OwnDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  own = await createOwnDatabase("upgrade");
  handle = openDatabase({ databaseUrl: own.databaseUrl, dataDir: own.dataDir });
});
afterAll(async () => {
  await handle?.close();
  await own?.drop();
});

// biome-ignore lint/suspicious/noExplicitAny: the rows belong to an older schema than the `Database` type.
const anyDb = () => handle.db as unknown as Kysely<any>;

async function readBack(table: string, row: Record<string, unknown>) {
  let query = anyDb().selectFrom(table).select(Object.keys(row));
  for (const key of KEYS[table] ?? ["id"]) query = query.where(key, "=", row[key]);
  return query.execute();
}

async function listVersion(): Promise<number> {
  const row = await anyDb().selectFrom("request_list_version").select("version").executeTakeFirstOrThrow();
  return Number(row.version);
}

describe("upgrading from the previous release's schema", () => {
  it(`keeps the data of a database at ${PREVIOUS_RELEASE} through every newer migration`, async () => {
    const names = Object.keys(MIGRATIONS);
    expect(names).toContain(PREVIOUS_RELEASE);
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
    const first = await migrator.migrateTo(PREVIOUS_RELEASE);
    expect(first.error).toBeUndefined();

    for (const [table, rows] of Object.entries(ROWS)) await anyDb().insertInto(table).values(rows).execute();
    const versionBefore = await listVersion();

    await migrateToLatest(handle.db);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
    expect(applied.rows.map((row) => row.name)).toEqual(names);

    for (const [table, rows] of Object.entries(ROWS)) {
      for (const row of rows) {
        const found = await readBack(table, row);
        expect(found, table).toHaveLength(1);
        expect(found[0], table).toEqual(row);
      }
    }

    // The upgraded database works with today's code: the old account is found, a new one is
    // written, and a change to an old request still moves the staff lists' version.
    expect(await findUserByEmail(handle.db, "familia@upgrade.test")).toMatchObject({ id: ID, names: "José María" });
    const newId = await insertUser(handle.db, {
      email: "nuevo@upgrade.test",
      passwordHash: "x",
      firstSurname: "Nuevo",
      secondSurname: "",
      names: "Nuevo",
      phone: "",
      language: "es",
      role: "User",
      activated: true,
    });
    expect(newId).not.toBe(ID);
    await anyDb().updateTable("requests").set({ request_status: "Validated" }).where("id", "=", ID).execute();
    expect(await listVersion()).toBeGreaterThan(versionBefore);

    // The start's seed (bootstrap.ts) gives the old year the portal's texts as version 1 of its
    // documents (docs/rules/documents.md "The school's own documents"): what families read is unchanged.
    await seedSchoolDocuments(handle.db, handle.engine);
    await seedSchoolDocuments(handle.db, handle.engine);
    const documents = await handle.db
      .selectFrom("school_documents")
      .innerJoin("school_document_versions", "school_document_versions.document_id", "school_documents.id")
      .select(["key", "number", "published_at", "body_es", "body_fr", "title_en"])
      .where("school_year_id", "=", 2031)
      .orderBy("position")
      .execute();
    expect(documents.map((row) => [row.key, row.number])).toEqual(BUILT_IN_DOCUMENTS.map((key) => [key, 1]));
    expect(documents.every((row) => row.published_at !== null)).toBe(true);
    expect(documents[0]).toMatchObject({
      body_es: builtInTemplate("contract", "es").body,
      body_fr: builtInTemplate("contract", "fr").body,
      title_en: builtInTemplate("contract", "en").title,
    });
  });
});
