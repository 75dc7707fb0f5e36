import { sql } from "kysely";
import { isPostgres } from "../database.ts";
import type { AnyDb } from "./schema-helpers.ts";

/*
 * Spec 5 "Duplicates: a record with the same identification or e-mail exists" (docs/rules/enrollment.md
 * "Students: identity, birth date and level"): every save of a representative step and every
 * request page looks up who else gives the same e-mail. A partial index on the e-mail as the lookup
 * reads it (trimmed, lower case, out of the step's JSON) over the two representative steps keeps that
 * one indexed read, not a scan of every step, on both engines. The expression must stay the same as
 * `representativeEmail` in modules/enrollment/representative-emails.repository.ts.
 */

const STEPS = sql`step in ('firstRepresentative', 'secondRepresentative')`;

export async function up(db: AnyDb): Promise<void> {
  const email = isPostgres(db)
    ? sql`lower(btrim((data::jsonb) ->> 'email'))`
    : sql`lower(trim(json_extract(data, '$.email')))`;
  await sql`create index enrollment_steps_representative_email on enrollment_steps (${email}) where ${STEPS}`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index enrollment_steps_representative_email`.execute(db);
}
