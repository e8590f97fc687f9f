import type { Selectable } from 'kysely';

/** Tables of migration 017 (back-office players desk). */

export interface BankChangeRequestsTable {
  id: string;
  user_id: string;
  /** pending, approved or refused. */
  status: string;
  old_bank_code: string;
  old_bank_account_name: string;
  old_bank_account_no: string;
  new_bank_code: string;
  new_bank_account_name: string;
  new_bank_account_no: string;
  reason: string | null;
  created_at: number;
  decided_at: number | null;
  /** The deciding operator's username. */
  decided_by: string | null;
}

export interface WalletAdjustmentsTable {
  id: string;
  user_id: string;
  /** credit or debit. */
  direction: string;
  amount: number;
  currency: string;
  /** pending, booked or refused. */
  status: string;
  reason: string;
  created_by: string;
  created_by_username: string;
  created_at: number;
  decided_by: string | null;
  decided_by_username: string | null;
  decided_at: number | null;
  decision_reason: string | null;
  statement_id: string | null;
  wallet_after: number | null;
  idempotency_key: string | null;
  request_hash: string | null;
}

export interface PlayersDeskTables {
  bank_change_requests: BankChangeRequestsTable;
  wallet_adjustments: WalletAdjustmentsTable;
}

export type BankChangeRequestRow = Selectable<BankChangeRequestsTable>;
export type WalletAdjustmentRow = Selectable<WalletAdjustmentsTable>;
