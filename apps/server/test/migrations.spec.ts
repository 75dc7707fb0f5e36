import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/database.ts";
import { MIGRATIONS, migrateDownAll, migrateToLatest } from "../src/db/migrate.ts";
import { seedReferenceData } from "../src/db/seeds/reference-data.ts";
import type { Database } from "../src/db/types.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";

/** Every table of the `Database` type: the compiler fails here when a table is added or renamed. */
const TABLES = Object.keys({
  users: true,
  sessions: true,
  user_tokens: true,
  school_years: true,
  catalog_items: true,
  settings: true,
  audit_events: true,
  rate_limits: true,
  used_captchas: true,
  students: true,
  enrollment_files: true,
  enrollment_steps: true,
  uploads: true,
  requests: true,
  consents: true,
  request_list_version: true,
  request_history: true,
  mail_outbox: true,
  status_texts: true,
  email_texts: true,
  upload_limits: true,
  file_templates: true,
  file_template_files: true,
  document_hand_ins: true,
  bue_export_batches: true,
  bue_migrations: true,
  file_documents: true,
  mfa_recovery_codes: true,
  election_positions: true,
  election_organizations: true,
  elections: true,
  election_lists: true,
  election_candidates: true,
  election_ballots: true,
  election_register: true,
  election_pending_ballots: true,
  election_electorate: true,
  election_candidacies: true,
  step_drafts: true,
  duplicate_student_attempts: true,
  household_invitations: true,
  data_exports: true,
  retention_settings: true,
  retention_holds: true,
  retention_runs: true,
  erasure_pending_files: true,
  breaches: true,
  breach_families: true,
  breach_notices: true,
  breach_reminders: true,
  data_rights_requests: true,
  reminder_mails: true,
  reminder_items: true,
  messages: true,
  message_recipients: true,
  reenrollment_campaigns: true,
  campaign_families: true,
  campaign_children: true,
  campaign_links: true,
  campaign_sends: true,
  school_documents: true,
  school_document_versions: true,
  school_document_fees: true,
  file_document_versions: true,
  signing_documents: true,
  signing_signers: true,
  signing_codes: true,
  signing_events: true,
  school_certificates: true,
} satisfies Record<keyof Database, true>) as (keyof Database)[];

let own: OwnDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  own = await createOwnDatabase("migrations");
  handle = openDatabase({ databaseUrl: own.databaseUrl, dataDir: own.dataDir });
});
afterAll(async () => {
  await handle?.close();
  await own?.drop();
});

async function existingTables(): Promise<string[]> {
  const tables = await handle.db.introspection.getTables();
  return tables.map((table) => table.name).filter((name) => !name.startsWith("kysely_"));
}

/** Queries every table; rejects when one is missing. */
async function queryEveryTable(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await handle.db.selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe(`migrations on a fresh database`, () => {
  it("runs on the run's engine", () => {
    expect(handle.engine).toBe(own.engine);
  });

  it("go up, all the way down, and up again", async () => {
    expect(await existingTables()).toEqual([]);

    await migrateToLatest(handle.db);
    expect((await existingTables()).sort()).toEqual([...TABLES].sort());
    expect(Object.values(await queryEveryTable()).every((n) => n === 0)).toBe(true);
    await migrateToLatest(handle.db); // Nothing left to do: a second run is a no-op.

    await migrateDownAll(handle.db);
    expect(await existingTables()).toEqual([]);
    await expect(handle.db.selectFrom("users").select("id").execute()).rejects.toThrow();
    await migrateDownAll(handle.db); // Nothing left to undo.

    await migrateToLatest(handle.db);
    expect((await existingTables()).sort()).toEqual([...TABLES].sort());
    await queryEveryTable();
    const applied = await handle.db
      .selectFrom("kysely_migration" as keyof Database)
      .select(sql<string>`name`.as("name"))
      .execute();
    expect(applied.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it("gives requests the workflow columns of 0005 and takes them away again", async () => {
    await migrateToLatest(handle.db);
    const columnsOf = async (table: string) =>
      (await handle.db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
    const workflow = [
      "version",
      "correction_message",
      "correction_steps",
      "internal_review",
      "internal_review_note",
      "internal_review_by",
      "internal_review_at",
      "internal_review_resolved_by",
      "internal_review_resolved_at",
    ];
    expect(await columnsOf("requests")).toEqual(expect.arrayContaining(workflow));
    expect((await columnsOf("request_history")).sort()).toEqual(
      ["id", "request_id", "from_status", "to_status", "action", "comment", "user_id", "created_at"].sort(),
    );
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
    const down = await migrator.migrateTo("0004_request_lists");
    expect(down.error).toBeUndefined();
    const after = await columnsOf("requests");
    expect(workflow.filter((column) => after.includes(column))).toEqual([]);
    expect(await existingTables()).not.toContain("request_history");
    await migrateToLatest(handle.db);
    expect(await columnsOf("requests")).toEqual(expect.arrayContaining(workflow));
  });

  it("leaves a schema the reference data seeds into, twice without duplicates", async () => {
    await migrateToLatest(handle.db);
    await seedReferenceData(handle.db);
    const first = await queryEveryTable();
    await seedReferenceData(handle.db);
    expect(await queryEveryTable()).toEqual(first);
    expect(first.catalog_items).toBeGreaterThan(200);
    expect(first.school_years).toBe(1);
  });
});
