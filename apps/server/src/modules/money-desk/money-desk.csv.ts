import type { MoneyQueueItem } from '@wallet/contract/backoffice/money-desk';
import type { CsvColumns } from '../../http/csv-reply.ts';

/** A money-desk queue as CSV: every queue shares the item shape, so one set of columns serves all four. */
export const MONEY_QUEUE_CSV: CsvColumns<MoneyQueueItem> = {
  id: (item) => item.id,
  queue: (item) => item.queue,
  createdAt: (item) => item.createdAt,
  ageSeconds: (item) => item.ageSeconds,
  amount: (item) => item.amount,
  currency: (item) => item.currency,
  playerId: (item) => item.player?.id,
  playerUsername: (item) => item.player?.username,
  playerName: (item) => item.player?.name,
  playerBankCode: (item) => item.player?.bankCode,
  playerBankAccountNo: (item) => item.player?.bankAccountNo,
  fromBankCode: (item) => item.fromBankCode,
  fromAccountNo: (item) => item.fromAccountNo,
  reference: (item) => item.reference,
  reason: (item) => item.reason,
  stage: (item) => item.stage,
  firstApprovedBy: (item) => item.firstApprovedBy,
  needsTwoApprovals: (item) => item.needsTwoApprovals,
  claimedBy: (item) => item.claim?.operatorUsername,
  claimExpiresAt: (item) => item.claim?.expiresAt,
};
