import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountSecurityTables } from './schema/account-security.ts';
import type { BackofficeTables } from './schema/backoffice.ts';
import type { ChatTables } from './schema/chat.ts';
import type { DepositTables } from './schema/deposits.ts';
import type { HomeBannerTables } from './schema/home-banners.ts';
import type { PlayersDeskTables } from './schema/players-desk.ts';
import type { PromotionTables } from './schema/promotions.ts';
import type { QrcodeTables } from './schema/qrcodes.ts';
import type { SlipTables } from './schema/slips.ts';

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
  /** 'register' (the wizard's phone proof) or 'reset' (a forgotten password); never interchangeable. */
  purpose: Generated<OtpPurpose>;
}

export type OtpPurpose = 'register' | 'reset';

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
  /** Thai, and what a language without its own description shows. */
  description: string;
  description_lo: string | null;
  description_en: string | null;
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

export interface LedgerTransfersTable {
  id: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: number;
  currency: string;
  /** What moved the money, e.g. game_transfer, game_result, reversal (see ledger/kinds.ts). */
  kind: string;
  /** The business record behind it: table name and id. */
  ref_type: string;
  ref_id: string;
  created_at: number;
}

export interface StatementsTable {
  id: string;
  user_id: string;
  statement_type: string;
  from_code: string | null;
  to_code: string | null;
  amount: number;
  currency: string;
  /** PENDING, SUCCESS or FAILED. */
  status: string;
  game_account_id: string | null;
  linked_kind: string | null;
  linked_description: string | null;
  created_at: number;
  updated_at: number;
  /** The line's position in its player's statement, 1 = the oldest; set by the database (migration 022). */
  user_seq: Generated<number | null>;
}

/** How many statement lines each player has, kept by the database as lines are inserted (migration 022). */
export interface StatementCountsTable {
  user_id: string;
  total: number;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  /** Null while the first request is still running. */
  status_code: number | null;
  response: string | null;
  created_at: number;
  /** The money operation (statement id) the request started, written with the money; null before. */
  operation: string | null;
}

export interface GameProvidersTable {
  code: string;
  name: string;
  category: string;
  ft_wallet_slot: number;
  logo: string;
  background: string;
  has_web: number;
  has_android: number;
  has_ios: number;
  /** JSON array of the hidden form field names the provider's login form needs. */
  event_fields: string;
  enabled: number;
  sort_order: number;
}

export interface GameAccountsTable {
  id: string;
  user_id: string;
  provider_code: string;
  username: string;
  password: string;
  /** JSON object of hidden form fields (SPEC §3 game login account `event`). */
  event: string;
  lease_until: number;
  synced_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SandboxGameWalletsTable {
  provider_code: string;
  username: string;
  password: string;
  balance: number;
  created_at: number;
  updated_at: number;
}

export interface SandboxGameTransactionsTable {
  provider_code: string;
  ref: string;
  username: string;
  /** deposit, withdraw, bet, win. */
  kind: string;
  amount: number;
  balance_after: number;
  created_at: number;
}

/** Feature tables live in schema/<feature>.ts, one file per migration's owner. */
export interface Database
  extends AccountSecurityTables,
    BackofficeTables,
    ChatTables,
    DepositTables,
    HomeBannerTables,
    PlayersDeskTables,
    PromotionTables,
    QrcodeTables,
    SlipTables {
  users: UsersTable;
  sessions: SessionsTable;
  otp_requests: OtpRequestsTable;
  sandbox_sms: SandboxSmsTable;
  banks: BanksTable;
  sources: SourcesTable;
  settings: SettingsTable;
  auth_failures: AuthFailuresTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  statements: StatementsTable;
  statement_counts: StatementCountsTable;
  idempotency_keys: IdempotencyKeysTable;
  game_providers: GameProvidersTable;
  game_accounts: GameAccountsTable;
  sandbox_game_wallets: SandboxGameWalletsTable;
  sandbox_game_transactions: SandboxGameTransactionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OtpRequestRow = Selectable<OtpRequestsTable>;
