import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

/**
 * The sandbox game service's own books (tables sandbox_game_wallets and sandbox_game_transactions). It is
 * "another company": nothing here reads the wallet's ledger. Balances are integer minor units; a balance
 * never goes below zero because every debit is a conditional UPDATE, correct under concurrency on both
 * SQLite and PostgreSQL.
 */

export interface SandboxWallet {
  code: string;
  username: string;
  password: string;
  balance: number;
}

export interface ProviderRow {
  code: string;
  name: string;
  logo: string;
  background: string;
  hasWeb: boolean;
  hasAndroid: boolean;
  hasIos: boolean;
  eventFields: string[];
}

export type TransferKind = 'deposit' | 'withdraw';
export type TransferResult =
  | { ok: true; balance: number }
  | { ok: false; reason: 'unknown_account' | 'insufficient' | 'ref_conflict' };
export type SpinResult = { ok: true; balance: number } | { ok: false; reason: 'unknown_account' | 'insufficient' };

const TX_PK_HINT = 'sandbox_game_transactions';

export function createSandboxGameStore(db: Kysely<Database>) {
  async function findTransaction(code: string, ref: string) {
    return db
      .selectFrom('sandbox_game_transactions')
      .select(['username', 'kind', 'amount', 'balance_after'])
      .where('provider_code', '=', code)
      .where('ref', '=', ref)
      .executeTakeFirst();
  }

  /** A repeated ref answers what the first call answered; a ref reused for another transfer is refused. */
  function replay(
    first: { username: string; kind: string; amount: number; balance_after: number },
    username: string,
    kind: TransferKind,
    amount: number,
  ): TransferResult {
    if (first.username !== username || first.kind !== kind || Number(first.amount) !== amount) {
      return { ok: false, reason: 'ref_conflict' };
    }
    return { ok: true, balance: Number(first.balance_after) };
  }

  async function findWallet(code: string, username: string): Promise<SandboxWallet | undefined> {
    const row = await db
      .selectFrom('sandbox_game_wallets')
      .select(['username', 'password', 'balance'])
      .where('provider_code', '=', code)
      .where('username', '=', username)
      .executeTakeFirst();
    return row && { code, username: row.username, password: row.password, balance: Number(row.balance) };
  }

  async function walletExists(trx: Kysely<Database>, code: string, username: string): Promise<boolean> {
    const row = await trx
      .selectFrom('sandbox_game_wallets')
      .select('username')
      .where('provider_code', '=', code)
      .where('username', '=', username)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    async findProvider(code: string): Promise<ProviderRow | undefined> {
      const row = await db.selectFrom('game_providers').selectAll().where('code', '=', code).executeTakeFirst();
      if (!row) return undefined;
      return {
        code: row.code,
        name: row.name,
        logo: row.logo,
        background: row.background,
        hasWeb: Number(row.has_web) === 1,
        hasAndroid: Number(row.has_android) === 1,
        hasIos: Number(row.has_ios) === 1,
        eventFields: parseEventFields(row.event_fields),
      };
    },

    findWallet,

    /** Creates the wallet unless it exists; either way returns the stored one (a retry keeps its password). */
    async openWallet(code: string, username: string, password: string, now: number): Promise<SandboxWallet> {
      await db
        .insertInto('sandbox_game_wallets')
        .values({ provider_code: code, username, password, balance: 0, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['provider_code', 'username']).doNothing())
        .execute();
      const wallet = await findWallet(code, username);
      if (!wallet) throw new Error(`sandbox wallet ${code}/${username} vanished after insert`);
      return wallet;
    },

    async setPassword(code: string, username: string, password: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sandbox_game_wallets')
        .set({ password, updated_at: now })
        .where('provider_code', '=', code)
        .where('username', '=', username)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async transferExists(code: string, ref: string): Promise<boolean> {
      const row = await findTransaction(code, ref);
      return row !== undefined && (row.kind === 'deposit' || row.kind === 'withdraw');
    },

    /**
     * Moves money in or out, once per ref. The balance change and the ref row commit together; two
     * concurrent calls with one ref meet at the primary key, and the loser answers the winner's result.
     */
    async transfer(
      code: string,
      username: string,
      kind: TransferKind,
      amount: number,
      ref: string,
      now: number,
    ): Promise<TransferResult> {
      const first = await findTransaction(code, ref);
      if (first) return replay(first, username, kind, amount);
      try {
        return await db.transaction().execute(async (trx): Promise<TransferResult> => {
          let update = trx
            .updateTable('sandbox_game_wallets')
            .set((eb) => ({
              balance: kind === 'deposit' ? eb('balance', '+', amount) : eb('balance', '-', amount),
              updated_at: now,
            }))
            .where('provider_code', '=', code)
            .where('username', '=', username);
          if (kind === 'withdraw') update = update.where('balance', '>=', amount);
          const row = await update.returning('balance').executeTakeFirst();
          if (!row) {
            return {
              ok: false,
              reason: (await walletExists(trx, code, username)) ? 'insufficient' : 'unknown_account',
            };
          }
          const balance = Number(row.balance);
          await trx
            .insertInto('sandbox_game_transactions')
            .values({ provider_code: code, ref, username, kind, amount, balance_after: balance, created_at: now })
            .execute();
          return { ok: true, balance };
        });
      } catch (error) {
        if (!isUniqueViolation(error, TX_PK_HINT)) throw error;
        const winner = await findTransaction(code, ref);
        if (!winner) throw error;
        return replay(winner, username, kind, amount);
      }
    },

    /** One spin of the demo slot: the bet out and the win in, as one change, with a row for each. */
    async settleSpin(code: string, username: string, bet: number, win: number, now: number): Promise<SpinResult> {
      return db.transaction().execute(async (trx): Promise<SpinResult> => {
        const row = await trx
          .updateTable('sandbox_game_wallets')
          .set((eb) => ({ balance: eb(eb('balance', '-', bet), '+', win), updated_at: now }))
          .where('provider_code', '=', code)
          .where('username', '=', username)
          .where('balance', '>=', bet)
          .returning('balance')
          .executeTakeFirst();
        if (!row) {
          return { ok: false, reason: (await walletExists(trx, code, username)) ? 'insufficient' : 'unknown_account' };
        }
        const balance = Number(row.balance);
        const round = randomUUID();
        await trx
          .insertInto('sandbox_game_transactions')
          .values([
            {
              provider_code: code,
              ref: `spin:${round}:bet`,
              username,
              kind: 'bet',
              amount: bet,
              balance_after: balance - win,
              created_at: now,
            },
            {
              provider_code: code,
              ref: `spin:${round}:win`,
              username,
              kind: 'win',
              amount: win,
              balance_after: balance,
              created_at: now,
            },
          ])
          .execute();
        return { ok: true, balance };
      });
    },
  };
}

export type SandboxGameStore = ReturnType<typeof createSandboxGameStore>;

/** event_fields is operator-editable JSON; anything but an array of strings counts as no fields. */
function parseEventFields(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
