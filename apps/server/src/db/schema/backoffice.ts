import type { Insertable, Selectable } from 'kysely';

/** Tables of migration 011 (back-office staff, sessions, audit log). */

export interface OperatorsTable {
  id: string;
  username: string;
  password_hash: string;
  /** owner, finance, support, marketing, auditor (contract backoffice/roles.ts). */
  role: string;
  /** active or disabled. */
  status: string;
  /** Encrypted (lib/secret-box.ts); null until two-factor is enrolled. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
  /** 1 while the password is one an owner made (create, reset); cleared by the operator's own change. */
  must_change_password: number;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Append-only: triggers refuse UPDATE and DELETE. */
export interface AuditLogTable {
  id: string;
  at: number;
  operator_id: string | null;
  operator_username: string;
  operator_role: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  ip: string;
  request_id: string;
}

/** An operator working on a money-desk queue item (migration 016); free again once expired. */
export interface OperatorClaimsTable {
  queue: string;
  item_id: string;
  operator_id: string;
  operator_username: string;
  claimed_at: number;
  expires_at: number;
}

/**
 * The first of two approvals a held transfer or slip needs (migration 028): who approved, crediting whom,
 * why. A second, different operator's decision for the same player removes it in the deciding transaction.
 */
export interface MoneyDeskApprovalsTable {
  queue: string;
  item_id: string;
  operator_id: string;
  operator_username: string;
  user_id: string;
  username: string;
  reason: string;
  approved_at: number;
}

export interface BackofficeTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  operator_claims: OperatorClaimsTable;
  money_desk_approvals: MoneyDeskApprovalsTable;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type NewOperator = Insertable<OperatorsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
