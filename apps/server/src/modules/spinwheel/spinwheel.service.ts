import type { Language } from '@wallet/contract/constants';
import type { ClientMessage } from '@wallet/contract/errors';
import { fromMinor } from '@wallet/contract/money';
import type {
  Coupon,
  CouponClaimResponse,
  CouponListResponse,
  SpinActiveResponse,
  SpinResponse,
  SpinSetupResponse,
} from '@wallet/contract/spinwheel';
import type { Kysely } from 'kysely';
import type { MoneyTransactions } from '../../db/money-transactions.ts';
import { transaction } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import { playerBalance, playerCoinAccount, playerLedgerAccounts } from '../../ledger/accounts.ts';
import {
  InsufficientFunds,
  LEDGER_KINDS,
  type LedgerAccount,
  postTransfer,
  SYSTEM_KINDS,
  type SystemAccounts,
} from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { orderedId } from '../../lib/ids.ts';
import { COIN_CURRENCY } from '../../money/wheel-coins.ts';
import { drawSlice, type RandomSource } from './draw.ts';
import * as repo from './spinwheel.repo.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A spin's answer with its HTTP status: what the route keeps with an Idempotency-Key. */
interface ReplayableResult<T> {
  status: number;
  body: T;
}

export interface SpinwheelDeps {
  db: Kysely<Database>;
  clock: Clock;
  systemAccount: SystemAccounts;
  events: DomainEvents;
  /** Player protection (issue 20): no spin and no prize while play is paused. */
  restrictions: Pick<PlayerRestrictions, 'assertAllowed'>;
  /** crypto.randomInt unless a test hands another. */
  random?: RandomSource;
}

/** The refusals a spin or a claim answers as {success: false, error} (SPEC §8: the app shows them in an alert). */
const ANSWERED_REFUSALS: ReadonlySet<string> = new Set([
  'WHEEL_INACTIVE',
  'NO_COIN',
  'PLAYER_TIMED_OUT',
  'PLAYER_SELF_EXCLUDED',
  'PLAYER_COOLING_OFF',
]);

const failure = (error: ClientMessage) => ({ success: false as const, error });

/** What a coupon row shows the player: expired once past its time while still open. */
export function couponStatus(row: Pick<repo.SpinCouponRow, 'status' | 'expires_at'>, now: number) {
  return row.status === 'open' && Number(row.expires_at) <= now ? ('expired' as const) : row.status;
}

/**
 * The player's wheel (SPEC §2 Spin, §4 Spin, §7 Spin wheel; DESIGN §5). A spin costs one coin; the coin
 * debit, the draw, the stock it takes and the coupon it wins are one transaction, so a player with N
 * coins gets N results however many spins they send at once. A prize is a coupon the player claims:
 * bonus credit (promotions books it, on spin.bonus_claimed), coins, or an item the operator hands over.
 */
export async function createSpinwheelService(deps: SpinwheelDeps) {
  const { db, clock, events } = deps;
  // A system account is made outside any transaction (ledger.ts): now, at app build.
  const issuer: LedgerAccount = await deps.systemAccount(SYSTEM_KINDS.coinIssuer, '', COIN_CURRENCY);

  async function drawableWheel(on: Kysely<Database>, now: number) {
    const wheel = await repo.liveWheel(on, now);
    if (!wheel) return undefined;
    const slices = await repo.slicesOf(on, wheel.id, Number(wheel.version));
    if (drawSlice(slices, () => 0) === undefined) return undefined;
    return { wheel, slices };
  }

  async function active(): Promise<SpinActiveResponse> {
    return { active: (await drawableWheel(db, clock.now())) !== undefined };
  }

  async function setup(userId: string, language: Language): Promise<SpinSetupResponse> {
    const userCoin = await playerBalance(db, userId, 'coin');
    const live = await drawableWheel(db, clock.now());
    if (!live) return { name: '', slices: [], userCoin };
    return {
      name: repo.pickLanguage(live.wheel.names, language),
      slices: live.slices.map((slice) => ({
        code: slice.code,
        label: repo.pickLanguage(slice.labels, language, slice.code),
        bgColor: slice.bg_color,
        textColor: slice.text_color,
        htmlDescription: repo.pickLanguage(slice.html_descriptions, language),
      })),
      userCoin,
    };
  }

  /**
   * One spin, in one transaction through `tx` (the route keeps the Idempotency-Key's answer with it).
   * No coin or no live wheel is an answer ({success: false}), stored for the key like a win.
   */
  async function spin(
    userId: string,
    language: Language,
    tx: MoneyTransactions<ReplayableResult<SpinResponse>>,
  ): Promise<ReplayableResult<SpinResponse>> {
    const now = clock.now();
    try {
      await deps.restrictions.assertAllowed(userId, 'spin');
      const coins = await playerCoinAccount(db, userId);
      return await drawIn(userId, language, tx, coins, now);
    } catch (error) {
      // Paused play, no coin, or every prize ran out under this spin: rolled back, coin and all; an
      // answer like a win.
      if (error instanceof DomainError && ANSWERED_REFUSALS.has(error.code)) {
        return { status: 200, body: failure(error.code as ClientMessage) };
      }
      throw error;
    }
  }

  function drawIn(
    userId: string,
    language: Language,
    tx: MoneyTransactions<ReplayableResult<SpinResponse>>,
    coins: LedgerAccount,
    now: number,
  ): Promise<ReplayableResult<SpinResponse>> {
    return tx.finish(db, async (trx) => {
      const live = await drawableWheel(trx, now);
      if (!live) return { status: 200, body: failure('WHEEL_INACTIVE') };
      const { wheel, slices } = live;
      const spinId = orderedId(now);
      let remainingCoin: number;
      try {
        const moved = await postTransfer(trx, {
          from: coins,
          to: issuer,
          amount: 1,
          kind: LEDGER_KINDS.coinSpend,
          refType: 'spin',
          refId: spinId,
          now,
        });
        remainingCoin = moved.fromBalance;
      } catch (error) {
        // The issuer's side may already be booked (postTransfer orders the two rows by id): roll back.
        if (error instanceof InsufficientFunds) throw new DomainError('NO_COIN', 'refused');
        throw error;
      }
      // A limited slice another spin emptied since the read drops out, and the draw runs again.
      const pool = slices.map((slice) => ({ ...slice }));
      for (;;) {
        const index = drawSlice(pool, deps.random);
        // Every prize ran out under us: nothing was won, so the coin goes back with the rollback.
        if (index === undefined) throw new DomainError('WHEEL_INACTIVE', 'conflict');
        const slice = pool[index] as repo.SpinSliceRow;
        if (!(await repo.takeStock(trx, slice))) {
          slice.remaining = 0;
          continue;
        }
        await repo.insertSpin(trx, {
          id: spinId,
          userId,
          wheelId: wheel.id,
          version: Number(wheel.version),
          sliceCode: slice.code,
          now,
        });
        await repo.insertCoupon(trx, {
          id: orderedId(now),
          spin_id: spinId,
          user_id: userId,
          wheel_id: wheel.id,
          version: Number(wheel.version),
          slice_code: slice.code,
          prize_type: slice.prize_type,
          amount: Number(slice.amount),
          status: 'open',
          expires_at: now + Number(wheel.coupon_valid_days) * DAY_MS,
          created_at: now,
          claimed_at: null,
          fulfilled_at: null,
          fulfilled_by: null,
        });
        return {
          status: 200,
          body: {
            success: true,
            code: slice.code,
            label: repo.pickLanguage(slice.labels, language, slice.code),
            remainingCoin,
          },
        };
      }
    });
  }

  async function coupons(userId: string, language: Language): Promise<CouponListResponse> {
    const now = clock.now();
    const rows = await repo.couponsOf(db, userId);
    return {
      coupons: rows.map((row, i): Coupon => {
        const label = repo.pickLanguage(row.labels, language, row.slice_code);
        const status = couponStatus(row, now);
        return {
          id: row.id,
          index: i + 1,
          slice: { code: row.slice_code, label, htmlDescription: repo.pickLanguage(row.html_descriptions, language) },
          name: row.prize_type === 'item' ? repo.pickLanguage(row.item_names, language, label) : label,
          amount: row.prize_type === 'bonus' ? fromMinor(Number(row.amount)) : Number(row.amount),
          prizeType: row.prize_type,
          claimed: status === 'claimed' || status === 'fulfilled',
          status,
          expiresAt: new Date(Number(row.expires_at)).toISOString(),
        };
      }),
    };
  }

  /** Why a coupon the conditional claim did not take cannot be claimed. */
  function unclaimable(row: repo.SpinCouponRow | undefined, userId: string, now: number): ClientMessage {
    if (!row || row.user_id !== userId) return 'INVALID_CODE';
    if (row.status !== 'open') return 'NO_CLAIMABLE_COUPON';
    if (Number(row.expires_at) <= now) return 'COUPON_EXPIRED';
    return 'NO_CLAIMABLE_COUPON';
  }

  /**
   * POST /api/spinwheel/coupon/claim: the coupon turns claimed and its prize is paid in one
   * transaction: bonus credit through promotions (its refusals, BONUS_REMAINING and the rest, undo the
   * claim), coins from the coin issuer, an item waits for the operator (back office fulfil).
   */
  async function claim(userId: string, couponId: string, language: Language): Promise<CouponClaimResponse> {
    const now = clock.now();
    const row = await repo.findCoupon(db, couponId);
    if (!row || row.user_id !== userId || row.status !== 'open' || Number(row.expires_at) <= now) {
      return failure(unclaimable(row, userId, now));
    }
    try {
      await deps.restrictions.assertAllowed(userId, row.prize_type === 'bonus' ? 'bonus' : 'spin');
    } catch (error) {
      if (error instanceof DomainError && ANSWERED_REFUSALS.has(error.code))
        return failure(error.code as ClientMessage);
      throw error;
    }
    const slice = await repo.findSlice(db, row.wheel_id, Number(row.version), row.slice_code);
    if (!slice) return failure('INVALID_PRIZE_CODE');
    if (!['bonus', 'coins', 'item'].includes(row.prize_type)) return failure('INVALID_COUPON_TYPE');
    const label = repo.pickLanguage(slice.labels, language, slice.code);
    const coins = row.prize_type === 'coins' ? await playerCoinAccount(db, userId) : undefined;
    try {
      await transaction(db, async (trx) => {
        if (!(await repo.claimCoupon(trx, row.id, userId, now))) {
          throw new DomainError(unclaimable(await repo.findCoupon(trx, row.id), userId, now), 'conflict');
        }
        if (row.prize_type === 'bonus') {
          await events.publish(trx, 'spin.bonus_claimed', {
            userId,
            couponId: row.id,
            amount: Number(row.amount),
            bonusCode: slice.bonus_code,
            // The statement's description is a code, read in any language (as a bonus code is).
            description: slice.code,
            now,
          });
        } else if (row.prize_type === 'coins' && coins) {
          await postTransfer(trx, {
            from: issuer,
            to: coins,
            amount: Number(row.amount),
            kind: LEDGER_KINDS.coinPrize,
            refType: 'spin_coupon',
            refId: row.id,
            now,
          });
        }
      });
    } catch (error) {
      if (error instanceof DomainError) return failure(error.code);
      // Another bonus became active between promotions' check and its insert.
      if (isUniqueViolation(error, 'user_bonuses') || isUniqueViolation(error, 'user_id')) {
        return failure('BONUS_ALREADY_ACTIVE');
      }
      throw error;
    }
    if (row.prize_type === 'bonus') {
      const { wallet } = await playerLedgerAccounts(db, userId);
      events.notify('wallet.changed', { userId, walletMinor: wallet.balance });
    }
    return { success: true, label };
  }

  return { active, setup, spin, coupons, claim };
}
export type SpinwheelService = Awaited<ReturnType<typeof createSpinwheelService>>;
