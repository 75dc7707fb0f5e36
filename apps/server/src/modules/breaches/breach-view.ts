import {
  AUTHORITY_WORKING_DAYS,
  type BreachClock,
  breachClock,
  FAMILIES_WORKING_DAYS,
} from "@portal/shared/rules/breach-clocks";
import type { BreachDataCategory, BreachDetail, BreachFamily, BreachSummary } from "@portal/shared/schemas/breaches";
import { schoolLocalTime } from "../audit/school-time.ts";
import type { BreachRow, FamilyRow } from "./breaches.repository.ts";

/** The school's calendar day at `now` (America/Guayaquil): the day the clocks count from and to. */
export function schoolToday(now: Date): string {
  return schoolLocalTime(now.toISOString()).slice(0, 10);
}

/** The two clocks of a breach as of `today`; the families' only when their rights are at risk. */
export function clocksOf(row: BreachRow, today: string): { authority: BreachClock; families: BreachClock | null } {
  const discoveredOn = row.discovered_at.slice(0, 10);
  const familiesDoneOn = row.families_notified_at ? schoolLocalTime(row.families_notified_at).slice(0, 10) : null;
  return {
    authority: breachClock(discoveredOn, AUTHORITY_WORKING_DAYS, today, row.authority_notified_on),
    families: row.rights_at_risk === 1 ? breachClock(discoveredOn, FAMILIES_WORKING_DAYS, today, familiesDoneOn) : null,
  };
}

export function summaryOf(row: BreachRow, today: string): BreachSummary {
  const clocks = clocksOf(row, today);
  const closed = clocks.authority.doneOn !== null && (clocks.families === null || clocks.families.doneOn !== null);
  return {
    id: row.id,
    title: row.title,
    discoveredAt: row.discovered_at,
    state: closed ? "closed" : "open",
    ...clocks,
  };
}

export function familyOf(row: FamilyRow): BreachFamily {
  return { id: row.id, name: [row.names, row.first_surname].filter(Boolean).join(" "), email: row.email };
}

export function categoriesOf(row: BreachRow): BreachDataCategory[] {
  return JSON.parse(row.categories) as BreachDataCategory[];
}

export function detailOf(row: BreachRow, families: FamilyRow[], today: string): BreachDetail {
  return {
    ...summaryOf(row, today),
    description: row.description,
    occurredAt: row.occurred_at,
    categories: categoriesOf(row),
    familyScope: row.family_scope as BreachDetail["familyScope"],
    selectedFamilies: families.map(familyOf),
    schoolYearId: row.school_year_id,
    rightsAtRisk: row.rights_at_risk === 1,
    measures: row.measures,
    contact: row.contact,
    authorityNotifiedOn: row.authority_notified_on,
    authorityReference: row.authority_reference,
    familiesNotifiedAt: row.families_notified_at,
    version: row.version,
  };
}
