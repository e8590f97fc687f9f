import type { Kysely, Transaction } from 'kysely';
import { transaction } from '../../db/prepared.ts';
import type { UserBonusSource } from '../../db/schema/promotions.ts';
import type { Database } from '../../db/schema.ts';
import type { DomainEvents, InTransactionEvents } from '../../events/domain-events.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import { ledgerCurrency, playerLedgerAccounts } from '../../ledger/accounts.ts';
import { bookMovement, insertStatement, type StatementEntry } from '../../ledger/booking.ts';
import { InsufficientFunds, LEDGER_KINDS, SYSTEM_KINDS, type SystemAccounts } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, DomainError, refused } from '../../lib/domain-error.ts';
import { orderedId } from '../../lib/ids.ts';
import type { GameProviders } from '../../providers/games/game-provider.ts';
import * as repo from './promotions.repo.ts';

/** What a bonus promises, whatever it came from (a bonus card, a code, an invite or refund claim). */
export interface BonusTerms {
  source: UserBonusSource;
  code: string;
  /**
   * The statement's linked object (SPEC §3): its kind is the source, this its description. The code,
   * not a name: a statement line is stored once and read in whichever language the player has on.
   */
  description: string;
  kind: 'percent' | 'fixed';
  /** Percent of the player's credit, or minor units. */
  value: number;
  /** Minor units; 0: no cap. */
  maxBonus: number;
  /** Minor units the wallet must hold to take it. */
  minDeposit: number;
  percentSuccess: number;
  percentFail: number;
  turnoverMultiple: number;
  /** Minor units; 0: no cap. */
  maxWithdraw: number;
}

/**
 * The bonus a player would receive now: a percent of the wallet (rounded down, capped) or a fixed
 * amount. Integer arithmetic only.
 */
export function bonusAmount(terms: Pick<BonusTerms, 'kind' | 'value' | 'maxBonus'>, walletMinor: number): number {
  if (terms.kind === 'fixed') return terms.value;
  const raw = Math.floor((walletMinor * terms.value) / 100);
  return terms.maxBonus > 0 ? Math.min(raw, terms.maxBonus) : raw;
}

/** The credit a bonus started from, and the lines its rules draw (DESIGN §5), in minor units. */
export function bonusLines(
  startCredit: number,
  terms: Pick<BonusTerms, 'percentSuccess' | 'percentFail' | 'turnoverMultiple'>,
) {
  return {
    failCredit: Math.floor((startCredit * terms.percentFail) / 100),
    targetCredit: terms.percentSuccess > 0 ? Math.ceil((startCredit * terms.percentSuccess) / 100) : 0,
    turnoverRequired: startCredit * terms.turnoverMultiple,
  };
}

/** Whether the active bonus's success condition is met: its target credit and its turnover, where set. */
export function conditionMet(
  bonus: Pick<repo.UserBonusRow, 'target_credit' | 'turnover_required' | 'turnover'>,
  credit: number,
): boolean {
  return Number(bonus.target_credit) <= credit && Number(bonus.turnover_required) <= Number(bonus.turnover);
}

/** The statement's linked object (SPEC §3) a bonus of this source shows: a spin prize is the luckydraw one. */
function linkedKind(source: UserBonusSource): 'bonus' | 'promotion' | 'invite' | 'refund' | 'luckydraw' {
  return source === 'spin' ? 'luckydraw' : source;
}

/** Rolls back a finish another request made first. */
class AlreadyEnded extends Error {}

export interface BonusEngineDeps {
  db: Kysely<Database>;
  clock: Clock;
  systemAccount: SystemAccounts;
  events: DomainEvents;
  games: GameProviders;
  /** Player protection: no bonus of any kind (bonus type, promotion code, invite, refund) while restricted. */
  restrictions: PlayerRestrictions;
}

/**
 * The one place a bonus begins and ends (DESIGN §5). A bonus is credited from the promotions-expense
 * account with a `bonus` statement; it ends once, forward only, as FAILED (credit fell to its fail
 * line), COMPLETED (withdrawn with its condition met: the rest of the credit is forfeited, SPEC §9) or
 * CLEARED (given up: the bonus part is forfeited), each with a `finish_bonus` statement.
 */
export async function createBonusEngine(deps: BonusEngineDeps) {
  const { db, clock, events } = deps;
  // System accounts are made outside any transaction (ledger.ts); the withdraw hook runs inside one.
  const expense = {
    THB: await deps.systemAccount(SYSTEM_KINDS.promotionsExpense, '', 'THB'),
    LAK: await deps.systemAccount(SYSTEM_KINDS.promotionsExpense, '', 'LAK'),
  };
  const expenseFor = (currency: string) => (currency === 'LAK' ? expense.LAK : expense.THB);

  async function credit(userId: string) {
    const { wallet, games } = await playerLedgerAccounts(db, userId);
    let inGames = 0;
    for (const game of games.values()) inGames += game.balance;
    return { wallet, inGames, total: wallet.balance + inGames };
  }

  /**
   * Credits a bonus and makes it the player's active one. `inTransaction` runs with the booking (a
   * code's redemption count), so a refusal there undoes the credit too. Game money must be in the
   * wallet first: the starting credit is then exactly what the books say.
   */
  async function grant(
    userId: string,
    terms: BonusTerms,
    inTransaction?: (trx: Transaction<Database>, now: number, bonus: repo.UserBonusRow) => Promise<void>,
  ): Promise<repo.UserBonusRow> {
    await deps.restrictions.assertAllowed(userId, 'bonus');
    if (await repo.activeBonus(db, userId)) throw conflict('BONUS_ALREADY_ACTIVE');
    const { wallet, inGames } = await credit(userId);
    if (inGames > 0) throw refused('BONUS_REMAINING');
    const now = clock.now();
    let booked: { row: repo.UserBonusRow; walletAfter: number } | undefined;
    try {
      await transaction(db, async (trx) => {
        booked = await book(trx, userId, terms, wallet, now);
        if (inTransaction) await inTransaction(trx, now, booked.row);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'user_bonuses') || isUniqueViolation(error, 'user_id')) {
        throw conflict('BONUS_ALREADY_ACTIVE');
      }
      throw error;
    }
    if (!booked) throw new Error('bonus transaction ended without booking');
    events.notify('wallet.changed', { userId, walletMinor: booked.walletAfter });
    return booked.row;
  }

  /**
   * The same inside a transaction another feature opened (a spin coupon's claim, spin.bonus_claimed):
   * the checks read through that transaction; a refusal throws and undoes the caller's work too. The
   * caller tells the wallet's watchers once it commits.
   */
  async function grantWithin(
    trx: Transaction<Database>,
    userId: string,
    terms: BonusTerms,
    now: number,
  ): Promise<{ row: repo.UserBonusRow; walletAfter: number }> {
    if (await repo.activeBonus(trx, userId)) throw conflict('BONUS_ALREADY_ACTIVE');
    const { wallet, games } = await playerLedgerAccounts(trx, userId);
    for (const game of games.values()) if (game.balance > 0) throw refused('BONUS_REMAINING');
    return book(trx, userId, terms, wallet, now);
  }

  /** Credits the bonus and records it as the player's active one, in `trx`. */
  async function book(
    trx: Transaction<Database>,
    userId: string,
    terms: BonusTerms,
    wallet: { id: string; ownerId: string | null; currency: string; balance: number },
    now: number,
  ): Promise<{ row: repo.UserBonusRow; walletAfter: number }> {
    if (wallet.balance < terms.minDeposit) throw refused('BONUS_MIN_DEPOSIT');
    const amount = bonusAmount(terms, wallet.balance);
    if (amount <= 0) throw refused('BONUS_MIN_DEPOSIT');
    const startCredit = wallet.balance + amount;
    const lines = bonusLines(startCredit, terms);
    const statementId = orderedId(now);
    const row: repo.UserBonusRow = {
      id: orderedId(now),
      user_id: userId,
      source: terms.source,
      source_code: terms.code,
      status: 'ACTIVE',
      currency: wallet.currency,
      bonus_amount: amount,
      start_credit: startCredit,
      fail_credit: lines.failCredit,
      target_credit: lines.targetCredit,
      turnover_required: lines.turnoverRequired,
      turnover: 0,
      max_withdraw: terms.maxWithdraw,
      percent_success: terms.percentSuccess,
      percent_fail: terms.percentFail,
      statement_id: statementId,
      finish_statement_id: null,
      forfeited: 0,
      withdrawn: 0,
      created_at: now,
      finished_at: null,
    };
    const booked = await bookMovement(trx, {
      statement: {
        id: statementId,
        userId,
        statementType: 'bonus',
        fromCode: null,
        toCode: 'WALLET',
        status: 'SUCCESS',
        gameAccountId: null,
        linked: { kind: linkedKind(terms.source), description: terms.description },
      },
      from: expenseFor(wallet.currency),
      to: wallet,
      amount,
      kind: LEDGER_KINDS.bonusCredit,
      now,
    });
    // The unique index on the active bonus is what holds "one at a time" when two activations race.
    await repo.insertUserBonus(trx, row);
    return { row, walletAfter: booked.toBalance };
  }

  async function finishStatement(
    on: Kysely<Database>,
    userId: string,
    bonus: repo.UserBonusRow,
    now: number,
  ): Promise<StatementEntry & { id: string }> {
    const description = (await repo.creditDescription(on, bonus.statement_id)) ?? bonus.source_code;
    return {
      id: orderedId(now),
      userId,
      statementType: 'finish_bonus',
      fromCode: 'WALLET',
      toCode: null,
      status: 'SUCCESS',
      gameAccountId: null,
      linked: { kind: linkedKind(bonus.source), description },
    };
  }

  /**
   * Ends the active bonus as FAILED when the player's credit is at or below its fail line. Called at
   * each refresh and wallet change, and by GET /api/bonus/check/minimum. Nothing moves: the little
   * that is left stays the player's, free of the bonus.
   */
  async function finishIfFailed(userId: string): Promise<{ active: repo.UserBonusRow | undefined; credit: number }> {
    const active = await repo.activeBonus(db, userId);
    const { total } = await credit(userId);
    if (!active || total > Number(active.fail_credit)) return { active, credit: total };
    const now = clock.now();
    const statement = await finishStatement(db, userId, active, now);
    try {
      await transaction(db, async (trx) => {
        // The statement first: the bonus row refers to it. Another request that ended the bonus first
        // makes this one roll back, statement and all.
        await insertStatement(trx, { ...statement, amount: 0, currency: active.currency, now });
        const ended = await repo.finishUserBonus(trx, active.id, {
          status: 'FAILED',
          finishStatementId: statement.id,
          forfeited: 0,
          withdrawn: 0,
          now,
        });
        if (!ended) throw new AlreadyEnded();
      });
    } catch (error) {
      if (!(error instanceof AlreadyEnded)) throw error;
    }
    return { active: undefined, credit: total };
  }

  /** Asks each provider that reports turnover what the player bet since the bonus began. */
  async function readTurnover(userId: string): Promise<void> {
    const active = await repo.activeBonus(db, userId);
    if (!active || Number(active.turnover_required) === 0) return;
    let turnover = 0;
    for (const account of await repo.gameAccountsOf(db, userId)) {
      const provider = deps.games.get(account.provider_code);
      if (provider?.turnover) turnover += await provider.turnover(account.username, Number(active.created_at));
    }
    await repo.recordTurnover(db, active.id, turnover);
  }

  /**
   * GET /api/bonus/clear: the player gives the active bonus up. All game money must be back in the
   * wallet (BONUS_REMAINING); the bonus part (or what is left of it) goes back to promotions.
   */
  async function clear(userId: string): Promise<void> {
    const active = await repo.activeBonus(db, userId);
    if (!active) throw refused('NO_PROMOTION');
    const { wallet, inGames } = await credit(userId);
    if (inGames > 0) throw refused('BONUS_REMAINING');
    const now = clock.now();
    const statement = await finishStatement(db, userId, active, now);
    const forfeit = Math.min(Number(active.bonus_amount), wallet.balance);
    let walletAfter: number | undefined;
    try {
      await transaction(db, async (trx) => {
        if (forfeit > 0) {
          const moved = await bookMovement(trx, {
            statement: { ...statement, fromCode: 'WALLET' },
            from: wallet,
            to: expenseFor(wallet.currency),
            amount: forfeit,
            kind: LEDGER_KINDS.bonusForfeit,
            now,
          });
          walletAfter = moved.fromBalance;
        } else {
          await insertStatement(trx, { ...statement, amount: 0, currency: active.currency, now });
        }
        const ended = await repo.finishUserBonus(trx, active.id, {
          status: 'CLEARED',
          finishStatementId: statement.id,
          forfeited: forfeit,
          withdrawn: 0,
          now,
        });
        if (!ended) throw refused('NO_PROMOTION');
      });
    } catch (error) {
      // The wallet shrank between the read and the booking (a transfer out): the player tries again.
      if (error instanceof InsufficientFunds) throw conflict('BONUS_REMAINING');
      throw error;
    }
    if (walletAfter !== undefined) events.notify('wallet.changed', { userId, walletMinor: walletAfter });
  }

  /**
   * Inside the withdrawal's holding transaction (withdraw.requested): while the active bonus's condition
   * is unmet the withdrawal is refused (BONUS_CONDITION); once met, game money must be home
   * (BONUS_REMAINING), the amount within the bonus's maximum withdrawal, and the bonus ends COMPLETED
   * with what is left in the wallet forfeited (SPEC §9).
   */
  async function onWithdraw(trx: Transaction<Database>, event: InTransactionEvents['withdraw.requested']) {
    const active = await repo.activeBonus(trx, event.userId);
    if (!active) return;
    const { wallet, games } = await playerLedgerAccounts(trx, event.userId);
    let inGames = 0;
    for (const game of games.values()) inGames += game.balance;
    if (!conditionMet(active, event.walletAfter + event.amount + inGames)) throw refused('BONUS_CONDITION');
    if (inGames > 0) throw refused('BONUS_REMAINING');
    if (Number(active.max_withdraw) > 0 && event.amount > Number(active.max_withdraw)) {
      throw refused('BONUS_WITHDRAW_MAX', 'amount');
    }
    const statement = await finishStatement(trx, event.userId, active, event.now);
    const forfeit = event.walletAfter;
    if (forfeit > 0) {
      await bookMovement(trx, {
        statement,
        from: wallet,
        to: expenseFor(wallet.currency),
        amount: forfeit,
        kind: LEDGER_KINDS.bonusForfeit,
        now: event.now,
      });
    } else {
      await insertStatement(trx, { ...statement, amount: 0, currency: active.currency, now: event.now });
    }
    const ended = await repo.finishUserBonus(trx, active.id, {
      status: 'COMPLETED',
      finishStatementId: statement.id,
      forfeited: forfeit,
      withdrawn: event.amount,
      now: event.now,
    });
    // Ended by another request meanwhile (a refresh found it failed): the player looks again.
    if (!ended) throw new DomainError('BONUS_CONDITION', 'conflict');
  }

  events.inTransaction('withdraw.requested', onWithdraw);
  // A spin-wheel coupon whose prize is credit becomes a bonus here, in the claim's transaction
  // (DESIGN §5): a fixed amount, with the conditions of the bonus type the slice names, if any.
  events.inTransaction('spin.bonus_claimed', async (trx, claim) => {
    let conditions = { percentSuccess: 0, percentFail: 0, turnoverMultiple: 0, maxWithdraw: 0 };
    if (claim.bonusCode !== null) {
      const type = await repo.findBonus(trx, claim.bonusCode);
      if (!type) throw refused('INVALID_PRIZE_CODE');
      conditions = {
        percentSuccess: Number(type.percent_success),
        percentFail: Number(type.percent_fail),
        turnoverMultiple: Number(type.turnover_multiple),
        maxWithdraw: Number(type.max_withdraw),
      };
    }
    await grantWithin(
      trx,
      claim.userId,
      {
        source: 'spin',
        code: claim.bonusCode ?? 'SPIN',
        description: claim.description,
        kind: 'fixed',
        value: claim.amount,
        maxBonus: 0,
        minDeposit: 0,
        ...conditions,
      },
      claim.now,
    );
  });
  // The fail line is checked whenever the books learn the player's credit changed (DESIGN §5: at the
  // next refresh or transfer); a failure here is logged by the hub and retried at the next change.
  // Turnover is read then too: a transfer home after play is the moment it matters for a withdrawal.
  // Every money movement notifies, so a player without a bonus costs one indexed lookup and no more.
  const recheck = async ({ userId }: { userId: string }) => {
    if (!(await repo.activeBonus(db, userId))) return;
    await readTurnover(userId);
    await finishIfFailed(userId);
  };
  events.afterCommit('game.refreshed', recheck);
  events.afterCommit('wallet.changed', recheck);

  return { grant, finishIfFailed, readTurnover, clear, credit, currencyOf: ledgerCurrency };
}
export type BonusEngine = Awaited<ReturnType<typeof createBonusEngine>>;
