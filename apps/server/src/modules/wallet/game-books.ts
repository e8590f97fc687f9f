import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ledgerBalance } from '../../ledger/accounts.ts';
import { settleMovement, settleStatement } from '../../ledger/booking.ts';
import { LEDGER_KINDS, type LedgerAccount, postTransfer } from '../../ledger/ledger.ts';
import type { GameProvider } from '../../providers/games/game-provider.ts';
import { callProvider } from './provider-call.ts';
import * as repo from './wallet.repo.ts';

/** What a move needs of a player's account at a provider; none of it ever changes. */
export interface GameAccountRef {
  id: string;
  providerCode: string;
  /** The player's username at the provider. */
  username: string;
}

/** Everything needed to keep one player's game account and our ledger in step. */
export interface GameAccountContext {
  userId: string;
  account: GameAccountRef;
  provider: GameProvider;
  wallet: LedgerAccount;
  game: LedgerAccount;
  /** The provider's float account in the player's currency: the other side of wins and losses. */
  float: LedgerAccount;
}

/**
 * Books the difference between what the provider holds and what our ledger says as a game result
 * (wins come from the provider's float, losses go to it), so the ledger matches reality. Runs inside
 * the caller's transaction; returns the signed amount booked.
 */
export async function bookGameResult(
  trx: Transaction<Database>,
  ctx: GameAccountContext,
  providerBalance: number,
  now: number,
): Promise<number> {
  const diff = providerBalance - (await ledgerBalance(trx, ctx.game.id));
  if (diff === 0) return 0;
  const common = { kind: LEDGER_KINDS.gameResult, refType: 'game_account', refId: ctx.account.id, now } as const;
  if (diff > 0) await postTransfer(trx, { ...common, from: ctx.float, to: ctx.game, amount: diff });
  else await postTransfer(trx, { ...common, from: ctx.game, to: ctx.float, amount: -diff });
  return diff;
}

/** Undoes a wallet → game transfer the provider never received; the player's money is back in the wallet. */
export async function reverseTransferIn(
  trx: Transaction<Database>,
  ctx: GameAccountContext,
  statementId: string,
  amount: number,
  now: number,
) {
  await settleMovement(
    trx,
    { statementId, status: 'FAILED' },
    { from: ctx.game, to: ctx.wallet, amount, kind: LEDGER_KINDS.reversal, now },
  );
}

/** Posts a game → wallet transfer the provider has paid out. */
export async function completeTransferOut(
  trx: Transaction<Database>,
  ctx: GameAccountContext,
  statementId: string,
  amount: number,
  now: number,
) {
  return settleMovement(
    trx,
    { statementId, status: 'SUCCESS' },
    { from: ctx.game, to: ctx.wallet, amount, kind: LEDGER_KINDS.gameTransfer, now },
  );
}

export interface SyncResult {
  /** The provider's balance, now also the ledger's; null when the account could not be synced. */
  balance: number | null;
  /** Whether anything in the player's wallet or game account changed. */
  changed: boolean;
}

/**
 * Settles transfers whose outcome was unknown, then makes the ledger's game account equal the
 * provider's balance. The caller holds the account's lock. If a pending transfer is still unknown
 * or the provider does not answer, nothing is booked: guessing would create or destroy money.
 */
export async function syncGameAccount(
  db: Kysely<Database>,
  ctx: GameAccountContext,
  timeoutMs: number,
  now: () => number,
): Promise<SyncResult> {
  const pending = await repo.pendingGameStatements(db, ctx.account.id);
  const resolved: { statement: repo.PendingGameStatement; done: boolean }[] = [];
  for (const statement of pending) {
    const status = await callProvider(timeoutMs, () => ctx.provider.transferStatus(statement.id));
    if (!status.ok) return { balance: null, changed: false };
    resolved.push({ statement, done: status.value === 'done' });
  }
  const balance = await callProvider(timeoutMs, () => ctx.provider.getBalance(ctx.account.username));
  if (!balance.ok) {
    // The settlements are still safe to book: they depend only on transferStatus.
    if (resolved.length > 0) await db.transaction().execute((trx) => settle(trx, ctx, resolved, null, now()));
    return { balance: null, changed: resolved.length > 0 };
  }
  const changed = await db.transaction().execute((trx) => settle(trx, ctx, resolved, balance.value, now()));
  return { balance: balance.value, changed };
}

async function settle(
  trx: Transaction<Database>,
  ctx: GameAccountContext,
  resolved: { statement: repo.PendingGameStatement; done: boolean }[],
  providerBalance: number | null,
  now: number,
): Promise<boolean> {
  let changed = false;
  const paidOut: repo.PendingGameStatement[] = [];
  for (const { statement, done } of resolved) {
    if (statement.direction === 'in') {
      if (done) await settleStatement(trx, statement.id, 'SUCCESS', now);
      else await reverseTransferIn(trx, ctx, statement.id, statement.amount, now);
      changed ||= !done;
    } else if (done) {
      paidOut.push(statement);
    } else {
      await settleStatement(trx, statement.id, 'FAILED', now);
    }
  }
  if (providerBalance !== null) {
    // Money already paid out by the provider is still in our game account until posted below, so the
    // ledger must first match the provider's balance *before* those payouts.
    const inFlight = paidOut.reduce((sum, s) => sum + s.amount, 0);
    changed = (await bookGameResult(trx, ctx, providerBalance + inFlight, now)) !== 0 || changed;
    await repo.markSynced(trx, ctx.account.id, now);
  }
  for (const statement of paidOut) {
    await completeTransferOut(trx, ctx, statement.id, statement.amount, now);
    changed = true;
  }
  return changed;
}
