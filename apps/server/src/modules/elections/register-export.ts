import { PassThrough } from "node:stream";
import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { writeReportFile } from "../reports/report-file.ts";
import { type Actor, electionOr404 } from "./election-guards.ts";
import { registerNames } from "./eligibility.repository.ts";
import { freezeRegisterIfDue } from "./register-freeze.ts";

const CONTENT_TYPES = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
} as const;

/**
 * The register for posting (docs/elections.md "The electorate"): names only, in alphabetical order,
 * never e-mails nor whether someone voted. Before the opening it is the register as it stands (the
 * requests may still change); from the opening, the frozen one. Test accounts are left out. Written
 * with the reports' writer (CSV or XLSX, formulas neutralised). Audited with the number of names.
 */
export async function exportRegister(
  ctx: AppContext,
  actor: Actor,
  id: number,
  format: "csv" | "xlsx",
  lang: Language,
) {
  const row = await freezeRegisterIfDue(ctx, await electionOr404(ctx.db, id));
  const people = await registerNames(ctx.db, row);
  const t = (key: string) => translate(lang, `elections:register.${key}`);
  const out = new PassThrough();
  const rows = people.map((person) => [
    [person.first_surname, person.second_surname].filter(Boolean).join(" "),
    person.names,
  ]);
  async function* batches() {
    yield rows;
  }
  void writeReportFile(
    out,
    format,
    [
      { label: t("surnames"), type: "text" },
      { label: t("names"), type: "text" },
    ],
    batches(),
    { yes: "", no: "", sheet: t("sheet") },
  ).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  await recordAudit(ctx.db, {
    event: "election.registerExported",
    actorUserId: actor.userId,
    ip: actor.ip,
    details: { electionId: id, format, names: people.length, frozen: row.register_frozen_at !== null },
  });
  return { stream: out, fileName: `${t("file")}-${id}.${format}`, contentType: CONTENT_TYPES[format] };
}
