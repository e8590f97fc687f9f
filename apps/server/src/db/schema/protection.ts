import type { Selectable } from 'kysely';

/** Tables of migration 025: player protection (issue 20). Money in minor units, instants in epoch ms. */
export interface PlayerProtectionTable {
  user_id: string;
  day_limit: number | null;
  week_limit: number | null;
  month_limit: number | null;
  timeout_started_at: number | null;
  timeout_ends_at: number | null;
  timeout_days: number | null;
  exclusion_started_at: number | null;
  exclusion_ends_at: number | null;
  exclusion_months: number | null;
  return_requested_at: number | null;
  reality_check_minutes: number;
  updated_at: number;
}
export type PlayerProtectionRow = Selectable<PlayerProtectionTable>;

export interface ProtectionPendingLimitsTable {
  user_id: string;
  /** day | week | month */
  period: string;
  /** The new limit, null to remove it. */
  amount: number | null;
  requested_at: number;
  applies_at: number;
}
export type PendingLimitRow = Selectable<ProtectionPendingLimitsTable>;

export interface ProtectionEventsTable {
  id: string;
  user_id: string;
  kind: string;
  period: string | null;
  amount: number | null;
  ends_at: number | null;
  /** "player" or the operator's username. */
  actor: string;
  detail: string | null;
  created_at: number;
}
export type ProtectionEventRow = Selectable<ProtectionEventsTable>;

export interface ProtectionTables {
  player_protection: PlayerProtectionTable;
  protection_pending_limits: ProtectionPendingLimitsTable;
  protection_events: ProtectionEventsTable;
}
