import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import { prepared, transaction } from '../../db/prepared.ts';
import type { Database, GameProvidersTable } from '../../db/schema.ts';
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

// A game round trip runs these on every transfer: fixed SQL texts, not query-builder calls.
const transactionByRef = prepared<{ username: string; kind: string; amount: number; balance_after: number }>(
  'select username, kind, amount, balance_after from sandbox_game_transactions where provider_code = $1 and ref = $2',
);
const walletByUsername = prepared<{ username: string; password: string; balance: number }>(
  'select username, password, balance from sandbox_game_wallets where provider_code = $1 and username = $2',
);
const creditWallet = prepared<{ balance: number }>(
  `update sandbox_game_wallets set balance = balance + $1, updated_at = $2
   where provider_code = $3 and username = $4 returning balance`,
);
/** The balance condition and the change are one statement: concurrent withdrawals cannot overdraw. */
const debitWallet = prepared<{ balance: number }>(
  `update sandbox_game_wallets set balance = balance - $1, updated_at = $2
   where provider_code = $3 and username = $4 and balance >= $1 returning balance`,
);
const insertTransaction = prepared(
  `insert into sandbox_game_transactions (provider_code, ref, username, kind, amount, balance_after, created_at)
   values ($1, $2, $3, $4, $5, $6, $7)`,
);
/**
 * PostgreSQL runs a whole transfer as one statement (the change and its ref row, atomic as any single
 * statement): one round trip instead of four with BEGIN and COMMIT. SQLite has no UPDATE inside WITH,
 * and there a transaction costs no round trips.
 */
const depositInOneStatement = prepared<{ balance: number }>(
  `with moved as (
     update sandbox_game_wallets set balance = balance + $1, updated_at = $2
     where provider_code = $3 and username = $4 returning balance)
   insert into sandbox_game_transactions (provider_code, ref, username, kind, amount, balance_after, created_at)
   select $3, $5, $4, 'deposit', $1, balance, $2 from moved
   returning balance_after as balance`,
);
const withdrawInOneStatement = prepared<{ balance: number }>(
  `with moved as (
     update sandbox_game_wallets set balance = balance - $1, updated_at = $2
     where provider_code = $3 and username = $4 and balance >= $1 returning balance)
   insert into sandbox_game_transactions (provider_code, ref, username, kind, amount, balance_after, created_at)
   select $3, $5, $4, 'withdraw', $1, balance, $2 from moved
   returning balance_after as balance`,
);
const providerByCode = prepared<
  Pick<
    GameProvidersTable,
    'code' | 'name' | 'logo' | 'background' | 'has_web' | 'has_android' | 'has_ios' | 'event_fields'
  >
>(
  'select code, name, logo, background, has_web, has_android, has_ios, event_fields from game_providers where code = $1',
);

export function createSandboxGameStore(db: Kysely<Database>) {
  const oneStatementTransfers = dialectOf(db) === 'postgres';

  async function findTransaction(on: Kysely<Database>, code: string, ref: string) {
    return transactionByRef.first(on, [code, ref]);
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
    const row = await walletByUsername.first(db, [code, username]);
    return row && { code, username: row.username, password: row.password, balance: Number(row.balance) };
  }

  async function walletExists(trx: Kysely<Database>, code: string, username: string): Promise<boolean> {
    return (await walletByUsername.first(trx, [code, username])) !== undefined;
  }

  return {
    async findProvider(code: string): Promise<ProviderRow | undefined> {
      const row = await providerByCode.first(db, [code]);
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

    /** The demo slot's bets on one account since a moment: the turnover the sandbox reports. */
    async betsSince(code: string, username: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('sandbox_game_transactions')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
        .where('provider_code', '=', code)
        .where('username', '=', username)
        .where('kind', '=', 'bet')
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async transferExists(code: string, ref: string): Promise<boolean> {
      const row = await findTransaction(db, code, ref);
      return row !== undefined && (row.kind === 'deposit' || row.kind === 'withdraw');
    },

    /**
     * Moves money in or out, once per ref. The balance change and the ref row commit together; two
     * concurrent calls with one ref meet at the primary key, and the loser answers the winner's result.
     * A repeated ref is the rare case, so the change is tried first and the ref's primary key catches a
     * repeat (the transaction then rolls back and the first answer is returned); only a refused change
     * looks for an earlier call, which decides the answer if there was one.
     */
    async transfer(
      code: string,
      username: string,
      kind: TransferKind,
      amount: number,
      ref: string,
      now: number,
    ): Promise<TransferResult> {
      /** No change was made: an earlier call with this ref answers, else the wallet is missing or short. */
      const refused = async (on: Kysely<Database>): Promise<TransferResult> => {
        const first = await findTransaction(on, code, ref);
        if (first) return replay(first, username, kind, amount);
        return { ok: false, reason: (await walletExists(on, code, username)) ? 'insufficient' : 'unknown_account' };
      };
      try {
        if (oneStatementTransfers) {
          const statement = kind === 'deposit' ? depositInOneStatement : withdrawInOneStatement;
          const row = await statement.first(db, [amount, now, code, username, ref]);
          return row ? { ok: true, balance: Number(row.balance) } : await refused(db);
        }
        return await transaction(db, async (trx): Promise<TransferResult> => {
          const row = await (kind === 'deposit' ? creditWallet : debitWallet).first(trx, [amount, now, code, username]);
          if (!row) return refused(trx);
          const balance = Number(row.balance);
          await insertTransaction.run(trx, [code, ref, username, kind, amount, balance, now]);
          return { ok: true, balance };
        });
      } catch (error) {
        if (!isUniqueViolation(error, TX_PK_HINT)) throw error;
        const winner = await findTransaction(db, code, ref);
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
