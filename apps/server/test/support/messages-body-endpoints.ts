import { messageAudienceQuerySchema, messageSendSchema } from "@portal/shared/schemas/messages";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import type { TestApp } from "./test-app.ts";

/** A well-formed message to the families of one level's requests (the level is this spec's own). */
export const validMessage = {
  audience: { source: "requests", filters: { level: "CP", q: "nobody-bad-input" } },
  includeTestAccounts: false,
  texts: { mode: "same", text: { subject: "Reunión de padres", body: "Estimadas familias:\n\nLes esperamos." } },
};

/**
 * Messages to families: a refused body sends nothing and audits nothing. The fuzz never sends a
 * valid body (it would queue e-mails to the families of the shared test database).
 */
export async function messageBodyEndpoints(
  t: TestApp,
  secretaria: { id: number; cookie: string },
): Promise<BodyEndpoint[]> {
  const state = async () => ({
    messages: await t.ctx.db.selectFrom("messages").select("id").orderBy("id").execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", secretaria.id).execute(),
  });
  return [
    {
      name: "messages/audience",
      method: "POST",
      url: "/api/messages/audience",
      cookie: secretaria.cookie,
      valid: { audience: validMessage.audience, includeTestAccounts: false },
      textFields: [],
      state,
      harmless: (body) => !messageAudienceQuerySchema.safeParse(body).success,
    },
    {
      name: "messages",
      method: "POST",
      url: "/api/messages",
      cookie: secretaria.cookie,
      valid: validMessage,
      textFields: [],
      state,
      harmless: (body) => !messageSendSchema.safeParse(body).success,
    },
  ];
}
