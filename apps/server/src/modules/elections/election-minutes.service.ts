import type { Language } from "@portal/shared/languages";
import type { ElectionResult } from "@portal/shared/schemas/elections";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { getIdentity } from "../settings/identity.service.ts";
import type { Actor } from "./election-guards.ts";
import { electionOr404 } from "./election-guards.ts";
import { renderElectionMinutesPdf } from "./election-minutes-pdf.ts";
import { electionResult } from "./elections-admin.service.ts";

/** GET …/minutes: the count's minutes as a PDF in the asked language (after the close only). */
export async function electionMinutes(ctx: AppContext, actor: Actor, id: number, language: Language) {
  const result = (await electionResult(ctx, id)) as ElectionResult;
  const row = await electionOr404(ctx.db, id);
  const year = await ctx.db
    .selectFrom("school_years")
    .select("label")
    .where("id", "=", row.school_year_id)
    .executeTakeFirst();
  const identity = await getIdentity(ctx);
  const title = { es: row.title_es, en: row.title_en, fr: row.title_fr }[language];
  const pdf = await renderElectionMinutesPdf({
    language,
    school: { name: identity.schoolName, accent: identity.primaryColor },
    title,
    body: row.body,
    yearLabel: year?.label ?? "",
    opensAt: row.opens_at,
    closesAt: row.closed_early_at ?? row.closes_at,
    publishedAt: row.published_at,
    closedEarly: row.closed_early_at
      ? { at: row.closed_early_at, announcedClosesAt: row.closes_at, reason: row.closed_early_reason }
      : null,
    generatedAt: new Date().toISOString(),
    result,
  });
  await recordAudit(ctx.db, {
    event: "election.minutesExported",
    actorUserId: actor.userId,
    ip: actor.ip,
    details: { electionId: id, language },
  });
  return { pdf, filename: `election-${id}-minutes-${language}.pdf` };
}
