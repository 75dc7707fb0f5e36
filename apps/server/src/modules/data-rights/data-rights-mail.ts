import { DEFAULT_LANGUAGE, isLanguage } from "@portal/shared/languages";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { renderDataRightsClosed } from "../../mail/data-rights-closed.ts";
import { queueMail } from "../../mail/outbox.ts";
import { publicLink } from "../auth/links.ts";
import { schoolDate } from "../dashboard/school-days.ts";
import { getIdentity } from "../settings/identity.service.ts";
import type { RequestRow } from "./data-rights.repository.ts";

/** The family's requests page, where the answer stays readable. */
export const FAMILY_REQUESTS_PATH = "/portal/account/data-rights";

/**
 * Queues the "answered" or "refused" e-mail to the account that filed the request, in its
 * language, in `trx`: the transaction that closes the request. The answer is saved whatever the
 * mail server does; the outbox delivers (and retries) after the commit.
 */
export async function queueDataRightsClosed(ctx: AppContext, trx: Db, row: RequestRow): Promise<void> {
  const language = isLanguage(row.filed_language) ? row.filed_language : DEFAULT_LANGUAGE;
  const [year, month, day] = schoolDate(new Date(row.filed_at)).split("-");
  const { to, subject, text, html } = renderDataRightsClosed({
    language,
    to: row.filed_email,
    name: [row.filed_names, row.filed_surname].filter(Boolean).join(" "),
    school: (await getIdentity(ctx, trx)).schoolName,
    id: row.id,
    kind: row.kind,
    about: row.subject === "student" ? (row.student_name ?? null) : null,
    filed: `${day}/${month}/${year}`,
    outcome: row.state === "refused" ? "refused" : "answered",
    message: row.answer ?? "",
    link: publicLink(ctx, FAMILY_REQUESTS_PATH),
  });
  await queueMail(ctx, trx, { kind: "dataRightsClosed", userId: row.filed_by, to, subject, text, html });
}
