import type { Db } from "../../db/database.ts";

/** Positions and organizations (Settings › positions, organizations): queries only. */

export async function listPositions(db: Db) {
  return db.selectFrom("election_positions").selectAll().orderBy("sort_order").orderBy("id").execute();
}

export async function positionCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom("election_positions").select("id").where("code", "=", code);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertPosition(
  db: Db,
  values: { code: string; name_es: string; name_en: string; name_fr: string; sort_order: number },
): Promise<number> {
  return (await db.insertInto("election_positions").values(values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updatePosition(
  db: Db,
  id: number,
  values: { code: string; name_es: string; name_en: string; name_fr: string; sort_order: number },
): Promise<boolean> {
  const result = await db.updateTable("election_positions").set(values).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listOrganizations(db: Db) {
  return db.selectFrom("election_organizations").selectAll().orderBy("name").execute();
}

export async function findOrganization(db: Db, id: number) {
  return db.selectFrom("election_organizations").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function organizationNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom("election_organizations").select("id").where("name", "=", name);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertOrganization(
  db: Db,
  values: { name: string; acronym: string | null; description: string | null; created_at: string; updated_at: string },
): Promise<number> {
  return (await db.insertInto("election_organizations").values(values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateOrganization(
  db: Db,
  id: number,
  values: { name: string; acronym: string | null; description: string | null; updated_at: string },
): Promise<boolean> {
  const result = await db.updateTable("election_organizations").set(values).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePosition(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("election_positions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Whether the organization presents (or presented) a list in any election, cancelled ones included. */
export async function organizationHasLists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom("election_lists").select("id").where("organization_id", "=", id).executeTakeFirst();
  return row !== undefined;
}

export async function deleteOrganization(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("election_organizations").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
