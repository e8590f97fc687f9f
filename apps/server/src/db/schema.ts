import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are epoch milliseconds and money is integer minor units: both bigint columns, numbers in JS. */
export interface UsersTable {
  id: string;
  username: string;
  name: string;
  password_hash: string;
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  currency: string | null;
  source_code: string | null;
  inviter_id: string | null;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OtpRequestsTable {
  id: string;
  phone: string;
  token_hash: string;
  ref: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  verified_at: number | null;
  consumed_at: number | null;
  created_at: number;
}

export interface SandboxSmsTable {
  id: Generated<number>;
  phone: string;
  text: string;
  created_at: number;
}

export interface BanksTable {
  code: string;
  name_th: string;
  name_en: string;
  country: string;
  sort_order: number;
}

export interface SourcesTable {
  code: string;
  description: string;
  sort_order: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface AuthFailuresTable {
  key: string;
  count: number;
  window_start: number;
}

export interface LedgerAccountsTable {
  id: string;
  owner_id: string | null;
  kind: string;
  provider_code: string;
  currency: string;
  balance: number;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  otp_requests: OtpRequestsTable;
  sandbox_sms: SandboxSmsTable;
  banks: BanksTable;
  sources: SourcesTable;
  settings: SettingsTable;
  auth_failures: AuthFailuresTable;
  ledger_accounts: LedgerAccountsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OtpRequestRow = Selectable<OtpRequestsTable>;
