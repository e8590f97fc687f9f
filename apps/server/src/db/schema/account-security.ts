/** Tables of migration 008 (account security). */

export interface BankAccountChangesTable {
  id: string;
  user_id: string;
  old_bank_code: string;
  old_bank_account_no: string;
  old_bank_account_name: string;
  new_bank_code: string;
  new_bank_account_no: string;
  new_bank_account_name: string;
  changed_at: number;
}

/** A fixed-window counter: `count` slots taken since `window_start` (epoch ms). */
export interface RateCountersTable {
  key: string;
  count: number;
  window_start: number;
}

export interface AccountSecurityTables {
  bank_account_changes: BankAccountChangesTable;
  rate_counters: RateCountersTable;
}
