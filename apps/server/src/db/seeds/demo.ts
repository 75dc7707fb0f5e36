import type { Language } from "@portal/shared/languages";
import type { Role } from "@portal/shared/roles";
import { addMonths, schoolDay } from "@portal/shared/rules/school-year-windows";
import type { PasswordHasher } from "../../modules/auth/passwords.ts";
import { insertUser } from "../../modules/users/users.repository.ts";
import type { Db } from "../database.ts";

export const DEMO_PASSWORD = "demo-portal-2025";

export const DEMO_ACCOUNTS: {
  email: string;
  role: Role;
  names: string;
  firstSurname: string;
  language?: Language;
}[] = [
  { email: "admin@demo.local", role: "Admin", names: "Andrea", firstSurname: "Administradora" },
  { email: "secretaria@demo.local", role: "Secretaria", names: "Sofía", firstSurname: "Secretaria" },
  { email: "consulta@demo.local", role: "Consulta", names: "Carlos", firstSurname: "Consulta" },
  { email: "editor@demo.local", role: "Editor", names: "Elena", firstSurname: "Editora" },
  { email: "prueba@demo.local", role: "Prueba", names: "Pablo", firstSurname: "Prueba" },
  { email: "familia1@demo.local", role: "User", names: "María José", firstSurname: "Andrade" },
  { email: "familia2@demo.local", role: "User", names: "Jean-Pierre", firstSurname: "Dubois", language: "fr" },
  { email: "familia3@demo.local", role: "User", names: "Emily", firstSurname: "Carter", language: "en" },
];

/**
 * The demo school (embedded default only, never in production): the two school years with
 * 2025-2026 current, its two enrollment windows open, and one account per role. Ids 10 and 11 follow the spec's state
 * default (schoolYearSelected 10 = '2024-2025'). Runs once, on an empty database.
 */
export async function seedDemo(db: Db, hasher: PasswordHasher, now = new Date()): Promise<boolean> {
  const anyUser = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (anyUser) return false;
  const anyYear = await db.selectFrom("school_years").select("id").limit(1).executeTakeFirst();
  if (!anyYear) {
    // Issue #9: the current year's two windows run from a month before the day the demo is seeded
    // to a year after it, so the demo enrolls whenever it is tried (its calendar is fixed; the
    // Admin's screen would refuse a window closing after the last school day, docs/decisions.md).
    const today = schoolDay(now);
    const window = { opens: addMonths(today, -1), closes: addMonths(today, 12) };
    await db
      .insertInto("school_years")
      .values([
        {
          id: 10,
          label: "2024-2025",
          starts_on: "2024-09-02",
          ends_on: "2025-07-04",
          is_current: 0,
          enrollment_open: 0,
          new_opens_on: null,
          new_closes_on: null,
          re_opens_on: null,
          re_closes_on: null,
        },
        {
          id: 11,
          label: "2025-2026",
          starts_on: "2025-09-01",
          ends_on: "2026-07-03",
          is_current: 1,
          enrollment_open: 0,
          new_opens_on: window.opens,
          new_closes_on: window.closes,
          re_opens_on: window.opens,
          re_closes_on: window.closes,
        },
      ])
      .execute();
  }
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    await insertUser(db, {
      email: account.email,
      passwordHash,
      firstSurname: account.firstSurname,
      secondSurname: "",
      names: account.names,
      phone: "+593 99 123 4567",
      language: account.language ?? "es",
      role: account.role,
      activated: true,
    });
  }
  return true;
}
