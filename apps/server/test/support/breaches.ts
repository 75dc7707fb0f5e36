import { call, createUser, type TestApp } from "./test-app.ts";

/** A valid new breach: discovered on Monday 7 December 2026, rights at risk, no family yet. */
export function breachBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Lost USB stick",
    description: "A staff USB stick with enrollment exports was lost on the bus.",
    occurredAt: "2026-12-07T08:00",
    discoveredAt: "2026-12-07T10:30",
    categories: ["identity", "minors"],
    familyScope: "none",
    familyIds: [],
    schoolYearId: null,
    rightsAtRisk: true,
    measures: "Passwords of the exports changed.",
    contact: "dpo@school.test",
    ...overrides,
  };
}

export async function recordBreach(t: TestApp, cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await call(t, { method: "POST", url: "/api/breaches", cookie, payload: breachBody(overrides) });
  if (response.statusCode !== 201) throw new Error(`breach not recorded: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; version: number };
}

/** A family account (and, if asked, a second parent's account in its household), each in its language. */
export async function familyWith(t: TestApp, language: string, secondParentLanguage?: string) {
  const owner = await createUser(t, { role: "User", language });
  let second: Awaited<ReturnType<typeof createUser>> | null = null;
  if (secondParentLanguage) {
    second = await createUser(t, { role: "User", language: secondParentLanguage });
    await t.ctx.db.updateTable("users").set({ household_owner_id: owner.id }).where("id", "=", second.id).execute();
  }
  return { owner, second };
}
