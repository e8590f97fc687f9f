/** Tables of money in and out by bank: deposit references, bank feed, manual notices, withdrawals. */

export interface DepositReferencesTable {
  /** An outside money reference (bank transaction, gateway payment, gift link), credited once ever. */
  reference: string;
  statement_id: string;
  created_at: number;
}

export interface DepositTables {
  deposit_references: DepositReferencesTable;
}
