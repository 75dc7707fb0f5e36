import { translate } from "@portal/i18n/translate";
import type { EmailTextId } from "@portal/shared/email-texts";
import type { Language } from "@portal/shared/languages";
import type { EmailTextValues } from "../../mail/email-text-overrides.ts";
import { reminderLines } from "../../mail/family-reminder.ts";
import { loadStatusTexts } from "../status-texts/status-text-lookup.ts";

/**
 * The sample data a preview of Settings › E-mail texts is filled with: the school's real name
 * and portal address, the statuses' words as the school names them, and made-up people, in the
 * language being edited. Every field of every e-mail has a value, so no placeholder is left over.
 */
export async function sampleValues(
  ctx: Parameters<typeof loadStatusTexts>[0],
  opts: { id: EmailTextId; language: Language; school: string; portal: string },
): Promise<EmailTextValues> {
  const { language } = opts;
  const s = (key: string) => translate(language, `emailTexts:sample.${key}`);
  const texts = await loadStatusTexts(ctx);
  const status = opts.id === "requestStatusChanged" ? "Refused" : "Untreated";
  const number = new Intl.NumberFormat(language);
  return {
    name: s("name"),
    school: opts.school,
    link: opts.portal,
    hours: "24",
    minutes: "30",
    days: "14",
    inviter: s("inviter"),
    role: translate(language, "users:roles.Secretaria"),
    student: "Mateo Andrade Vela",
    year: "2026-2027",
    code: "INS-26-000123",
    level: "CM2",
    status: texts[status].label[language],
    explanation: texts[status].explanation[language],
    comment: s("comment"),
    message: s("message"),
    steps: ["medicalRecord", "schoolTransport"]
      .map((step) => `- ${translate(language, `routes:wizard.${step}.title`)}`)
      .join("\n"),
    reason: s("reason"),
    title: s("title"),
    body: s("body"),
    turnout: translate(language, "elections:family.turnout", {
      voters: number.format(182),
      registered: number.format(240),
      turnout: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(75.8),
    }),
    blank: "4",
    lists: [
      translate(language, "email:electionResults.listLine", { list: s("listA"), votes: 101, seats: 2 }),
      translate(language, "email:electionResults.listLine", { list: s("listB"), votes: 77, seats: 1 }),
    ]
      .map((line) => `- ${line}`)
      .join("\n"),
    elected: `- ${s("elected")} (${s("listA")})`,
    items: reminderLines(language, [
      {
        cause: "draftNotSent",
        student: "Sofía Andrade Vela",
        year: "2026-2027",
        code: "",
        since: "2026-11-30T15:00:00Z",
      },
      {
        cause: "documentsOverdue",
        student: "Mateo Andrade Vela",
        year: "2026-2027",
        code: "INS-26-000123",
        since: "2026-12-01T17:00:00Z",
        missing: ["contract", "imageConsent"],
      },
      {
        cause: "signaturesPending",
        student: "Mateo Andrade Vela",
        year: "2026-2027",
        code: "INS-26-000123",
        since: "2026-12-01T17:00:00Z",
        titles: [
          {
            es: "Contrato de prestación de servicios educativos",
            en: "Educational services contract",
            fr: "Contrat de prestation de services éducatifs",
          },
        ],
        byLink: ["María Vela"],
        link: opts.portal,
      },
    ])
      .map((line) => `- ${line}`)
      .join("\n"),
  };
}
