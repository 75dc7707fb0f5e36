/**
 * Settings › E-mail texts: the e-mails whose subject and body the Admin may write per language,
 * and the fields (`{{name}}` placeholders) each may use. The server fills them when it renders
 * the mail (apps/server/src/mail/email-text-overrides.ts) and refuses a text with a field not
 * listed here, or without a required one (the link an account e-mail exists for, the reason of a
 * rejected photo...): such a mail would be useless to whoever gets it.
 *
 * `block` fields hold several lines (a list of steps, the results per list): the body may use
 * them, the one-line subject may not. A paragraph of the body whose fields are all empty in a
 * given mail (no comment from the office, say) is left out of that mail.
 */
export const EMAIL_TEXT_IDS = [
  "activation",
  "alreadyRegistered",
  "passwordReset",
  "passwordChanged",
  "householdInvitation",
  "staffInvitation",
  "deskInvitation",
  "enrollmentReceived",
  "requestStatusChanged",
  "correctionRequested",
  "photoRejected",
  "electionResults",
  "familyReminder",
] as const;
export type EmailTextId = (typeof EMAIL_TEXT_IDS)[number];

export function isEmailTextId(value: unknown): value is EmailTextId {
  return typeof value === "string" && (EMAIL_TEXT_IDS as readonly string[]).includes(value);
}

export interface EmailTextField {
  name: string;
  /** The body must use it. */
  required?: boolean;
  /** Several lines: the body only. */
  block?: boolean;
}

const f = (name: string, opts: Omit<EmailTextField, "name"> = {}): EmailTextField => ({ name, ...opts });
const PERSON = [f("name"), f("school")];
const REQUEST = [...PERSON, f("student"), f("year"), f("code")];

export const EMAIL_TEXT_FIELDS: Record<EmailTextId, readonly EmailTextField[]> = {
  activation: [...PERSON, f("hours"), f("link", { required: true })],
  alreadyRegistered: [...PERSON, f("link", { required: true })],
  passwordReset: [...PERSON, f("minutes"), f("link", { required: true })],
  passwordChanged: [...PERSON, f("link")],
  householdInvitation: [...PERSON, f("inviter"), f("days"), f("link", { required: true })],
  staffInvitation: [...PERSON, f("inviter"), f("role"), f("hours"), f("link", { required: true })],
  deskInvitation: [...PERSON, f("hours"), f("link", { required: true })],
  enrollmentReceived: [...REQUEST, f("level"), f("hours"), f("link")],
  requestStatusChanged: [
    ...REQUEST,
    f("status"),
    f("explanation", { block: true }),
    f("comment", { block: true }),
    f("link"),
  ],
  correctionRequested: [
    ...REQUEST,
    f("message", { required: true, block: true }),
    f("steps", { required: true, block: true }),
    f("link"),
  ],
  photoRejected: [...REQUEST, f("reason", { required: true, block: true }), f("link")],
  electionResults: [
    ...PERSON,
    f("title"),
    f("body"),
    f("year"),
    f("turnout"),
    f("blank"),
    f("lists", { block: true }),
    f("elected", { block: true }),
    f("link"),
  ],
  familyReminder: [...PERSON, f("items", { required: true, block: true }), f("link")],
};

/** `{{ name }}` with optional spaces, as i18next writes them; the name is what is between. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The field names a text uses, in order, repeats kept. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "");
}

/** Braces left once the placeholders are taken out: a field written wrong ("{{link}", "{link}}"). */
function strayBraces(text: string): boolean {
  return /\{\{|\}\}/.test(text.replace(PLACEHOLDER, ""));
}

export type EmailTextProblem =
  | { field: "subject" | "body"; code: "EMAIL_TEXT_UNKNOWN_FIELD"; names: string[] }
  | { field: "body"; code: "EMAIL_TEXT_FIELD_MISSING"; names: string[] };

/**
 * What is wrong with a subject and body for `id`, or null: a field it may not use (unknown, a
 * block field in the subject, or braces that make no field), or a required field the body lacks.
 */
export function emailTextProblem(id: EmailTextId, subject: string, body: string): EmailTextProblem | null {
  const fields = EMAIL_TEXT_FIELDS[id];
  const allowed = (text: string, inSubject: boolean) => {
    const names = placeholdersIn(text).filter(
      (name) => !fields.some((field) => field.name === name && !(inSubject && field.block)),
    );
    const bad = [...new Set(names.map((name) => `{{${name}}}`))];
    if (bad.length === 0 && strayBraces(text)) bad.push("{{ }}");
    return bad;
  };
  const inSubject = allowed(subject, true);
  if (inSubject.length > 0) return { field: "subject", code: "EMAIL_TEXT_UNKNOWN_FIELD", names: inSubject };
  const inBody = allowed(body, false);
  if (inBody.length > 0) return { field: "body", code: "EMAIL_TEXT_UNKNOWN_FIELD", names: inBody };
  const used = new Set(placeholdersIn(body));
  const missing = fields.filter((field) => field.required && !used.has(field.name)).map((field) => `{{${field.name}}}`);
  return missing.length > 0 ? { field: "body", code: "EMAIL_TEXT_FIELD_MISSING", names: missing } : null;
}
