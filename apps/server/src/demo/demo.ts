import type { Language } from "@portal/shared/languages";
import type { Role } from "@portal/shared/roles";
import { schoolDay } from "@portal/shared/rules/school-year-windows";
import type { Db } from "../db/database.ts";
import { insertUser } from "../kernel/accounts.ts";
import type { PasswordHasher } from "../modules/auth/passwords.ts";
import { demoCalendar } from "./demo-calendar.ts";

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
 * The demo school (embedded default only, never in production): two school years, last year and
 * the current one (2024-2025 and 2025-2026 when written, moved to the day of seeding), the current
 * one's two enrollment windows open, and one account per role. Ids 10 and 11 follow the spec's
 * state default (schoolYearSelected 10). Runs once, on an empty database.
 */
export async function seedDemo(db: Db, hasher: PasswordHasher, now = new Date()): Promise<boolean> {
  const anyUser = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (anyUser) return false;
  const anyYear = await db.selectFrom("school_years").select("id").limit(1).executeTakeFirst();
  if (!anyYear) {
    // The calendar follows the day the demo is seeded (demo-calendar.ts): the current year is the
    // one in progress or about to start, and its two windows run from a month before that day to
    // its last school day, inside the range the Admin's screen accepts (docs/rules/operations.md "Upgrades and the demo").
    const calendar = demoCalendar(schoolDay(now));
    await db
      .insertInto("school_years")
      .values([
        {
          id: 10,
          label: calendar.past.label,
          starts_on: calendar.past.startsOn,
          ends_on: calendar.past.endsOn,
          is_current: 0,
          enrollment_open: 0,
          new_opens_on: null,
          new_closes_on: null,
          re_opens_on: null,
          re_closes_on: null,
        },
        {
          id: 11,
          label: calendar.current.label,
          starts_on: calendar.current.startsOn,
          ends_on: calendar.current.endsOn,
          is_current: 1,
          enrollment_open: 0,
          new_opens_on: calendar.window.opensOn,
          new_closes_on: calendar.window.closesOn,
          re_opens_on: calendar.window.opensOn,
          re_closes_on: calendar.window.closesOn,
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
