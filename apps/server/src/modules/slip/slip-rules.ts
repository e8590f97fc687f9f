import type { BankDepositAccount } from '@wallet/contract/deposit';
import type { SlipReasonCode } from '@wallet/contract/errors';
import { SLIP_MAX_AGE_MS } from '@wallet/contract/slip';
import { accountMatches, type SlipTransfer } from '../../providers/slip-verify/slip-verify-provider.ts';

/** Thai bank slips move baht; a slip can only pay a baht wallet. */
export const SLIP_CURRENCY = 'THB';

export interface SlipJudgement {
  /** The player's registered bank account, which the money must come from. */
  player: { bankCode: string; accountNo: string; walletCurrency: string };
  /** The operator's deposit accounts (settings content.deposit). */
  depositAccounts: readonly BankDepositAccount[];
  uploadedAt: number;
  /** The sending bank the slip's own QR code names, when its id is one the app knows. */
  slipSendingBank?: string | undefined;
}

function isOperatorAccount(transfer: SlipTransfer, account: BankDepositAccount, walletCurrency: string): boolean {
  return (
    account.bankType === 'BANK' &&
    (account.currency ?? SLIP_CURRENCY) === SLIP_CURRENCY &&
    walletCurrency === SLIP_CURRENCY &&
    account.bankCode === transfer.receiver.bankCode &&
    accountMatches(transfer.receiver.accountNo, account.bankAccountNo)
  );
}

/**
 * Why a transfer the bank confirmed may not pay this player, or null when it may. In this order: it
 * went to one of the operator's baht bank accounts (DEST_ACC_INVALID), from the player's registered
 * account at the bank the slip and the verifier both name (NOT_MATCH), no longer than an hour before the
 * upload (EXPIRED_SLIP, SPEC §9), and moved money. Only the uploader's account is compared here; whether
 * the masked number fits someone else as well is the caller's question (it needs the database).
 */
export function judgeTransfer(transfer: SlipTransfer, judgement: SlipJudgement): SlipReasonCode | null {
  const { player } = judgement;
  if (!judgement.depositAccounts.some((account) => isOperatorAccount(transfer, account, player.walletCurrency))) {
    return 'DEST_ACC_INVALID';
  }
  if (judgement.slipSendingBank !== undefined && judgement.slipSendingBank !== transfer.sender.bankCode) {
    return 'NOT_MATCH';
  }
  if (transfer.sender.bankCode !== player.bankCode || !accountMatches(transfer.sender.accountNo, player.accountNo)) {
    return 'NOT_MATCH';
  }
  if (transfer.transferredAt < judgement.uploadedAt - SLIP_MAX_AGE_MS) return 'EXPIRED_SLIP';
  if (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0) return 'INVALID_SLIP';
  return null;
}
