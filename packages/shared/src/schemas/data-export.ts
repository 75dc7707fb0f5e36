import { z } from "zod";

/**
 * "My data" (LOPDP art. 17, portability; docs/data-protection.md): the family's archive. The
 * status the screen polls, the id in the download's path, and the archive's `data.json`, whose
 * JSON Schema (`dataExportJsonSchema()`) ships inside the archive as `schema.json`.
 */

export const DATA_EXPORT_STATUSES = ["running", "ready", "failed", "expired"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** An export's id: 32 URL-safe random characters (never a counter another family could guess). */
export const dataExportIdParams = z.strictObject({
  id: z.string({ error: "validation.invalidType" }).regex(/^[A-Za-z0-9_-]{32}$/, { error: "validation.invalidType" }),
});

export const dataExportStateSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** Entries written so far and in all (the data, each PDF and uploaded file, the README). */
  done: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
  /** When the download link stops working (24 h after the archive is ready); null while running. */
  expiresAt: z.string().nullable(),
  /** Bytes of the finished archive. */
  size: z.number().int().nullable(),
  /** Why it failed: an error code of the `errors` catalogue (STORAGE_UNAVAILABLE, DATA_EXPORT_FAILED). */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** GET /api/account/data-export: the family's latest archive, or none. */
export const dataExportCurrentSchema = z.object({ export: dataExportStateSchema.nullable() });
export type DataExportCurrent = z.infer<typeof dataExportCurrentSchema>;

const at = (what: string) => z.string().describe(`${what} (ISO-8601, UTC)`);
const maybeAt = (what: string) => z.string().nullable().describe(`${what} (ISO-8601, UTC); null if never`);
const archivePath = z
  .string()
  .nullable()
  .describe("Path of the file inside this archive; null when it could not be included (see `missing`)");
const missing = z.boolean().describe("True when the portal holds the record but the file could not be read");

/** The archive's data.json. Every field documented: the `description`s become schema.json's. */
export const dataExportArchiveSchema = z
  .object({
    format: z.literal("school-portal-family-data").describe("What this document is"),
    formatVersion: z.literal(1).describe("Version of this format; schema.json describes it"),
    generatedAt: at("When the archive was prepared"),
    language: z.string().describe("Language of the README and the generated PDFs (es, en, fr)"),
    family: z
      .object({
        id: z.number().int().describe("The family's number in the portal (its first account's id)"),
        accounts: z
          .array(
            z.object({
              id: z.number().int(),
              email: z.string(),
              firstSurname: z.string(),
              secondSurname: z.string(),
              names: z.string(),
              phone: z.string(),
              language: z.string(),
              role: z.string(),
              householdOwner: z.boolean().describe("True for the family's first account, which invites the others"),
              createdAt: at("Account created"),
              activatedAt: maybeAt("Account activated"),
              lastLoginAt: maybeAt("Last sign-in"),
              deactivatedAt: maybeAt("Account deactivated by the school"),
              identification: z
                .string()
                .nullable()
                .describe("The representative's identification, for an account the school office created at the desk"),
            }),
          )
          .describe("The household's accounts (passwords and second-factor keys are never exported)"),
        householdInvitations: z
          .array(
            z.object({
              email: z.string(),
              createdAt: at("Invitation sent"),
              expiresAt: at("Invitation's link expiry"),
              acceptedAt: maybeAt("Invitation accepted"),
              revokedAt: maybeAt("Invitation withdrawn"),
            }),
          )
          .describe("Invitations to join the household"),
        sessions: z
          .array(
            z.object({
              accountId: z.number().int(),
              createdAt: at("Signed in"),
              lastSeenAt: at("Last request"),
              expiresAt: at("Session expiry"),
              ip: z.string(),
              userAgent: z.string(),
            }),
          )
          .describe("Open sessions of the household's accounts (their secret cookie is never exported)"),
      })
      .describe("The family's accounts"),
    students: z
      .array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          documentNumber: z.string().describe("Cédula or passport number"),
          createdAt: at("Student added"),
          updatedAt: at("Last change"),
        }),
      )
      .describe("The family's children"),
    enrollmentFiles: z
      .array(
        z.object({
          id: z.number().int(),
          studentId: z.number().int(),
          schoolYear: z.string().describe("School year's label"),
          isNewStudent: z.boolean(),
          status: z.string().describe("draft or sent"),
          levelCode: z.string().nullable(),
          createdAt: at("File started"),
          updatedAt: at("Last change"),
          sentAt: maybeAt("File sent to the school"),
        }),
      )
      .describe("Enrollment files, one per child and school year"),
    steps: z
      .array(
        z.object({
          fileId: z.number().int(),
          step: z.string().describe("The wizard's step (representatives, authorized persons, medical record…)"),
          data: z.unknown().describe("The step's answers as saved, the wizard's own field names"),
          completedAt: maybeAt("Step completed"),
          updatedAt: at("Last saved"),
          updatedByAccountId: z.number().int().nullable().describe("Account that saved it last; null: the school"),
        }),
      )
      .describe("Every saved step of every file: the representatives, authorized persons and health data live here"),
    stepDrafts: z
      .array(
        z.object({
          fileId: z.number().int(),
          step: z.string(),
          values: z.unknown().describe("Values typed but not saved yet"),
          updatedAt: at("Typed"),
        }),
      )
      .describe("Unsaved typing the portal keeps between visits"),
    requests: z
      .array(
        z.object({
          id: z.number().int(),
          fileId: z.number().int(),
          code: z.string().describe("The request's code (INS-…)"),
          status: z.string(),
          photoStatus: z.string(),
          levelCode: z.string().nullable(),
          createdAt: at("Request created (file sent)"),
          updatedAt: at("Last change"),
          migratedToStudentDatabaseAt: maybeAt("Sent to the school's student database"),
        }),
      )
      .describe("Requests the school handles, one per sent file"),
    requestHistory: z
      .array(
        z.object({
          requestId: z.number().int(),
          action: z.string(),
          fromStatus: z.string().nullable(),
          toStatus: z.string(),
          at: at("Changed"),
        }),
      )
      .describe("Each request's status changes"),
    documentHandIns: z
      .array(
        z.object({
          requestId: z.number().int(),
          item: z.string().describe("Paper document handed in at the school"),
          received: z.boolean(),
          receivedOn: z.string().nullable().describe("Date received (YYYY-MM-DD)"),
        }),
      )
      .describe("The school's checklist of paper documents"),
    messages: z
      .array(
        z.object({
          requestId: z.number().int(),
          kind: z.enum(["correctionRequest", "photoRejected"]),
          text: z.string(),
          at: maybeAt("When the school wrote it"),
        }),
      )
      .describe("Messages the school shows the family in the portal"),
    uploads: z
      .array(
        z.object({
          id: z.number().int(),
          fileId: z.number().int().nullable(),
          kind: z.string().describe("What the file is (student photo, identity document…)"),
          originalName: z.string(),
          contentType: z.string(),
          size: z.number().int(),
          createdAt: at("Uploaded"),
          archivePath,
          originalArchivePath: z
            .string()
            .nullable()
            .describe("A PDF as the family sent it, before the portal removed active content; null if none"),
          missing,
        }),
      )
      .describe("Files the family uploaded"),
    documents: z
      .array(
        z.object({
          fileId: z.number().int(),
          requestCode: z.string(),
          kind: z.enum(["summary", "to-sign"]).describe("summary: registration summary; to-sign: documents to sign"),
          archivePath,
          missing,
        }),
      )
      .describe("PDFs the portal generated for each sent file"),
    consents: z
      .array(
        z.object({
          accountId: z.number().int(),
          fileId: z.number().int(),
          subject: z.string().describe("What was consented to"),
          textVersion: z.string().describe("Version of the text shown"),
          accepted: z.boolean(),
          withdrawn: z.boolean().describe("A withdrawal of the text version named, not an answer"),
          at: at("Given or withdrawn"),
          ip: z.string(),
        }),
      )
      .describe("Consents given, refused and withdrawn, with the version of the text and the date"),
    emails: z
      .array(
        z.object({
          kind: z.string(),
          to: z.string(),
          subject: z.string(),
          bodyText: z.string(),
          requestId: z.number().int().nullable(),
          status: z.string().describe("queued, sent or failed"),
          createdAt: at("Queued"),
          sentAt: maybeAt("Delivered to the mail server"),
        }),
      )
      .describe("E-mails the portal sent (or is sending) to the family"),
    medicalAccesses: z
      .array(
        z.object({
          at: at("When"),
          staffName: z.string().nullable().describe("Who: the staff member's name; null if the account was removed"),
          staffRole: z.string().nullable(),
          studentId: z.number().int().nullable().describe("Which child; null when the record does not say"),
          studentName: z.string().nullable(),
          requestCode: z.string().nullable(),
          action: z.string().describe("module: the medical record page; registrationSummary: the PDF that holds it"),
        }),
      )
      .describe("Staff accesses to the children's medical data, from the audit log"),
    accountEvents: z
      .array(
        z.object({
          event: z.string().describe("Audit log's event code"),
          at: at("When"),
          byFamily: z.boolean().describe("True when a household account did it; false: the school or the portal"),
        }),
      )
      .describe("Other audit log entries about the household's accounts (sign-ins, password changes…)"),
    duplicateStudentAttempts: z
      .array(
        z.object({
          attemptedFileId: z.number().int().nullable(),
          attempts: z.number().int(),
          firstAt: at("First refused"),
          lastAt: at("Last refused"),
        }),
      )
      .describe("Identifications the portal refused because another family's child has them (that child not named)"),
    dataRightsRequests: z
      .array(
        z.object({
          id: z.number().int(),
          kind: z.string().describe("access, rectification, erasure, opposition or portability"),
          subject: z.string().describe("family: the whole family; student: one child"),
          studentId: z.number().int().nullable().describe("The child it is about (see students); null for the family"),
          actor: z.string().describe("representative, or adolescent: a child of 15 or more acting for themselves"),
          filedByAccountId: z.number().int(),
          description: z.string(),
          state: z.string().describe("received, inProgress, answered or refused"),
          filedAt: at("Filed"),
          deadline: z.string().describe("Last day to answer (YYYY-MM-DD, school time)"),
          startedAt: maybeAt("Taken in progress"),
          closedAt: maybeAt("Answered or refused"),
          answer: z.string().nullable().describe("The school's answer, or the reason it refused"),
        }),
      )
      .describe("The family's requests exercising its data rights (LOPDP arts. 13–17) and their answers"),
    reenrollmentAnswers: z
      .array(
        z.object({
          schoolYear: z.string().describe("The school year whose enrolled children the campaign asked about"),
          deadline: z.string().describe("Last day to answer (YYYY-MM-DD, school time)"),
          studentId: z.number().int().describe("The child (see students)"),
          answer: z.string().nullable().describe("returns, leaves or undecided; null: not answered"),
          reasonCode: z.string().nullable().describe("Why the child leaves: a code of the leaving reasons list"),
          answeredAt: maybeAt("Answered"),
          answeredVia: z.string().nullable().describe("portal (signed in) or link (the e-mailed link)"),
        }),
      )
      .describe("The family's answers to the school's re-enrollment campaigns (docs/rules/campaigns.md)"),
    elections: z
      .object({
        eligible: z.array(z.object({ electionId: z.number().int(), accountId: z.number().int() })),
        voted: z
          .array(z.object({ electionId: z.number().int(), accountId: z.number().int(), votedAt: maybeAt("Voted") }))
          .describe("The register: who voted (never for whom: ballots are secret and not linked to anyone)"),
        candidacies: z.array(
          z.object({
            electionId: z.number().int(),
            accountId: z.number().int(),
            listName: z.string().nullable(),
            statement: z.string().nullable(),
            status: z.string(),
            createdAt: at("Proposed"),
            decidedAt: maybeAt("Decided"),
          }),
        ),
        candidates: z.array(
          z.object({
            listId: z.number().int(),
            accountId: z.number().int(),
            rank: z.number().int(),
            statement: z.string().nullable(),
          }),
        ),
      })
      .describe("The school's elections: where the household may vote, voted, or stands"),
    signatures: z
      .array(
        z.object({
          requestId: z.number().int(),
          documentKey: z
            .string()
            .describe("The document signed (contract, imageConsent, exitAuthorization or the school's own)"),
          status: z.string().describe("pending, awaitingSchool, complete or void"),
          language: z.string(),
          signedText: z.string().nullable().describe("The text as first signed: JSON of its title and blocks"),
          textSha256: z.string().nullable(),
          verificationCode: z.string().nullable().describe("The final PDF's code, for the public checker"),
          completedAt: maybeAt("Countersigned and the final PDF produced"),
          title: z.string().nullable().describe("The document's title as signed (null before the first signature)"),
          finalSha256: z.string().nullable().describe("SHA-256 (hex) of the final signed PDF as stored and served"),
          archivePath: z
            .string()
            .nullable()
            .describe(
              "Where this archive holds the final signed PDF (signed-documents/); null when not complete or missing",
            ),
          missing: z.boolean().describe("The final PDF is recorded but could not be read when preparing this archive"),
          signers: z.array(
            z.object({
              role: z.string(),
              name: z.string(),
              identification: z.string().nullable(),
              email: z.string().nullable(),
              signedAt: maybeAt("Signed"),
              typedName: z.string().nullable(),
              ip: z.string().nullable(),
              userAgent: z.string().nullable(),
            }),
          ),
          events: z.array(
            z.object({ at: at("When"), kind: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable() }),
          ),
        }),
      )
      .describe('Documents signed online and their evidence (docs/rules/documents.md "Signing online")'),
    missingFiles: z
      .array(z.object({ what: z.string(), name: z.string() }))
      .describe("Files the portal holds a record of but could not read when preparing this archive"),
  })
  .describe("Everything the school portal holds about a family and its children (LOPDP art. 17)");
export type DataExportArchive = z.infer<typeof dataExportArchiveSchema>;

/** schema.json: the JSON Schema (draft 2020-12) of data.json. */
export function dataExportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(dataExportArchiveSchema, { target: "draft-2020-12", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
}
