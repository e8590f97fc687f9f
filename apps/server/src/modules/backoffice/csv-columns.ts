import type { AuditEntry } from '@wallet/contract/backoffice/audit';
import type {
  AdjustmentView,
  BankChangeListItem,
  PlayerRecord,
  PlayerSummary,
} from '@wallet/contract/backoffice/players';
import type { StaffView } from '@wallet/contract/backoffice/staff';
import type { CsvColumns } from '../../http/csv-reply.ts';

/** The back office's CSV exports: one column per field of the list's rows, nested ones flattened. */

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export const AUDIT_CSV: CsvColumns<AuditEntry> = {
  at: (e) => e.at,
  operatorUsername: (e) => e.operatorUsername,
  operatorRole: (e) => e.operatorRole,
  operatorId: (e) => e.operatorId,
  action: (e) => e.action,
  targetType: (e) => e.targetType,
  targetId: (e) => e.targetId,
  before: (e) => json(e.before),
  after: (e) => json(e.after),
  reason: (e) => e.reason,
  ip: (e) => e.ip,
  requestId: (e) => e.requestId,
  id: (e) => e.id,
};

export const PLAYERS_CSV: CsvColumns<PlayerSummary> = {
  id: (p) => p.id,
  username: (p) => p.username,
  name: (p) => p.name,
  status: (p) => p.status,
  bankCode: (p) => p.bankCode,
  bankAccountNo: (p) => p.bankAccountNo,
  currency: (p) => p.currency,
  wallet: (p) => p.wallet,
  createdAt: (p) => p.createdAt,
};

export const PLAYER_RECORDS_CSV: CsvColumns<PlayerRecord> = {
  id: (r) => r.id,
  createdAt: (r) => r.createdAt,
  type: (r) => r.type,
  amount: (r) => r.amount,
  currency: (r) => r.currency,
  status: (r) => r.status,
  from: (r) => r.from,
  to: (r) => r.to,
  note: (r) => r.note,
};

export const BANK_CHANGES_CSV: CsvColumns<BankChangeListItem> = {
  id: (r) => r.id,
  createdAt: (r) => r.createdAt,
  userId: (r) => r.userId,
  username: (r) => r.username,
  name: (r) => r.name,
  status: (r) => r.status,
  oldBankCode: (r) => r.old.bankCode,
  oldBankAccountNo: (r) => r.old.bankAccountNo,
  oldBankAccountName: (r) => r.old.bankAccountName,
  newBankCode: (r) => r.new.bankCode,
  newBankAccountNo: (r) => r.new.bankAccountNo,
  newBankAccountName: (r) => r.new.bankAccountName,
  reason: (r) => r.reason,
  decidedAt: (r) => r.decidedAt,
  decidedBy: (r) => r.decidedBy,
};

export const ADJUSTMENTS_CSV: CsvColumns<AdjustmentView> = {
  id: (a) => a.id,
  createdAt: (a) => a.createdAt,
  userId: (a) => a.userId,
  username: (a) => a.username,
  name: (a) => a.name,
  direction: (a) => a.direction,
  amount: (a) => a.amount,
  currency: (a) => a.currency,
  status: (a) => a.status,
  reason: (a) => a.reason,
  createdBy: (a) => a.createdBy,
  decidedBy: (a) => a.decidedBy,
  decidedAt: (a) => a.decidedAt,
  decisionReason: (a) => a.decisionReason,
  walletAfter: (a) => a.walletAfter,
};

export const STAFF_CSV: CsvColumns<StaffView> = {
  id: (s) => s.id,
  username: (s) => s.username,
  role: (s) => s.role,
  status: (s) => s.status,
  totpEnabled: (s) => s.totpEnabled,
  createdAt: (s) => s.createdAt,
  lastLoginAt: (s) => s.lastLoginAt,
};
