import type { ProfileResponse } from '@wallet/contract/account';
import { TRANSFER_PENDING } from '@wallet/contract/constants';
import { fromMinor, toMinor } from '@wallet/contract/money';
import {
  type GameAccount,
  type GameCategory,
  type GameLoginAccount,
  type RefreshSlotsResponse,
  WALLET_CODE,
  type WalletMoveResponse,
  type WalletResponse,
} from '@wallet/contract/wallet';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/dialect.ts';
import { type MoneyTransactions, PLAIN_TRANSACTIONS } from '../../db/money-transactions.ts';
import type { Database } from '../../db/schema.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import { ledgerBalance, openGameLedgerAccount, playerLedgerAccounts } from '../../ledger/accounts.ts';
import { bookMovement, insertStatement, settleStatement, settleStatementWithCommit } from '../../ledger/booking.ts';
import { InsufficientFunds, LEDGER_KINDS, SYSTEM_KINDS, type SystemAccounts } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError, refused, upstreamFailed } from '../../lib/domain-error.ts';
import { orderedId, randomId } from '../../lib/ids.ts';
import type { GameCredentials, GameProvider, GameProviders } from '../../providers/games/game-provider.ts';
import { createGameAccountLocks, GameAccountBusy } from './game-account-lock.ts';
import {
  bookGameResult,
  completeTransferOut,
  type GameAccountContext,
  reverseTransferIn,
  syncGameAccount,
} from './game-books.ts';
import { callProvider } from './provider-call.ts';
import * as repo from './wallet.repo.ts';

/** Game accounts whose ledger ids are kept in memory (about 300 bytes each), oldest dropped first. */
const KNOWN_ACCOUNTS_MAX = 20_000;

/** The smallest transfer (SPEC §9: default minimum transfer 1 baht), in minor units. */
export const MIN_TRANSFER_MINOR = 100;

export interface WalletServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  games: GameProviders;
  /** The account feature's profile of a player, which GET /api/wallet answers beside the money. */
  accounts: { getProfile(userId: string): Promise<ProfileResponse> };
  /** The promotions feature's invite amount and the terms of the bonus it becomes (SPEC §3 wallet invite). */
  invites?: { inviteSummary(userId: string): Promise<{ amount: number; success: number; fail: number }> };
  systemAccount: SystemAccounts;
  providerTimeoutMs: number;
  /** Notified after every committed change to the player's money (wallet.changed) and after a refresh (game.refreshed). */
  events: DomainEvents;
  /**
   * Player protection: a timed-out or excluded player moves no money into a game and gets no game
   * access (credentials, a reset password, a new game account, launch links) in any session, wherever
   * it is open; money comes back out of games to the wallet as always.
   */
  restrictions: PlayerRestrictions;
}

/** Without the promotions feature there is no invite programme: nothing to claim. */
const NO_INVITE = { amount: 0, success: 0, fail: 0 };

type MoveResult = { status: 200 | 202; body: WalletMoveResponse };

export function createWalletService(deps: WalletServiceDeps) {
  const { db, clock, games, providerTimeoutMs, events } = deps;
  const locks = createGameAccountLocks(db, deps.dialect, clock);
  const now = () => clock.now();

  function providerOf(code: string): GameProvider {
    const provider = games.get(code);
    if (!provider) throw refused('NO_GAME');
    return provider;
  }

  async function slotEntries(userId: string): Promise<GameAccount[]> {
    const [rows, launchable] = await Promise.all([
      repo.listSlots(db, userId),
      deps.restrictions.allows(userId, 'game.launch'),
    ]);
    return Promise.all(rows.map((row) => toEntry(row, launchable)));
  }

  /** A slot as the wallet lists it; its launch links (game access) only when the player may launch. */
  async function toEntry(row: repo.SlotRow, launchable: boolean): Promise<GameAccount> {
    const isActive = row.accountId !== null;
    let links = { web: null as string | null, android: null as string | null, ios: null as string | null };
    const provider = games.get(row.code);
    if (launchable && isActive && provider && row.username && row.password) {
      const credentials = { username: row.username, password: row.password, event: JSON.parse(row.event ?? '{}') };
      const launched = await callProvider(providerTimeoutMs, () => provider.launch(credentials));
      if (launched.ok) links = launched.value;
    }
    return {
      code: row.code,
      name: row.name,
      logo: row.logo,
      background: row.background,
      isActive,
      amount: fromMinor(row.balance),
      ftWalletSlot: row.ftWalletSlot,
      ...links,
      category: row.category as GameCategory,
    };
  }

  /**
   * The accounts behind a player's game account, once read. Ledger account ids, the currency and the
   * username at the provider never change once the game account exists (a password reset changes only
   * the password), so they hold on every instance; a transfer then reads no row before it writes.
   */
  const knownAccounts = new Map<string, Pick<GameAccountContext, 'account' | 'wallet' | 'game'>>();

  /** Loads what one game-account operation needs, refusing unknown providers and missing accounts. */
  async function context(userId: string, code: string): Promise<GameAccountContext> {
    const provider = providerOf(code);
    const key = `${userId}\u0000${code}`;
    let known = knownAccounts.get(key);
    if (!known) {
      const { wallet, game, account } = await repo.gameMoveAccounts(db, userId, code);
      // Never remembered while missing: the player may activate the provider a moment later.
      if (!account || !game) throw refused('SLOT_NO_ACCOUNT');
      known = {
        account: { id: account.id, providerCode: account.providerCode, username: account.username },
        wallet: { id: wallet.id, ownerId: wallet.ownerId, currency: wallet.currency },
        game: { id: game.id, ownerId: game.ownerId, currency: game.currency },
      };
      if (knownAccounts.size >= KNOWN_ACCOUNTS_MAX) knownAccounts.delete(knownAccounts.keys().next().value as string);
      knownAccounts.set(key, known);
    }
    const float = await deps.systemAccount(SYSTEM_KINDS.gameFloat, code, known.wallet.currency);
    return { userId, provider, float, ...known };
  }

  async function walletMinor(userId: string): Promise<number> {
    return (await playerLedgerAccounts(db, userId)).wallet.balance;
  }

  function moved(walletAfter: number, status: 200 | 202 = 200, message = 'SUCCESS'): MoveResult {
    return { status, body: { message, wallet: { amount: fromMinor(walletAfter) } } };
  }

  async function getWallet(userId: string): Promise<WalletResponse> {
    const [profile, ledger, slots, invite] = await Promise.all([
      deps.accounts.getProfile(userId),
      playerLedgerAccounts(db, userId),
      slotEntries(userId),
      deps.invites ? deps.invites.inviteSummary(userId) : NO_INVITE,
    ]);
    const { bankAccount, ...rest } = profile;
    return {
      profile: rest,
      bankAccount,
      wallet: { amount: fromMinor(ledger.wallet.balance) },
      invite,
      slots,
    };
  }

  /** Asks every provider for its balance (settling unknown transfers first), then lists the accounts. */
  async function refreshSlots(userId: string): Promise<RefreshSlotsResponse> {
    const accounts = await repo.listGameAccounts(db, userId);
    const results = await Promise.all(
      accounts.map(async (account) => {
        try {
          const ctx = await context(userId, account.providerCode);
          // A refresh does not wait behind another instance's long transfer: it shows the ledger's figure.
          return await locks.withAccount(account.id, () => syncGameAccount(db, ctx, providerTimeoutMs, now), {
            waitMs: 1_000,
          });
        } catch (error) {
          if (error instanceof GameAccountBusy) return { balance: null, changed: false };
          throw error;
        }
      }),
    );
    if (results.some((result) => result.changed)) {
      events.notify('wallet.changed', { userId, walletMinor: await walletMinor(userId) });
      events.notify('game.refreshed', { userId });
    }
    return { slots: await slotEntries(userId), updatedAt: new Date(now()).toISOString() };
  }

  async function activate(userId: string, code: string): Promise<GameAccount> {
    const provider = providerOf(code);
    // A new game account comes with credentials and launch links: game access like a launch.
    await deps.restrictions.assertAllowed(userId, 'game.launch');
    if (!(await repo.findProvider(db, code))) throw refused('NO_GAME');
    if (await repo.findGameAccount(db, userId, code)) throw refused('SLOT_ALREADY_ACTIVE');
    const opened = await callProvider(providerTimeoutMs, () => provider.activate(userId));
    if (!opened.ok) throw upstreamFailed('SLOT_ACTIVATE_FAIL');
    const { wallet } = await playerLedgerAccounts(db, userId);
    try {
      await db.transaction().execute(async (trx) => {
        const at = now();
        await repo.insertGameAccount(trx, { id: randomId(16), userId, providerCode: code, ...opened.value, now: at });
        await openGameLedgerAccount(trx, userId, code, wallet.currency, at);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'game_accounts')) throw refused('SLOT_ALREADY_ACTIVE');
      throw error;
    }
    const row = (await repo.listSlots(db, userId)).find((slot) => slot.code === code);
    if (!row) throw refused('NO_GAME');
    return toEntry(row, true);
  }

  async function loginAccount(userId: string, code: string): Promise<GameLoginAccount> {
    const provider = providerOf(code);
    // The credentials sign in at the provider: a launch by another door.
    await deps.restrictions.assertAllowed(userId, 'game.launch');
    const account = await repo.findGameAccount(db, userId, code);
    if (!account) throw refused('SLOT_NO_ACCOUNT');
    // The provider is the authority (an operator may have changed the password there); our copy is
    // the fallback when it does not answer.
    const fresh = await callProvider(providerTimeoutMs, () => provider.getLoginAccount(account.username));
    if (!fresh.ok) return pickCredentials(account);
    if (
      fresh.value.password !== account.password ||
      JSON.stringify(fresh.value.event) !== JSON.stringify(account.event)
    ) {
      await repo.updateGameCredentials(db, account.id, fresh.value, now());
    }
    return pickCredentials(fresh.value);
  }

  async function resetPassword(userId: string, code: string): Promise<GameLoginAccount> {
    const provider = providerOf(code);
    // A new password signs in at the provider as the credentials do: asked before the provider changes it.
    await deps.restrictions.assertAllowed(userId, 'game.launch');
    const account = await repo.findGameAccount(db, userId, code);
    if (!account) throw refused('SLOT_NO_ACCOUNT');
    const reset = await callProvider(providerTimeoutMs, () => provider.resetPassword(account.username));
    if (!reset.ok) throw upstreamFailed('SLOT_RESET_PASSWORD_FAIL');
    await repo.updateGameCredentials(db, account.id, reset.value, now());
    return pickCredentials(reset.value);
  }

  async function autoLogin(userId: string, code: string, username: string, password: string | undefined) {
    const provider = providerOf(code);
    await deps.restrictions.assertAllowed(userId, 'game.launch');
    const account = await repo.findGameAccount(db, userId, code);
    // Another player's username answers the same as no account, so usernames cannot be probed.
    if (!account || account.username !== username) throw refused('SLOT_NO_ACCOUNT');
    const link = await callProvider(providerTimeoutMs, () => provider.autoLogin(username, password));
    if (!link.ok) throw link.kind === 'rejected' ? refused('WRONG_PASSWORD') : upstreamFailed('LOGIN_FAIL');
    return { link: link.value };
  }

  /**
   * The transaction that ends a move. When this move is the whole request (`last`) it settles the
   * outcome, which the caller may keep with it (the route stores its answer there, at no write of its own).
   */
  function finishMove(
    tx: MoneyTransactions<MoveResult>,
    last: boolean,
    work: (trx: Transaction<Database>) => Promise<MoveResult>,
  ): Promise<MoveResult> {
    return last ? tx.finish(db, work) : tx.transaction(db, work);
  }

  /** Wallet → game account. The ledger moves first; the provider call follows outside the transaction. */
  async function transferIn(
    ctx: GameAccountContext,
    amount: number | 'all',
    tx: MoneyTransactions<MoveResult>,
    last: boolean,
  ): Promise<MoveResult> {
    return locks.withAccount(
      ctx.account.id,
      async (hold) => {
        const statementId = orderedId(now());
        let walletAfter = 0;
        let gameAfter = 0;
        let value = 0;
        try {
          await hold.first((takeLease) =>
            tx.transaction(
              db,
              async (trx) => {
                await takeLease(trx);
                const at = now();
                value = amount === 'all' ? await ledgerBalance(trx, ctx.wallet.id) : amount;
                if (value < MIN_TRANSFER_MINOR)
                  throw amount === 'all' ? new InsufficientFunds(ctx.wallet.id) : refused('TRANSFER_MINIMUM', 'amount');
                const result = await bookMovement(trx, {
                  statement: {
                    id: statementId,
                    userId: ctx.userId,
                    statementType: 'transfer',
                    fromCode: WALLET_CODE,
                    toCode: ctx.account.providerCode,
                    status: 'PENDING',
                    gameAccountId: ctx.account.id,
                  },
                  from: ctx.wallet,
                  to: ctx.game,
                  amount: value,
                  kind: LEDGER_KINDS.gameTransfer,
                  now: at,
                });
                walletAfter = result.fromBalance;
                gameAfter = result.toBalance;
              },
              statementId,
            ),
          );
        } catch (error) {
          if (error instanceof InsufficientFunds) throw refused('MONEY_NOT_ENOUGH', 'amount');
          throw error;
        }
        events.notify('wallet.changed', { userId: ctx.userId, walletMinor: walletAfter });
        const deposit = await callProvider(providerTimeoutMs, () =>
          ctx.provider.deposit(ctx.account.username, value, statementId),
        );
        if (deposit.ok) {
          return finishMove(tx, last, async (trx) => {
            await settleStatementWithCommit(trx, statementId, 'SUCCESS', now());
            // Wins or losses since the last sync show up here for free: keep the ledger in step.
            if (deposit.value.balance !== gameAfter) await bookGameResult(trx, ctx, deposit.value.balance, now());
            await hold.releaseIn(trx);
            return moved(walletAfter);
          });
        }
        const outcome = deposit.kind === 'rejected' ? 'not_found' : await lookUp(ctx, statementId);
        if (outcome === 'done') {
          await settleStatement(db, statementId, 'SUCCESS', now());
          return moved(walletAfter);
        }
        if (outcome === 'not_found') {
          await db.transaction().execute((trx) => reverseTransferIn(trx, ctx, statementId, value, now()));
          events.notify('wallet.changed', { userId: ctx.userId, walletMinor: await walletMinor(ctx.userId) });
          throw upstreamFailed('TRANSFER_FAIL');
        }
        return moved(walletAfter, 202, TRANSFER_PENDING);
      },
      { stopWaiting: tx.repeatOfAnother, leaseInFirstTransaction: true },
    );
  }

  /** Game account → wallet. The provider pays out first; the ledger follows once it has. */
  async function transferOut(
    ctx: GameAccountContext,
    amount: number | 'all',
    tx: MoneyTransactions<MoveResult>,
    last: boolean,
  ): Promise<MoveResult> {
    return locks.withAccount(
      ctx.account.id,
      async (hold) => {
        const synced = await syncGameAccount(db, ctx, providerTimeoutMs, now);
        if (synced.balance === null) throw upstreamFailed('TRANSFER_FAIL');
        if (synced.changed)
          events.notify('wallet.changed', { userId: ctx.userId, walletMinor: await walletMinor(ctx.userId) });
        const value = amount === 'all' ? synced.balance : amount;
        if (amount === 'all' && value === 0) return moved(await walletMinor(ctx.userId));
        if (value < MIN_TRANSFER_MINOR && amount !== 'all') throw refused('TRANSFER_MINIMUM', 'amount');
        if (synced.balance < value) throw refused('MONEY_NOT_ENOUGH', 'amount');

        const statementId = orderedId(now());
        await tx.transaction(
          db,
          (trx) =>
            insertStatement(trx, {
              id: statementId,
              userId: ctx.userId,
              statementType: 'transfer',
              fromCode: ctx.account.providerCode,
              toCode: WALLET_CODE,
              amount: value,
              currency: ctx.wallet.currency,
              status: 'PENDING',
              gameAccountId: ctx.account.id,
              now: now(),
            }),
          statementId,
        );
        const withdrawal = await callProvider(providerTimeoutMs, () =>
          ctx.provider.withdraw(ctx.account.username, value, statementId),
        );
        const outcome = withdrawal.ok
          ? 'done'
          : withdrawal.kind === 'rejected'
            ? 'not_found'
            : await lookUp(ctx, statementId);
        if (outcome === 'done') {
          let walletAfter = 0;
          const result = await finishMove(tx, last, async (trx) => {
            const at = now();
            if (withdrawal.ok) await bookGameResult(trx, ctx, withdrawal.value.balance + value, at);
            walletAfter = (await completeTransferOut(trx, ctx, statementId, value, at)).toBalance;
            await hold.releaseIn(trx);
            return moved(walletAfter);
          });
          events.notify('wallet.changed', { userId: ctx.userId, walletMinor: walletAfter });
          return result;
        }
        if (outcome === 'not_found') {
          await settleStatement(db, statementId, 'FAILED', now());
          // The provider refused: the player played the money away since the sync, or the provider is down.
          throw withdrawal.ok === false && withdrawal.kind === 'rejected'
            ? refused('MONEY_NOT_ENOUGH', 'amount')
            : upstreamFailed('TRANSFER_FAIL');
        }
        return moved(await walletMinor(ctx.userId), 202, TRANSFER_PENDING);
      },
      { stopWaiting: tx.repeatOfAnother },
    );
  }

  async function lookUp(ctx: GameAccountContext, statementId: string): Promise<'done' | 'not_found' | 'unknown'> {
    const status = await callProvider(providerTimeoutMs, () => ctx.provider.transferStatus(statementId));
    return status.ok ? status.value : 'unknown';
  }

  /**
   * `tx` runs the move's transactions (db/money-transactions.ts): each game transfer names its statement
   * as the operation it starts, and the last transaction settles the outcome, so whoever called can keep
   * what it must with the money (the route: the Idempotency-Key's claim and answer).
   */
  async function transfer(
    userId: string,
    from: string,
    to: string,
    amountMajor: number,
    tx: MoneyTransactions<MoveResult> = PLAIN_TRANSACTIONS,
  ): Promise<MoveResult> {
    if (from === to) throw refused('KEY_INVALID', 'to');
    const amount = toMinor(amountMajor);
    if (amount < MIN_TRANSFER_MINOR) throw refused('TRANSFER_MINIMUM', 'amount');
    if (to !== WALLET_CODE) await deps.restrictions.assertAllowed(userId, 'game.transfer');
    if (from === WALLET_CODE) return transferIn(await context(userId, to), amount, tx, true);
    if (to === WALLET_CODE) return transferOut(await context(userId, from), amount, tx, true);
    // Game to game goes through the wallet: if the second leg fails, the money waits in the wallet.
    const [source, target] = await Promise.all([context(userId, from), context(userId, to)]);
    const out = await transferOut(source, amount, tx, false);
    if (out.status !== 200) return out;
    return transferIn(target, amount, tx, true);
  }

  async function transferAll(
    userId: string,
    to: string,
    tx: MoneyTransactions<MoveResult> = PLAIN_TRANSACTIONS,
  ): Promise<MoveResult> {
    if (to !== WALLET_CODE) {
      await deps.restrictions.assertAllowed(userId, 'game.transfer');
      return transferIn(await context(userId, to), 'all', tx, true);
    }
    const accounts = await repo.listGameAccounts(db, userId);
    let last = moved(await walletMinor(userId));
    let pending = false;
    for (const account of accounts) {
      const result = await transferOut(await context(userId, account.providerCode), 'all', tx, false);
      pending ||= result.status === 202;
      last = result;
    }
    return pending ? moved(await walletMinor(userId), 202, TRANSFER_PENDING) : last;
  }

  /**
   * Answers a transfer or transferAll whose first attempt died before answering (the route's recovery
   * of an abandoned Idempotency-Key). `operation` is the game transfer it had started: settled as a refresh settles it, then
   * answered as the first attempt would have, going on where that attempt would have gone on. (One
   * that started nothing simply runs again: http/idempotency.ts does that for every recovering route.)
   */
  async function recoverTransfer(
    userId: string,
    move: { from: string; to: string; amountMajor: number } | { to: string; all: true },
    operation: string,
    tx: MoneyTransactions<MoveResult>,
  ): Promise<MoveResult> {
    const all = 'all' in move;
    const started = await repo.findGameTransfer(db, userId, operation);
    if (!started) throw new DomainError('INTERNAL_SERVER_ERROR', 'internal');
    const into = started.fromCode === WALLET_CODE;
    let status = started.status;
    if (status === 'PENDING') {
      const ctx = await context(userId, into ? started.toCode : started.fromCode);
      const synced = await locks.withAccount(ctx.account.id, () => syncGameAccount(db, ctx, providerTimeoutMs, now));
      if (synced.changed) events.notify('wallet.changed', { userId, walletMinor: await walletMinor(userId) });
      status = (await repo.findGameTransfer(db, userId, operation))?.status ?? status;
    }
    if (status === 'PENDING') return moved(await walletMinor(userId), 202, TRANSFER_PENDING);
    if (status === 'FAILED') throw upstreamFailed('TRANSFER_FAIL');
    // A leg out of a game that was done: the first attempt went on to the next game account (transferAll)
    // or to the second leg of a game-to-game move.
    if (!into && all && move.to === WALLET_CODE) return transferAll(userId, move.to, tx);
    if (!into && !all && move.to !== WALLET_CODE) {
      return transferIn(await context(userId, move.to), toMinor(move.amountMajor), tx, true);
    }
    return moved(await walletMinor(userId));
  }

  return {
    getWallet,
    refreshSlots,
    activate,
    loginAccount,
    resetPassword,
    autoLogin,
    transfer,
    transferAll,
    recoverTransfer,
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

function pickCredentials(credentials: GameCredentials): GameLoginAccount {
  return { username: credentials.username, password: credentials.password, event: credentials.event };
}
