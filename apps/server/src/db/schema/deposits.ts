/** Tables of money in and out by bank: deposit references, bank feed, manual notices, withdrawals. */

export interface DepositReferencesTable {
  /** An outside money reference (bank transaction, gateway payment, gift link), credited once ever. */
  reference: string;
  statement_id: string;
  created_at: number;
}

export interface BankTransfersTable {
  id: string;
  /** The bank's transaction reference, unique: a repeated delivery finds the first row. */
  reference: string;
  /** AUTO or SMS. */
  mode: string;
  to_account_no: string;
  to_bank_code: string | null;
  /** As delivered: masked in SMS mode. */
  from_account_no: string;
  from_bank_code: string | null;
  amount: number;
  currency: string | null;
  transferred_at: number;
  /** CREDITED, UNMATCHED, DUPLICATE or UNKNOWN_DESTINATION. */
  status: string;
  /** Why UNMATCHED: NO_PLAYER, AMBIGUOUS or CURRENCY. */
  reason: string | null;
  user_id: string | null;
  statement_id: string | null;
  resolved_by: string | null;
  created_at: number;
  updated_at: number;
  /** Why the operator decided as they did (migration 016). */
  decision_reason: string | null;
}

export interface ManualDepositsTable {
  /** The id of the deposit statement the notice created. */
  id: string;
  user_id: string;
  amount: number;
  currency: string;
  from_bank_code: string;
  from_account_no: string;
  /** PENDING, CONFIRMED or REJECTED. */
  status: string;
  decided_by: string | null;
  decided_at: number | null;
  created_at: number;
  updated_at: number;
  /** Why the operator decided as they did (migration 016). */
  decision_reason: string | null;
}

export interface WithdrawalsTable {
  /** The id of the withdraw statement; also the payout reference the bank sees. */
  id: string;
  user_id: string;
  amount: number;
  currency: string;
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  /** PENDING, PAID or FAILED. */
  status: string;
  failure_reason: string | null;
  settled_at: number | null;
  created_at: number;
  updated_at: number;
  /** Operator review (migration 008): null, AWAITING, APPROVED or REJECTED. */
  review: string | null;
  reviewed_at: number | null;
  /** Four eyes (migration 016): the operator who gave the first of two approvals, and when. */
  first_approved_by: string | null;
  first_approved_by_name: string | null;
  first_approved_at: number | null;
  /** The operator's reason for a rejection or a failed payout; the player reads it in the statement. */
  decision_reason: string | null;
}

export interface DepositTables {
  deposit_references: DepositReferencesTable;
  bank_transfers: BankTransfersTable;
  manual_deposits: ManualDepositsTable;
  withdrawals: WithdrawalsTable;
}
