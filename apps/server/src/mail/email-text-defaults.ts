import { translate } from "@portal/i18n/translate";
import { EMAIL_TEXT_FIELDS, type EmailTextId } from "@portal/shared/email-texts";
import type { Language } from "@portal/shared/languages";
import { type EmailTextOverride, withoutOverrides } from "./email-text-overrides.ts";
import { renderEnrollmentReceived } from "./enrollment-received.ts";
import { renderFamilyReminder } from "./family-reminder.ts";
import type { OutgoingMail } from "./mailer.ts";
import { renderPhotoRejected } from "./photo-rejected.ts";
import { renderRequestStatusChanged } from "./request-status-changed.ts";
import { renderMail } from "./templates.ts";

/**
 * The portal's own subject and body of each editable e-mail, written with its `{{field}}`
 * placeholders: what Settings › E-mail texts shows before the Admin changes anything, and what
 * "reset" goes back to. Drawn by the renderers themselves with each field's placeholder as its
 * value (and the Admin's texts set aside), so it says what the catalogue's mail says.
 */

const token = (name: string) => `{{${name}}}`;

/** Every field of `id` as its own placeholder. */
function tokens(id: EmailTextId): Record<string, string> {
  return Object.fromEntries(EMAIL_TEXT_FIELDS[id].map((field) => [field.name, token(field.name)]));
}

type AccountTemplate = Extract<
  EmailTextId,
  | "activation"
  | "alreadyRegistered"
  | "passwordReset"
  | "passwordChanged"
  | "householdInvitation"
  | "staffInvitation"
  | "deskInvitation"
>;

const asText = (mail: OutgoingMail): EmailTextOverride => ({ subject: mail.subject, body: mail.text });

function accountMail(id: AccountTemplate, language: Language) {
  const { name, school, link, ...vars } = tokens(id);
  return asText(
    renderMail({ template: id, language, to: "", name: name ?? "", school: school ?? "", link: link ?? "", vars }),
  );
}

function requestMail(language: Language) {
  const v = tokens("requestStatusChanged");
  return {
    language,
    to: "",
    name: v.name ?? "",
    school: v.school ?? "",
    student: v.student ?? "",
    schoolYear: v.year ?? "",
    code: v.code ?? "",
    link: v.link,
  };
}

/** The election's mail lists per-list and per-person lines: its text is assembled here from the same keys. */
function electionResults(language: Language): EmailTextOverride {
  const t = (key: string, vars: Record<string, string> = {}) =>
    translate(language, `email:${key}`, { ...tokens("electionResults"), ...vars });
  return {
    subject: t("electionResults.subject"),
    body: [
      t("greeting"),
      t("electionResults.body"),
      token("turnout"),
      `${t("electionResults.listsTitle")}\n${token("lists")}`,
      `${t("electionResults.electedTitle")}\n${token("elected")}`,
      translate(language, "email:actionLine", { action: t("electionResults.action"), link: token("link") }),
      t("electionResults.secret"),
      t("signature"),
    ].join("\n\n"),
  };
}

function draw(id: EmailTextId, language: Language): EmailTextOverride {
  switch (id) {
    case "enrollmentReceived": {
      const v = tokens(id);
      return asText(
        renderEnrollmentReceived({
          ...requestMail(language),
          level: v.level ?? "",
          // A number in the mail; here its placeholder, which the catalogue's text only interpolates.
          hours: v.hours as unknown as number,
          attachments: [],
        }),
      );
    }
    case "requestStatusChanged":
      return asText(
        renderRequestStatusChanged({
          ...requestMail(language),
          status: "Accepted",
          statusLabel: token("status"),
          explanation: token("explanation"),
          comment: token("comment"),
        }),
      );
    case "correctionRequested": {
      const mail = renderRequestStatusChanged({
        ...requestMail(language),
        status: "InProcess",
        correction: { message: token("message"), steps: [] },
      });
      // The list of steps is drawn line by line: its place, under its title, takes the placeholder.
      const title = `${translate(language, "email:correctionRequested.stepsTitle")}\n`;
      return { subject: mail.subject, body: mail.text.replace(title, `${title}${token("steps")}`) };
    }
    case "photoRejected":
      return asText(renderPhotoRejected({ ...requestMail(language), reason: token("reason") }));
    case "electionResults":
      return electionResults(language);
    case "familyReminder": {
      const v = tokens(id);
      const mail = asText(
        renderFamilyReminder({
          language,
          to: "",
          name: v.name ?? "",
          school: v.school ?? "",
          items: [],
          link: v.link ?? "",
        }),
      );
      // The list of causes is drawn line by line: its paragraph (empty here) takes the placeholder.
      return { subject: mail.subject, body: mail.body.replace("\n\n\n\n", `\n\n${token("items")}\n\n`) };
    }
    default:
      return accountMail(id, language);
  }
}

/** The portal's subject and body of `id` in `language`, with placeholders. */
export function portalEmailText(id: EmailTextId, language: Language): EmailTextOverride {
  return withoutOverrides(() => draw(id, language));
}
