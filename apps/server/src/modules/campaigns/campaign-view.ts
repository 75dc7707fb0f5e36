import { campaignState } from "@portal/shared/rules/campaign-reminders";
import type {
  CampaignAnswer,
  CampaignAnswerRow,
  CampaignDetail,
  CampaignFigure,
  CampaignFigures,
  CampaignSummary,
} from "@portal/shared/schemas/campaigns";
import { levelsOf, reminderDaysOf } from "./campaign-schedule.ts";
import type { CampaignChildRow, CampaignRow } from "./campaigns.repository.ts";

/** What the staff see of a campaign: its figures counted by child, by level and in total. */

const emptyFigures = (): CampaignFigures => ({
  covered: 0,
  answered: 0,
  returning: 0,
  leaving: 0,
  undecided: 0,
  notAnswered: 0,
});

/** Whether a child counts in a figure. */
export function inFigure(figure: CampaignFigure, answer: string | null): boolean {
  switch (figure) {
    case "answered":
      return answer !== null;
    case "returning":
      return answer === "returns";
    case "leaving":
      return answer === "leaves";
    case "undecided":
      return answer === "undecided";
    case "notAnswered":
      return answer === null;
  }
}

const FIGURES = ["answered", "returning", "leaving", "undecided", "notAnswered"] as const;

function count(into: CampaignFigures, answer: string | null) {
  into.covered++;
  for (const figure of FIGURES) if (inFigure(figure, answer)) into[figure]++;
}

export function summaryOf(
  row: CampaignRow,
  families: { answered_at: string | null }[],
  today: string,
): CampaignSummary {
  return {
    id: row.id,
    schoolYearId: row.school_year_id,
    schoolYearLabel: row.school_year_label,
    opensOn: row.opens_on,
    deadline: row.deadline,
    // Not opened yet is scheduled, whatever the day: the sweep opens it within the hour.
    state:
      row.opened_at === null && today <= row.deadline
        ? "scheduled"
        : campaignState({ opensOn: row.opens_on, deadline: row.deadline }, today),
    families: families.length,
    answeredFamilies: families.filter((f) => f.answered_at !== null).length,
  };
}

export function detailOf(
  summary: CampaignSummary,
  row: CampaignRow,
  children: CampaignChildRow[],
  reasonLabels: ReadonlyMap<string, string>,
  sends: { step: string; recipients: string; created_at: string; names: string; first_surname: string }[],
): CampaignDetail {
  const total = emptyFigures();
  const levels = new Map<string | null, CampaignFigures>();
  const reasons = new Map<string, number>();
  for (const child of children) {
    count(total, child.answer);
    const level = levels.get(child.level_code) ?? emptyFigures();
    count(level, child.answer);
    levels.set(child.level_code, level);
    if (child.answer === "leaves" && child.reason_code) {
      reasons.set(child.reason_code, (reasons.get(child.reason_code) ?? 0) + 1);
    }
  }
  return {
    ...summary,
    version: row.version,
    levels: levelsOf(row),
    sameMessage: row.same_message === 1,
    message: { es: row.message_es, en: row.message_en, fr: row.message_fr },
    reminderDays: reminderDaysOf(row),
    openedAt: row.opened_at,
    figures: total,
    byLevel: [...levels.entries()].map(([levelCode, figures]) => ({ levelCode, ...figures })),
    reasons: [...reasons.entries()].map(([code, n]) => ({ code, label: reasonLabels.get(code) ?? code, count: n })),
    sends: sends.map((s) => ({
      familyName: `${s.names} ${s.first_surname}`,
      recipients: s.recipients,
      step: s.step,
      sentAt: s.created_at,
    })),
  };
}

export const familyNameOf = (child: Pick<CampaignChildRow, "family_names" | "family_surname">) =>
  `${child.family_surname} ${child.family_names}`;

export function answerRowOf(child: CampaignChildRow, reasonLabels: ReadonlyMap<string, string>): CampaignAnswerRow {
  return {
    familyName: familyNameOf(child),
    studentName: child.student_name,
    levelCode: child.level_code,
    answer: child.answer as CampaignAnswer | null,
    reason: child.reason_code ? (reasonLabels.get(child.reason_code) ?? child.reason_code) : null,
    answeredAt: child.answered_at,
  };
}
