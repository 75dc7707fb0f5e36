import { randomUUID } from "node:crypto";
import {
  catalogItemCreateSchema,
  catalogItemRenameSchema,
  catalogItemStateSchema,
  catalogOrderSchema,
} from "@portal/shared/schemas/catalog-admin";
import { emailTextResetSchema, emailTextSaveSchema } from "@portal/shared/schemas/email-texts";
import {
  fileSettingsUpdateSchema,
  templateCreateSchema,
  templateUpdateSchema,
} from "@portal/shared/schemas/file-settings";
import { constantsInputSchema, identityInputSchema, noticesInputSchema } from "@portal/shared/schemas/general-settings";
import { DEFAULT_REMINDER_RULES, reminderSettingsInputSchema } from "@portal/shared/schemas/reminders";
import {
  schoolYearCreateSchema,
  schoolYearUpdateSchema,
  schoolYearWindowSchema,
} from "@portal/shared/schemas/school-years";
import { statusTextResetSchema, statusTextSaveSchema } from "@portal/shared/schemas/status-texts";
import { insertPastYear } from "./enrollment.ts";
import { call, type TestApp } from "./test-app.ts";

type Body = Record<string, unknown>;

/** One endpoint that takes a body, called the way an allowed caller would. */
export interface BodyEndpoint {
  name: string;
  method: "POST" | "PUT" | "PATCH";
  url: string;
  /** The route pattern, where the URL's ids do not map back to it by themselves. */
  route?: string;
  cookie?: string;
  /** A well-formed body (it may still fail a business rule, e.g. an unknown token). */
  valid: Body;
  /** Single-line text fields: control characters must come back as a field error. */
  textFields: string[];
  /** What a refused request must leave exactly as it was. */
  state: () => Promise<unknown>;
  /** Bodies the fuzz must not send (they would change state shared with other spec files). */
  harmless?: (body: unknown) => boolean;
}

type Admin = { id: number; cookie: string };

/**
 * The Settings endpoints (files, templates, status texts, catalogues, school years,
 * general), each on rows of the bad-input spec's own. Settings are school-wide: the fuzz sends
 * none of them a valid body, and a refused one leaves their rows and the Admin's audit trail as
 * they were.
 */
export async function settingsBodyEndpoints(t: TestApp, admin: Admin): Promise<BodyEndpoint[]> {
  // Settings › Files: a template of this spec's own to edit.
  const templateBody = { step: "terms", titleEs: "Reglamento", titleEn: "Regulations", titleFr: "Règlement" };
  const template = (
    await call(t, { method: "POST", url: "/api/settings/file-templates", cookie: admin.cookie, payload: templateBody })
  ).json() as { id: number; version: number };
  return [
    {
      name: "settings/files",
      method: "PUT",
      url: "/api/settings/files",
      cookie: admin.cookie,
      valid: { kinds: [{ kind: "identityDocument", maxBytes: 5 * 1024 * 1024, types: ["pdf"], version: 1 }] },
      textFields: [],
      state: async () => ({
        limits: await t.ctx.db.selectFrom("upload_limits").selectAll().orderBy("kind").execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
      // Limits are school-wide: the fuzz sends only invalid ones.
      harmless: (body) => !fileSettingsUpdateSchema.safeParse(body).success,
    },
    {
      name: "settings/file-templates",
      method: "POST",
      url: "/api/settings/file-templates",
      cookie: admin.cookie,
      valid: templateBody,
      textFields: ["titleEs", "titleEn", "titleFr"],
      state: async () => ({
        templates: await t.ctx.db.selectFrom("file_templates").selectAll().orderBy("id").execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
      // Templates are shown to every family: the fuzz sends only invalid ones.
      harmless: (body) => !templateCreateSchema.safeParse(body).success,
    },
    {
      name: "settings/file-templates/:id",
      method: "PUT",
      url: `/api/settings/file-templates/${template.id}`,
      route: "PUT /api/settings/file-templates/:id",
      cookie: admin.cookie,
      valid: { ...templateBody, version: template.version },
      textFields: ["titleEs", "titleEn", "titleFr"],
      state: async () => ({
        template: await t.ctx.db.selectFrom("file_templates").selectAll().where("id", "=", template.id).execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
      harmless: (body) => !templateUpdateSchema.safeParse(body).success,
    },
    {
      name: "status text",
      method: "PUT",
      url: "/api/settings/status-texts/Cancelled",
      route: "PUT /api/settings/status-texts/:status",
      cookie: admin.cookie,
      valid: {
        expectedVersion: 1,
        labelEs: "Anulada",
        labelEn: "Annulled",
        labelFr: "Annulée",
        explanationEs: "",
        explanationEn: "",
        explanationFr: "",
      },
      textFields: ["labelEs", "labelEn", "labelFr", "explanationEs", "explanationEn", "explanationFr"],
      state: async () => ({
        texts: await t.ctx.db.selectFrom("status_texts").selectAll().where("status", "=", "Cancelled").execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
      // Status words show on every list and e-mail: the fuzz sends only invalid bodies.
      harmless: (body) => !statusTextSaveSchema.safeParse(body).success,
    },
    {
      name: "status text reset",
      method: "POST",
      url: "/api/settings/status-texts/Cancelled/reset",
      route: "POST /api/settings/status-texts/:status/reset",
      cookie: admin.cookie,
      valid: { expectedVersion: 1 },
      textFields: [],
      state: async () => ({
        texts: await t.ctx.db.selectFrom("status_texts").selectAll().where("status", "=", "Cancelled").execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
      harmless: (body) => !statusTextResetSchema.safeParse(body).success,
    },
    ...emailTextEndpoints(t, admin),
    ...(await catalogEndpoints(t, admin)),
    ...(await schoolYearEndpoints(t, admin)),
    ...(await generalSettingsEndpoints(t, admin)),
  ];
}

/**
 * Settings › General: the per-year sections on a past year of this spec's own; the
 * fuzz never sends a valid body (the identity is school-wide), and a refused one leaves the
 * settings rows and the Admin's audit trail as they were.
 */
async function generalSettingsEndpoints(t: TestApp, admin: Admin): Promise<BodyEndpoint[]> {
  const yearId = await insertPastYear(t);
  const state = async () => ({
    settings: await t.ctx.db
      .selectFrom("settings")
      .selectAll()
      .where((eb) => eb.or([eb("key", "=", "identity"), eb("key", "like", `year.${yearId}.%`)]))
      .execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
  });
  const common = { cookie: admin.cookie, state };
  const notice = { es: "", en: "", fr: "" };
  return [
    {
      name: "general identity",
      method: "PUT",
      url: "/api/settings/general/identity",
      // A stale version: well-formed, refused with 409, so the school's name never changes here.
      valid: { schoolName: "Colegio Fuzz", primaryColor: "#1c6bb0", version: 2_000_000_000 },
      textFields: ["schoolName"],
      harmless: (body) => !identityInputSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "general constants",
      method: "PUT",
      url: `/api/settings/general/years/${yearId}/constants`,
      route: "PUT /api/settings/general/years/:schoolYearId/constants",
      valid: {
        discountPercent: 10,
        discountChildren: 3,
        contractSigningHours: 2,
        schoolDayExit: "16:00",
        middayBreakFrom: "11:45",
        middayBreakTo: "12:45",
        version: 0,
      },
      textFields: [],
      harmless: (body) => !constantsInputSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "general notices",
      method: "PUT",
      url: `/api/settings/general/years/${yearId}/notices`,
      route: "PUT /api/settings/general/years/:schoolYearId/notices",
      valid: { print: notice, discount: notice, contract: notice, version: 0 },
      textFields: [],
      harmless: (body) => !noticesInputSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "reminders",
      method: "PUT",
      url: "/api/settings/reminders",
      // A stale version: well-formed, refused with 409, so no reminder is switched on here.
      valid: { ...DEFAULT_REMINDER_RULES, version: 2_000_000_000 },
      textFields: [],
      harmless: (body) => !reminderSettingsInputSchema.safeParse(body).success,
      cookie: admin.cookie,
      state: async () => ({
        settings: await t.ctx.db.selectFrom("settings").selectAll().where("key", "=", "reminders").execute(),
        audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
      }),
    },
  ];
}

/**
 * Settings › School year: a past year of this spec's own; the fuzz never sends a valid
 * body (a new year or new windows would show in the other spec files' year lists), and a refused
 * one leaves the year, its settings and the Admin's audit trail as they were.
 */
async function schoolYearEndpoints(t: TestApp, admin: Admin): Promise<BodyEndpoint[]> {
  const yearId = await insertPastYear(t);
  const state = async () => ({
    // A year created by mistake would show in the Admin's audit trail (schoolYear.created).
    year: await t.ctx.db.selectFrom("school_years").selectAll().where("id", "=", yearId).execute(),
    settings: await t.ctx.db.selectFrom("settings").selectAll().where("key", "like", `year.${yearId}.%`).execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
  });
  const common = { cookie: admin.cookie, state };
  return [
    {
      name: "school year",
      method: "POST",
      url: "/api/settings/school-years",
      valid: { label: "2090-2091", startsOn: "2090-09-01", endsOn: "2091-07-01" },
      textFields: ["label"],
      harmless: (body) => !schoolYearCreateSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "school year edit",
      method: "PUT",
      url: `/api/settings/school-years/${yearId}`,
      route: "PUT /api/settings/school-years/:id",
      valid: { version: 1, startsOn: "1999-09-01", endsOn: "2000-07-01", levelsOffered: ["CP"] },
      textFields: [],
      harmless: (body) => !schoolYearUpdateSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "school year window",
      method: "PUT",
      url: `/api/settings/school-years/${yearId}/windows/new`,
      route: "PUT /api/settings/school-years/:id/windows/:kind",
      valid: { version: 1, opensOn: "1999-03-01", closesOn: "1999-06-30" },
      textFields: [],
      harmless: (body) => !schoolYearWindowSchema.safeParse(body).success,
      ...common,
    },
  ];
}

/**
 * Settings › Catalogues: an entry of this spec's own; the fuzz never sends a valid body
 * (it would change a list the other spec files read), and a refused one leaves the entry and the
 * Admin's audit trail as they were.
 */
async function catalogEndpoints(t: TestApp, admin: Admin): Promise<BodyEndpoint[]> {
  const created = await call(t, {
    method: "POST",
    url: "/api/catalogs/civilStatus/items",
    cookie: admin.cookie,
    payload: { labels: { es: `Fuzz ${randomUUID()}`, en: `Fuzz ${randomUUID()}`, fr: `Fuzz ${randomUUID()}` } },
  });
  const item = created.json() as { id: number; version: number };
  const state = async () => ({
    item: await t.ctx.db.selectFrom("catalog_items").selectAll().where("id", "=", item.id).execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
  });
  const labels = { es: "Pareja", en: "Partner", fr: "Partenaire" };
  const common = { cookie: admin.cookie, textFields: [], state };
  return [
    {
      name: "catalog item",
      method: "POST",
      url: "/api/catalogs/civilStatus/items",
      route: "POST /api/catalogs/:name/items",
      valid: { labels },
      harmless: (body) => !catalogItemCreateSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "catalog rename",
      method: "PUT",
      url: `/api/catalogs/civilStatus/items/${item.id}`,
      route: "PUT /api/catalogs/:name/items/:id",
      valid: { labels, version: item.version },
      harmless: (body) => !catalogItemRenameSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "catalog state",
      method: "PUT",
      url: `/api/catalogs/civilStatus/items/${item.id}/state`,
      route: "PUT /api/catalogs/:name/items/:id/state",
      valid: { disabled: true, version: item.version },
      harmless: (body) => !catalogItemStateSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "catalog order",
      method: "PUT",
      url: "/api/catalogs/civilStatus/order",
      route: "PUT /api/catalogs/:name/order",
      valid: { items: [{ id: item.id, version: item.version }] },
      harmless: (body) => !catalogOrderSchema.safeParse(body).success,
      ...common,
    },
  ];
}

/**
 * Settings › E-mail texts. The fuzz sends only invalid bodies to the save and the reset: a saved
 * text would change the mails other specs read. The passwordChanged e-mail in French is used by
 * no other spec.
 */
function emailTextEndpoints(t: TestApp, admin: Admin): BodyEndpoint[] {
  const url = "/api/settings/email-texts/passwordChanged/fr";
  const state = async () => ({
    texts: await t.ctx.db.selectFrom("email_texts").selectAll().where("template", "=", "passwordChanged").execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
  });
  const draft = { subject: "Mot de passe changé", body: "Bonjour {{name}},\n\nVotre mot de passe a changé." };
  return [
    {
      name: "e-mail text",
      method: "PUT",
      url,
      route: "PUT /api/settings/email-texts/:id/:language",
      cookie: admin.cookie,
      valid: { ...draft, expectedVersion: 1 },
      textFields: ["subject", "body"],
      state,
      harmless: (body) => !emailTextSaveSchema.safeParse(body).success,
    },
    {
      name: "e-mail text reset",
      method: "POST",
      url: `${url}/reset`,
      route: "POST /api/settings/email-texts/:id/:language/reset",
      cookie: admin.cookie,
      valid: { expectedVersion: 1 },
      textFields: [],
      state,
      harmless: (body) => !emailTextResetSchema.safeParse(body).success,
    },
    {
      name: "e-mail text preview",
      method: "POST",
      url: `${url}/preview`,
      route: "POST /api/settings/email-texts/:id/:language/preview",
      cookie: admin.cookie,
      valid: draft,
      textFields: ["subject", "body"],
      // A preview changes nothing: any body may be sent.
      state,
    },
  ];
}
