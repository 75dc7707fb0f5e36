import {
  breachAuthoritySchema,
  breachCreateSchema,
  breachNoticeSaveSchema,
  breachNoticeSendSchema,
  breachUpdateSchema,
} from "@portal/shared/schemas/breaches";
import { breachBody, recordBreach } from "./breaches.ts";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import type { TestApp } from "./test-app.ts";

const noticeTexts = {
  es: { subject: "Aviso", body: "Texto" },
  en: { subject: "Notice", body: "Text" },
  fr: { subject: "Avis", body: "Texte" },
};

/**
 * The breach register's endpoints, on a breach of the bad-input spec's own. A refused body leaves
 * the register and the Admin's audit trail as they were; the fuzz sends none a valid body (a valid
 * one would record or change a breach, which is not what it tests).
 */
export async function breachBodyEndpoints(t: TestApp, admin: { id: number; cookie: string }): Promise<BodyEndpoint[]> {
  const breach = await recordBreach(t, admin.cookie);
  const state = async () => ({
    breaches: await t.ctx.db.selectFrom("breaches").selectAll().orderBy("id").execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
  });
  const common = { cookie: admin.cookie, state } as const;
  return [
    {
      name: "breaches",
      method: "POST",
      url: "/api/breaches",
      valid: breachBody(),
      textFields: ["title"],
      harmless: (body) => !breachCreateSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "breaches/:id",
      method: "PUT",
      url: `/api/breaches/${breach.id}`,
      route: "PUT /api/breaches/:id",
      valid: { ...breachBody(), version: breach.version },
      textFields: ["title"],
      harmless: (body) => !breachUpdateSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "breaches/:id/authority",
      method: "POST",
      url: `/api/breaches/${breach.id}/authority`,
      route: "POST /api/breaches/:id/authority",
      valid: { version: breach.version, notifiedOn: "2026-12-07", reference: "SPDP-1" },
      textFields: ["reference"],
      harmless: (body) => !breachAuthoritySchema.safeParse(body).success,
      ...common,
    },
    {
      name: "breaches/:id/notice",
      method: "PUT",
      url: `/api/breaches/${breach.id}/notice`,
      route: "PUT /api/breaches/:id/notice",
      valid: { version: breach.version, texts: noticeTexts },
      textFields: [],
      harmless: (body) => !breachNoticeSaveSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "breaches/:id/notice/send",
      method: "POST",
      url: `/api/breaches/${breach.id}/notice/send`,
      route: "POST /api/breaches/:id/notice/send",
      valid: { version: breach.version },
      textFields: [],
      harmless: (body) => !breachNoticeSendSchema.safeParse(body).success,
      ...common,
    },
  ];
}
