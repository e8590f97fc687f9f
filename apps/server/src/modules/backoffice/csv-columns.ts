import type { AuditEntry } from '@wallet/contract/backoffice/audit';
import type {
  AdjustmentView,
  BankChangeListItem,
  PlayerRecord,
  PlayerSummary,
} from '@wallet/contract/backoffice/players';
import type { StaffView } from '@wallet/contract/backoffice/staff';
import { type CsvColumns, fieldColumns } from '../../http/csv-reply.ts';

/** The back office's CSV exports: one column per field of the list's rows, nested ones flattened. */

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export const AUDIT_CSV: CsvColumns<AuditEntry> = {
  ...fieldColumns<AuditEntry>(
    'at',
    'operatorUsername',
    'operatorRole',
    'operatorId',
    'action',
    'targetType',
    'targetId',
  ),
  before: (entry) => json(entry.before),
  after: (entry) => json(entry.after),
  ...fieldColumns<AuditEntry>('reason', 'ip', 'requestId', 'id'),
};

export const PLAYERS_CSV = fieldColumns<PlayerSummary>(
  'id',
  'username',
  'name',
  'status',
  'bankCode',
  'bankAccountNo',
  'currency',
  'wallet',
  'createdAt',
);

export const PLAYER_RECORDS_CSV = fieldColumns<PlayerRecord>(
  'id',
  'createdAt',
  'type',
  'amount',
  'currency',
  'status',
  'from',
  'to',
  'note',
);

export const BANK_CHANGES_CSV: CsvColumns<BankChangeListItem> = {
  ...fieldColumns<BankChangeListItem>('id', 'createdAt', 'userId', 'username', 'name', 'status'),
  oldBankCode: (request) => request.old.bankCode,
  oldBankAccountNo: (request) => request.old.bankAccountNo,
  oldBankAccountName: (request) => request.old.bankAccountName,
  newBankCode: (request) => request.new.bankCode,
  newBankAccountNo: (request) => request.new.bankAccountNo,
  newBankAccountName: (request) => request.new.bankAccountName,
  ...fieldColumns<BankChangeListItem>('reason', 'decidedAt', 'decidedBy'),
};

export const ADJUSTMENTS_CSV = fieldColumns<AdjustmentView>(
  'id',
  'createdAt',
  'userId',
  'username',
  'name',
  'direction',
  'amount',
  'currency',
  'status',
  'reason',
  'createdBy',
  'decidedBy',
  'decidedAt',
  'decisionReason',
  'walletAfter',
);

export const STAFF_CSV = fieldColumns<StaffView>(
  'id',
  'username',
  'role',
  'status',
  'totpEnabled',
  'createdAt',
  'lastLoginAt',
);
