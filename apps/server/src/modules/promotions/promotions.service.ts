import type { Banner } from '@wallet/contract/banner';
import {
  type Bonus,
  type BonusCheckActiveResponse,
  type BonusCheckMinimumResponse,
  type BonusProgressResponse,
  BUSINESS_UTC_OFFSET_MS,
  bangkokDayNumber,
  bangkokWeekNumber,
  type UserBonus,
} from '@wallet/contract/bonus';
import type { Language } from '@wallet/contract/constants';
import { fromMinor } from '@wallet/contract/money';
import type { Promotion } from '@wallet/contract/promotion';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound, refused } from '../../lib/domain-error.ts';
import { type BonusEngine, type BonusTerms, conditionMet } from './bonus-engine.ts';
import * as repo from './promotions.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Day number of the Monday (Bangkok) that starts week 0 of bangkokWeekNumber. */
const WEEK_ZERO_MONDAY_DAY = -3;

/** The first moment (epoch ms) of the Bangkok day or Monday-first week that holds `now`; 0 for limit. */
export function periodStart(type: repo.BonusRow['limit_type'], now: number): number {
  if (type === 'limit') return 0;
  const day =
    type === 'day' ? bangkokDayNumber(new Date(now)) : bangkokWeekNumber(new Date(now)) * 7 + WEEK_ZERO_MONDAY_DAY;
  return day * DAY_MS - BUSINESS_UTC_OFFSET_MS;
}

function bonusTerms(row: repo.BonusRow): BonusTerms {
  return {
    source: 'bonus',
    code: row.code,
    description: row.code,
    kind: row.kind,
    value: Number(row.value),
    maxBonus: Number(row.max_bonus),
    minDeposit: Number(row.min_deposit),
    percentSuccess: row.percent_success,
    percentFail: row.percent_fail,
    turnoverMultiple: row.turnover_multiple,
    maxWithdraw: Number(row.max_withdraw),
  };
}

function promotionTerms(row: repo.PromotionCodeRow): BonusTerms {
  return {
    source: 'promotion',
    code: row.code,
    description: row.code,
    kind: row.kind,
    value: Number(row.value),
    maxBonus: Number(row.max_bonus),
    minDeposit: Number(row.min_deposit),
    percentSuccess: row.percent_success,
    percentFail: row.percent_fail,
    turnoverMultiple: row.turnover_multiple,
    maxWithdraw: Number(row.max_withdraw),
  };
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** The player's standing with one bonus (SPEC §3 userBonus), or null before they first took it. */
function userBonusOf(rows: repo.UserBonusRow[]): UserBonus | null {
  const latest = rows.at(-1);
  if (!latest) return null;
  return {
    _id: latest.id,
    isActive: rows.some((r) => r.status === 'ACTIVE'),
    received: rows.map((r) => ({ updatedAt: iso(r.created_at) })),
  };
}

/**
 * Bonuses and promotion codes as the player sees them (SPEC §2 Bonus, §7 Bonus and promotion), over
 * the bonus engine that credits and ends them.
 */
export function createPromotionsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  engine: BonusEngine;
  /** Player protection: promotion codes are refused while restricted, before the code is even looked at. */
  restrictions: PlayerRestrictions;
}) {
  const { db, clock, engine } = deps;

  /** GET /api/bonus: the bonuses on offer with the player's receipts. */
  async function listBonuses(userId: string, language: Language): Promise<Bonus[]> {
    const rows = await repo.listOfferedBonuses(db, clock.now());
    const taken = await repo.receipts(
      db,
      userId,
      'bonus',
      rows.map((r) => r.code),
    );
    return rows.map((row) => ({
      code: row.code,
      name: repo.pickLanguage(row.names, language, row.code),
      type: row.limit_type,
      maxReceived: row.max_received,
      banners: repo.pickLanguage<Banner[]>(row.banners, language, []),
      percentFail: row.percent_fail,
      notice: repo.pickLanguage(row.notices, language, ''),
      userBonus: userBonusOf(taken.filter((t) => t.source_code === row.code)),
    }));
  }

  /**
   * GET /api/bonus/activate/{code}: takes a bonus card. Refused past its receive limit for the period
   * (BONUS_MAX_CLAIMED, SPEC §4), while another bonus runs (BONUS_ALREADY_ACTIVE), with game money out
   * (BONUS_REMAINING), or below its minimum deposit (BONUS_MIN_DEPOSIT).
   */
  async function activateBonus(userId: string, code: string): Promise<UserBonus> {
    await deps.restrictions.assertAllowed(userId, 'bonus');
    const now = clock.now();
    const row = await repo.findOfferedBonus(db, code, now);
    if (!row) throw notFound('NO_PROMOTION');
    if (await repo.activeBonus(db, userId)) throw conflict('BONUS_ALREADY_ACTIVE');
    const inPeriod = await repo.receipts(db, userId, 'bonus', [code], periodStart(row.limit_type, now));
    if (inPeriod.length >= row.max_received) throw refused('BONUS_MAX_CLAIMED');
    await engine.grant(userId, bonusTerms(row));
    const all = await repo.receipts(db, userId, 'bonus', [code]);
    return userBonusOf(all) as UserBonus;
  }

  /** GET /api/bonus/check/active: whether a bonus runs, and its source (bonus, promotion, invite, refund). */
  async function checkActive(userId: string, language: Language): Promise<BonusCheckActiveResponse> {
    await engine.readTurnover(userId);
    const { active } = await engine.finishIfFailed(userId);
    if (!active) return { status: false, type: null, code: null, name: null };
    let name = active.source_code;
    if (active.source === 'bonus') {
      const row = await repo.findBonus(db, active.source_code);
      if (row) name = repo.pickLanguage(row.names, language, row.code);
    } else if (active.source === 'promotion') {
      // A promotion code has no name of its own: players know it by its description.
      const row = await repo.findPromotion(db, active.source_code);
      if (row) name = repo.pickLanguage(row.descriptions, language, row.code) || row.code;
    }
    return { status: true, type: active.source, code: active.source_code, name };
  }

  async function checkMinimum(userId: string): Promise<BonusCheckMinimumResponse> {
    const { active, credit } = await engine.finishIfFailed(userId);
    return {
      status: active !== undefined,
      credit: fromMinor(credit),
      minimum: active ? fromMinor(Number(active.fail_credit)) : null,
    };
  }

  /**
   * GET /api/bonus/progress: the running bonus's lines against the player's credit now, read as a refresh
   * reads them (turnover from the providers, the fail line checked first).
   */
  async function progress(userId: string): Promise<BonusProgressResponse> {
    await engine.readTurnover(userId);
    const { active } = await engine.finishIfFailed(userId);
    if (!active) return { progress: null };
    const { wallet, inGames, total } = await engine.credit(userId);
    const required = Number(active.turnover_required);
    const maxWithdraw = Number(active.max_withdraw);
    return {
      progress: {
        type: active.source,
        code: active.source_code,
        credit: fromMinor(total),
        wallet: fromMinor(wallet.balance),
        inGames: fromMinor(inGames),
        startCredit: fromMinor(Number(active.start_credit)),
        failCredit: fromMinor(Number(active.fail_credit)),
        percentFail: Number(active.percent_fail),
        targetCredit: fromMinor(Number(active.target_credit)),
        percentSuccess: Number(active.percent_success),
        turnoverPercent: required > 0 ? Math.min(100, Math.floor((Number(active.turnover) * 100) / required)) : null,
        conditionMet: conditionMet(active, total),
        bonusAmount: fromMinor(Math.min(Number(active.bonus_amount), wallet.balance)),
        maxWithdraw: maxWithdraw > 0 ? fromMinor(maxWithdraw) : null,
      },
    };
  }

  async function clear(userId: string): Promise<{ message: string }> {
    await engine.clear(userId);
    return { message: 'BONUS_CLEAR' };
  }

  function promotionView(row: repo.PromotionCodeRow, language: Language): Promotion {
    return {
      code: row.code,
      percentFail: row.percent_fail,
      description: repo.pickLanguage(row.descriptions, language, ''),
    };
  }

  /** GET /api/promotion/find/{code}: a code the player could redeem now, or NO_PROMOTION. */
  async function findPromotion(code: string, language: Language): Promise<Promotion> {
    const row = await repo.findValidPromotion(db, code, clock.now());
    if (!row) throw notFound('NO_PROMOTION');
    return promotionView(row, language);
  }

  /**
   * GET /api/promotion/activate/{code}: redeems a code. PROMOTION_RECEIVED once the player used it
   * as often as a player may; BONUS_FULL once its redemptions overall are used up (taken in the
   * crediting transaction, so the last one goes to one player only).
   */
  async function activatePromotion(userId: string, code: string): Promise<{ message: string }> {
    await deps.restrictions.assertAllowed(userId, 'promotion');
    const row = await repo.findValidPromotion(db, code, clock.now());
    if (!row) throw notFound('NO_PROMOTION');
    if (await repo.activeBonus(db, userId)) throw conflict('BONUS_ALREADY_ACTIVE');
    const used = await repo.receipts(db, userId, 'promotion', [code]);
    if (row.max_per_player > 0 && used.length >= row.max_per_player) throw refused('PROMOTION_RECEIVED');
    if (row.max_redemptions > 0 && row.redeemed >= row.max_redemptions) throw refused('BONUS_FULL');
    await engine.grant(userId, promotionTerms(row), async (trx, now) => {
      if (!(await repo.takeRedemption(trx, code, now))) throw refused('BONUS_FULL');
    });
    return { message: 'SUCCESS' };
  }

  /** GET /api/promotion/current: the promotion behind the running bonus, or null. */
  async function currentPromotion(userId: string, language: Language): Promise<{ promotion: Promotion | null }> {
    const active = await repo.activeBonus(db, userId);
    if (active?.source !== 'promotion') return { promotion: null };
    const row = await repo.findPromotion(db, active.source_code);
    return { promotion: row ? promotionView(row, language) : null };
  }

  return {
    listBonuses,
    activateBonus,
    checkActive,
    checkMinimum,
    progress,
    clear,
    findPromotion,
    activatePromotion,
    currentPromotion,
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;
