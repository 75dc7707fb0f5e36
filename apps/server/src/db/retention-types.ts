import type { Generated } from "kysely";

/* The data retention tables (migration 0041; docs/rules/data-protection.md "Retention periods"). */

/** Settings › Data retention: the Admin's periods (migration 0041), one row (id 1). */
export interface RetentionSettingsTable {
  id: number;
  /** JSON: months per editable kind (packages/shared/src/retention.ts). */
  months: string;
  automatic: number;
  version: number;
  updated_at: string;
  updated_by: number | null;
}

/** A legal hold: the family or the request it keeps from any purge. */
export interface RetentionHoldsTable {
  id: Generated<number>;
  family_user_id: number | null;
  request_id: number | null;
  reason: string;
  created_by: number | null;
  created_at: string;
}

/** A purge run, its progress and its report (JSON, packages/shared/src/schemas/retention.ts). */
export interface RetentionRunsTable {
  id: Generated<number>;
  status: string;
  trigger: string;
  started_by: number | null;
  /** 1 while running, null after: one run at a time (unique). */
  running_key: number | null;
  done: Generated<number>;
  total: Generated<number>;
  report: string | null;
  started_at: string;
  heartbeat_at: string;
  finished_at: string | null;
}
