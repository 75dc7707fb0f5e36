import { type Kysely, Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/database.ts";
import { MIGRATIONS, migrateToLatest } from "../src/db/migrate.ts";
import { isUniqueViolation } from "../src/db/unique-violation.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";

/**
 * Migration 0024 on a database where the same child was registered twice before the
 * rule: the oldest keeps the number under the unique index, the later ones are marked as legacy
 * duplicates, and another family's later one is flagged to the staff as an attempt.
 */

const AT = "2025-03-01T10:00:00.000Z";
const X = "1714307103";
const Y = "0962467429";

let own: OwnDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  own = await createOwnDatabase("student_identity");
  handle = openDatabase({ databaseUrl: own.databaseUrl, dataDir: own.dataDir });
});
afterAll(async () => {
  await handle?.close();
  await own?.drop();
});

// biome-ignore lint/suspicious/noExplicitAny: rows of the schema before 0024, not the `Database` type.
const anyDb = () => handle.db as unknown as Kysely<any>;

const family = (id: number) => ({
  id,
  email: `family${id}@identity.test`,
  password_hash: "x",
  first_surname: "Familia",
  second_surname: "",
  names: String(id),
  phone: "",
  language: "es",
  role: "User",
  is_test_data: 0,
  activated_at: AT,
  created_at: AT,
  updated_at: AT,
});
const student = (id: number, familyId: number, documentNumber: string) => ({
  id,
  family_user_id: familyId,
  student_name: `Alumno ${id}`,
  document_number: documentNumber,
  is_test_data: 0,
  created_at: AT,
  updated_at: AT,
});

describe("migration 0024 on a database with duplicate students", () => {
  it("keeps the oldest under the unique index, marks the later ones, flags another family's", async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => MIGRATIONS } });
    expect((await migrator.migrateTo("0022_stored_documents")).error).toBeUndefined();
    const db = anyDb();
    await db
      .insertInto("school_years")
      .values({ id: 7, label: "2025-2026", starts_on: "2025-09-01", ends_on: "2026-07-01", is_current: 1 })
      .execute();
    await db
      .insertInto("users")
      .values([family(801), family(802)])
      .execute();
    await db
      .insertInto("students")
      .values([
        student(901, 801, X),
        student(902, 802, X), // another family's child with the same cédula
        student(903, 801, Y),
        student(904, 801, Y), // the same family twice
        student(905, 801, ""),
        student(906, 802, ""),
      ])
      .execute();
    await db
      .insertInto("enrollment_files")
      .values({
        id: 950,
        student_id: 902,
        school_year_id: 7,
        is_new_student: 1,
        status: "sent",
        created_at: AT,
        updated_at: AT,
      })
      .execute();

    await migrateToLatest(handle.db);

    const rows = await db.selectFrom("students").select(["id", "legacy_duplicate"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: 901, legacy_duplicate: 0 },
      { id: 902, legacy_duplicate: 1 },
      { id: 903, legacy_duplicate: 0 },
      { id: 904, legacy_duplicate: 1 },
      { id: 905, legacy_duplicate: 0 },
      { id: 906, legacy_duplicate: 0 },
    ]);
    const attempts = await db
      .selectFrom("duplicate_student_attempts")
      .select(["student_id", "family_user_id", "attempted_file_id", "attempts", "first_at", "last_at"])
      .execute();
    expect(attempts).toEqual([
      { student_id: 901, family_user_id: 802, attempted_file_id: 950, attempts: 1, first_at: AT, last_at: AT },
    ]);

    // From now on the number is unique: a third student with it is refused by the database.
    const third = await db
      .insertInto("students")
      .values(student(907, 802, X))
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(third)).toBe(true);

    // And the migration goes back down and up again.
    expect((await migrator.migrateTo("0022_stored_documents")).error).toBeUndefined();
    await migrateToLatest(handle.db);
  });
});
