import type { MoneyQueueItem } from '@wallet/contract/backoffice/money-desk';
import { type CsvColumns, fieldColumns } from '../../http/csv-reply.ts';

/** A money-desk queue as CSV: every queue shares the item shape, so one set of columns serves all four. */
export const MONEY_QUEUE_CSV: CsvColumns<MoneyQueueItem> = {
  ...fieldColumns<MoneyQueueItem>('id', 'queue', 'createdAt', 'ageSeconds', 'amount', 'currency'),
  playerId: (item) => item.player?.id,
  playerUsername: (item) => item.player?.username,
  playerName: (item) => item.player?.name,
  playerBankCode: (item) => item.player?.bankCode,
  playerBankAccountNo: (item) => item.player?.bankAccountNo,
  ...fieldColumns<MoneyQueueItem>(
    'fromBankCode',
    'fromAccountNo',
    'reference',
    'reason',
    'stage',
    'firstApprovedBy',
    'needsTwoApprovals',
  ),
  claimedBy: (item) => item.claim?.operatorUsername,
  claimExpiresAt: (item) => item.claim?.expiresAt,
};
