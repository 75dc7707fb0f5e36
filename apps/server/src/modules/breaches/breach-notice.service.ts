import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import type {
  BreachNotice,
  BreachReportRow,
  breachNoticeSaveSchema,
  breachNoticeSendSchema,
} from "@portal/shared/schemas/breaches";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError, conflict } from "../../lib/errors.ts";
import { draftBreachNotice, type NoticeText, renderBreachNotice } from "../../mail/breach-notice.ts";
import { queueMail } from "../../mail/outbox.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { categoriesOf } from "./breach-view.ts";
import {
  type BreachRow,
  type FamilyRow,
  familyAccounts,
  insertNotice,
  noticeDeliveries,
  schoolYearFamilies,
  selectedFamilies,
  updateBreach,
} from "./breaches.repository.ts";
import { type Actor, breachOrThrow } from "./breaches.service.ts";

/**
 * The families' notice of a breach (LOPDP art. 46; docs/rules/data-protection.md "Breach
 * register"): drafted per language from the incident, edited and saved by the Admin, then queued
 * in the e-mail outbox to every active account of each affected family, in that account's
 * language, in the transaction that closes the families' clock. A mail server that is down loses
 * nothing: the outbox retries; the send report reads each mail's delivery from the outbox.
 */

type Texts = Record<Language, NoticeText>;

async function draftTexts(ctx: AppContext, db: Db, row: BreachRow): Promise<Texts> {
  const school = (await getIdentity(ctx, db)).schoolName;
  const incident = {
    school,
    description: row.description,
    occurredAt: row.occurred_at,
    discoveredAt: row.discovered_at,
    categories: categoriesOf(row),
    measures: row.measures,
    contact: row.contact,
  };
  return Object.fromEntries(LANGUAGE_CODES.map((code) => [code, draftBreachNotice(code, incident)])) as Texts;
}

/** The affected families, as the incident's scope says now. */
function affectedFamilies(db: Db, row: BreachRow): Promise<FamilyRow[]> {
  if (row.family_scope === "selected") return selectedFamilies(db, row.id);
  if (row.family_scope === "schoolYear" && row.school_year_id !== null)
    return schoolYearFamilies(db, row.school_year_id);
  return Promise.resolve([]);
}

/**
 * Each notified family's delivery: not delivered if an e-mail failed or the family had no active
 * account; waiting while one is still in the outbox; "removed" once the retention purge deleted
 * its e-mails (delivered or given up long before); sent otherwise.
 */
async function sendReport(db: Db, breachId: number): Promise<BreachReportRow[]> {
  const rows = new Map<number, BreachReportRow & { statuses: string[] }>();
  for (const delivery of await noticeDeliveries(db, breachId)) {
    const name = [delivery.names, delivery.first_surname].filter(Boolean).join(" ");
    const entry = rows.get(delivery.family_user_id) ?? {
      familyId: delivery.family_user_id,
      name,
      status: "pending" as const,
      recipients: 0,
      statuses: [],
    };
    if (delivery.user_id !== null) entry.recipients += 1;
    const removed = delivery.user_id !== null && delivery.outbox_id === null;
    entry.statuses.push(removed ? "removed" : (delivery.status ?? "failed"));
    rows.set(delivery.family_user_id, entry);
  }
  const statusOf = (statuses: string[]): BreachReportRow["status"] => {
    if (statuses.includes("failed")) return "failed";
    if (statuses.includes("pending")) return "pending";
    return statuses.every((status) => status === "removed") ? "removed" : "sent";
  };
  return [...rows.values()].map(({ statuses, ...row }) => ({ ...row, status: statusOf(statuses) }));
}

export async function getNotice(ctx: AppContext, id: number): Promise<BreachNotice> {
  const row = await breachOrThrow(ctx.db, id);
  const families = await affectedFamilies(ctx.db, row);
  const accounts = await familyAccounts(
    ctx.db,
    families.map((family) => family.id),
  );
  return {
    texts: row.notice_texts ? (JSON.parse(row.notice_texts) as Texts) : await draftTexts(ctx, ctx.db, row),
    saved: row.notice_texts !== null,
    families: families.length,
    recipients: accounts.length,
    sentAt: row.families_notified_at,
    report: await sendReport(ctx.db, id),
    version: row.version,
  };
}

export async function saveNotice(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: z.output<typeof breachNoticeSaveSchema>,
): Promise<BreachNotice> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await breachOrThrow(trx, id);
    if (row.families_notified_at !== null) throw conflict("BREACH_ALREADY_NOTIFIED");
    const changes = { notice_texts: JSON.stringify(input.texts) };
    if (!(await updateBreach(trx, id, input.version, changes, nowIso()))) throw conflict("VERSION_CONFLICT");
    await recordAudit(trx, {
      event: "breach.noticeSaved",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { breachId: id },
    });
  });
  return getNotice(ctx, id);
}

/** Sends the saved notice (the Admin confirmed): one e-mail per account, the clock closed. */
export async function sendNotice(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: z.output<typeof breachNoticeSendSchema>,
): Promise<BreachNotice> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await breachOrThrow(trx, id);
    if (row.families_notified_at !== null) throw conflict("BREACH_ALREADY_NOTIFIED");
    if (row.notice_texts === null) throw new AppError(400, "BREACH_NOTICE_NOT_SAVED");
    const families = await affectedFamilies(trx, row);
    if (families.length === 0) throw new AppError(400, "BREACH_NO_FAMILIES");
    const now = nowIso();
    if (!(await updateBreach(trx, id, input.version, { families_notified_at: now }, now))) {
      throw conflict("VERSION_CONFLICT");
    }
    const texts = JSON.parse(row.notice_texts) as Texts;
    const accounts = await familyAccounts(
      trx,
      families.map((family) => family.id),
    );
    let emails = 0;
    for (const family of families) {
      const own = accounts.filter((account) => (account.household_owner_id ?? account.id) === family.id);
      // A family with no active account is reported as not reached: the office must reach it otherwise.
      if (own.length === 0) {
        await insertNotice(trx, { breachId: id, familyId: family.id, userId: null, outboxId: null, language: "", now });
      }
      for (const account of own) {
        const language = isLanguage(account.language) ? account.language : DEFAULT_LANGUAGE;
        const { to, subject, text, html } = renderBreachNotice(language, account.email, texts[language]);
        const outboxId = await queueMail(ctx, trx, {
          kind: "breachNotice",
          userId: account.id,
          to,
          subject,
          text,
          html,
        });
        await insertNotice(trx, { breachId: id, familyId: family.id, userId: account.id, outboxId, language, now });
        emails += 1;
      }
    }
    await recordAudit(trx, {
      event: "breach.familiesNotified",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { breachId: id, families: families.length, emails },
    });
  });
  ctx.outbox.kick();
  return getNotice(ctx, id);
}
