import type { StatementEntry, StatementType, StatusKind } from '@wallet/contract/statement';
import { WALLET_CODE } from '@/features/wallet/api/wallet-api';

/**
 * The contract's statusKind (SUCCESS, FAILED, anything else in progress; case-insensitive), repeated here
 * because importing statement.ts at runtime would pull zod into this chunk. Typed against the contract.
 */
export function statusKind(status: string): StatusKind {
  const upper = status.toUpperCase();
  if (upper === 'SUCCESS') return 'success';
  if (upper === 'FAILED') return 'failed';
  return 'processing';
}

const INTO_WALLET: readonly StatementType[] = ['deposit', 'bonus'];
const OUT_OF_WALLET: readonly StatementType[] = ['withdraw', 'finish_bonus'];

/**
 * +1 for money into the wallet (deposit, bonus, a transfer to the wallet), −1 for money out of it
 * (withdraw, finish_bonus, a transfer from the wallet), 0 for a move between two game accounts.
 */
export function amountSign(entry: Pick<StatementEntry, 'statementType' | 'from' | 'to'>): 1 | -1 | 0 {
  if (INTO_WALLET.includes(entry.statementType)) return 1;
  if (OUT_OF_WALLET.includes(entry.statementType)) return -1;
  if (entry.to === WALLET_CODE) return 1;
  if (entry.from === WALLET_CODE) return -1;
  return 0;
}

/** Total pages for a total count; at least 1 so the paginator always has a current page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
