import type { Db } from "../../db/database.ts";

/**
 * A candidate's birth date from the representative's record, when the portal has it: the
 * representative steps (first or second) of the household's files whose e-mail is the account's.
 * The tie rule needs it (docs/rules/elections.md, the count); the latest saved step wins.
 */
export async function recordedBirthDates(db: Db, userIds: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (userIds.length === 0) return found;
  const rows = await db
    .selectFrom("users as u")
    .innerJoin("students as s", (join) =>
      join.on((eb) => eb("s.family_user_id", "=", eb.fn.coalesce("u.household_owner_id", "u.id"))),
    )
    .innerJoin("enrollment_files as f", "f.student_id", "s.id")
    .innerJoin("enrollment_steps as e", "e.file_id", "f.id")
    .select(["u.id", "u.email", "e.data"])
    .where("u.id", "in", userIds)
    .where("e.step", "in", ["firstRepresentative", "secondRepresentative"])
    .orderBy("e.updated_at")
    .execute();
  for (const row of rows) {
    const data = parse(row.data);
    const email = typeof data.email === "string" ? data.email.trim().toLowerCase() : "";
    if (
      email === row.email.toLowerCase() &&
      typeof data.birthDate === "string" &&
      /^\d{4}-\d{2}-\d{2}$/.test(data.birthDate)
    ) {
      found.set(row.id, data.birthDate);
    }
  }
  return found;
}

function parse(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
