import { translate } from "@portal/i18n/translate";
import type { StepId } from "@portal/shared/enrollment-steps";
import type { Language } from "@portal/shared/languages";
import type { RequestStatus } from "@portal/shared/request-status";
import { withEmailText } from "./email-text-overrides.ts";
import { escapeHtml, htmlLines } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/** The statuses whose change carries a required reason (Refuse, Suspend, Cancel). */
const REASON_STATUSES: readonly RequestStatus[] = ["Refused", "Discontinued", "Cancelled"];

/**
 * "Your request's status changed": sent to the family account on every status change,
 * in its language, with the new status in words, its explanation and the school's comment (the
 * reason, for a refusal, suspension or cancellation) if any. A correction
 * request (status InProcess) has its own wording: the school's message, the steps reopened and a
 * link to the portal. Texts: `email:requestStatusChanged`, `email:correctionRequested`; status and
 * step names from `common:requestStatus` and `routes:wizard.<step>.title`.
 */
export function renderRequestStatusChanged(opts: {
  language: Language;
  to: string;
  name: string;
  school: string;
  student: string;
  schoolYear: string;
  code: string;
  status: RequestStatus;
  /** The status in words as the school names it (status-text-lookup.ts); the catalogue's when absent. */
  statusLabel?: string;
  /** The status's explanation for the family as the school wrote it (Settings › Request statuses). */
  explanation?: string | null;
  comment?: string | null;
  correction?: { message: string; steps: readonly StepId[] } | null;
  link?: string;
}): OutgoingMail {
  const lang = opts.language;
  const statusLabel = opts.statusLabel ?? translate(lang, `common:requestStatus.${opts.status}`);
  const vars = {
    school: opts.school,
    name: opts.name,
    student: opts.student,
    year: opts.schoolYear,
    code: opts.code,
    status: statusLabel,
  };
  const t = (key: string) => translate(lang, `email:${key}`, vars);
  const correction = opts.status === "InProcess" ? opts.correction : null;
  const k = (key: string) => t(`${correction ? "correctionRequested" : "requestStatusChanged"}.${key}`);
  const steps = (correction?.steps ?? []).map((step) => translate(lang, `routes:wizard.${step}.title`));
  const comment = opts.comment?.trim() ? opts.comment.trim() : null;
  const explanation = !correction && opts.explanation?.trim() ? opts.explanation.trim() : null;
  // Refuse, Suspend and Cancel require a reason (shared/workflow.ts): the family reads it as one.
  const commentTitle = t(
    `requestStatusChanged.${REASON_STATUSES.includes(opts.status) ? "reasonTitle" : "commentTitle"}`,
  );
  const link = opts.link;

  const text = [
    t("greeting"),
    k("body"),
    ...(explanation ? [explanation] : []),
    ...(correction
      ? [
          `${k("messageTitle")}\n${correction.message}`,
          `${k("stepsTitle")}\n${steps.map((s) => `- ${s}`).join("\n")}`,
          k("whatToDo"),
        ]
      : []),
    ...(comment ? [`${commentTitle}\n${comment}`] : []),
    ...(link ? [translate(lang, "email:actionLine", { action: k("action"), link })] : []),
    t("signature"),
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(t("greeting"))}</p>`,
    `<p>${escapeHtml(k("body"))}</p>`,
    ...(explanation ? [`<p>${htmlLines(explanation)}</p>`] : []),
    ...(correction
      ? [
          `<p><strong>${escapeHtml(k("messageTitle"))}</strong><br>${htmlLines(correction.message)}</p>`,
          `<p><strong>${escapeHtml(k("stepsTitle"))}</strong></p>`,
          `<ul>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ul>`,
          `<p>${escapeHtml(k("whatToDo"))}</p>`,
        ]
      : []),
    ...(comment ? [`<p><strong>${escapeHtml(commentTitle)}</strong><br>${htmlLines(comment)}</p>`] : []),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(k("action"))}</a></p>`] : []),
    `<p>${escapeHtml(t("signature"))}</p>`,
    "</body></html>",
  ].join("\n");
  return withEmailText(
    correction ? "correctionRequested" : "requestStatusChanged",
    lang,
    {
      ...vars,
      explanation: explanation ?? "",
      comment: comment ?? "",
      message: correction?.message ?? "",
      steps: steps.map((step) => `- ${step}`).join("\n"),
      link: link ?? "",
    },
    { to: opts.to, subject: k("subject"), text, html },
  );
}
