import { type Kysely, type Migration, type MigrationResultSet, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_initial.ts";
import * as m0002 from "./migrations/0002_enrollment_files.ts";
import * as m0003 from "./migrations/0003_requests_and_consents.ts";
import * as m0004 from "./migrations/0004_request_lists.ts";
import * as m0005 from "./migrations/0005_request_workflow.ts";
import * as m0006 from "./migrations/0006_photo_review.ts";
import * as m0007 from "./migrations/0007_request_list_review.ts";
import * as m0008 from "./migrations/0008_dashboard_index.ts";
import * as m0009 from "./migrations/0009_mail_outbox.ts";
import * as m0010 from "./migrations/0010_request_list_notify.ts";
import * as m0011 from "./migrations/0011_user_deactivation.ts";
import * as m0012 from "./migrations/0012_school_year_windows.ts";
import * as m0013 from "./migrations/0013_status_texts.ts";
import * as m0014 from "./migrations/0014_catalog_admin.ts";
import * as m0015 from "./migrations/0015_file_settings.ts";
import * as m0016 from "./migrations/0016_settings_version.ts";
import * as m0017 from "./migrations/0017_document_hand_in.ts";
import * as m0018 from "./migrations/0018_bue_sync.ts";
import * as m0019 from "./migrations/0019_mfa.ts";
import * as m0020 from "./migrations/0020_elections.ts";
import * as m0021 from "./migrations/0021_upload_originals.ts";
import * as m0022 from "./migrations/0022_stored_documents.ts";
import * as m0024 from "./migrations/0024_student_identity.ts";
import * as m0025 from "./migrations/0025_step_drafts.ts";
import * as m0026 from "./migrations/0026_households.ts";
import * as m0027 from "./migrations/0027_email_texts.ts";
import * as m0028 from "./migrations/0028_election_close_reason.ts";
import * as m0029 from "./migrations/0029_step_draft_author.ts";
import * as m0030 from "./migrations/0030_election_voters.ts";
import * as m0031 from "./migrations/0031_election_electorate.ts";
import * as m0032 from "./migrations/0032_mfa_last_step.ts";
import * as m0033 from "./migrations/0033_mfa_key_sealed.ts";
import * as m0034 from "./migrations/0034_data_exports.ts";
import * as m0035 from "./migrations/0035_election_pending_ballots.ts";
import * as m0036 from "./migrations/0036_representative_email_index.ts";
import * as m0037 from "./migrations/0037_data_rights_requests.ts";
import * as m0038 from "./migrations/0038_breach_register.ts";
import * as m0039 from "./migrations/0039_consent_withdrawals.ts";
import * as m0040 from "./migrations/0040_erasure_pending_files.ts";
import * as m0041 from "./migrations/0041_retention.ts";
import * as m0042 from "./migrations/0042_reenrollment_campaigns.ts";
import * as m0043 from "./migrations/0043_reminders.ts";
import * as m0044 from "./migrations/0044_messages.ts";
import * as m0045 from "./migrations/0045_desk_families.ts";
import * as m0046 from "./migrations/0046_school_documents.ts";
import * as m0047 from "./migrations/0047_online_signing.ts";
import * as m0048 from "./migrations/0048_school_certificates.ts";

/** Migrations in order; a static list so a bundled or compiled server needs no folder scan. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_enrollment_files": m0002,
  "0003_requests_and_consents": m0003,
  "0004_request_lists": m0004,
  "0005_request_workflow": m0005,
  "0006_photo_review": m0006,
  "0007_request_list_review": m0007,
  "0008_dashboard_index": m0008,
  "0009_mail_outbox": m0009,
  "0010_request_list_notify": m0010,
  "0011_user_deactivation": m0011,
  "0012_school_year_windows": m0012,
  "0013_status_texts": m0013,
  "0014_catalog_admin": m0014,
  "0015_file_settings": m0015,
  "0016_settings_version": m0016,
  "0017_document_hand_in": m0017,
  "0018_bue_sync": m0018,
  "0019_mfa": m0019,
  "0020_elections": m0020,
  "0021_upload_originals": m0021,
  "0022_stored_documents": m0022,
  "0024_student_identity": m0024,
  "0025_step_drafts": m0025,
  "0026_households": m0026,
  "0027_email_texts": m0027,
  "0028_election_close_reason": m0028,
  "0029_step_draft_author": m0029,
  "0030_election_voters": m0030,
  "0031_election_electorate": m0031,
  "0032_mfa_last_step": m0032,
  "0033_mfa_key_sealed": m0033,
  "0034_data_exports": m0034,
  "0035_election_pending_ballots": m0035,
  "0036_representative_email_index": m0036,
  "0037_data_rights_requests": m0037,
  "0038_breach_register": m0038,
  "0039_consent_withdrawals": m0039,
  "0040_erasure_pending_files": m0040,
  "0041_retention": m0041,
  "0042_reenrollment_campaigns": m0042,
  "0043_reminders": m0043,
  "0044_messages": m0044,
  "0045_desk_families": m0045,
  "0046_school_documents": m0046,
  "0047_online_signing": m0047,
  "0048_school_certificates": m0048,
};

function check(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  check(await migrator(db).migrateToLatest());
}

/** Rolls every migration back (used by the migration test on both engines). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateDownAll(db: Kysely<any>): Promise<void> {
  const m = migrator(db);
  for (;;) {
    const result = await m.migrateDown();
    check(result);
    if (!result.results?.length) return;
  }
}
