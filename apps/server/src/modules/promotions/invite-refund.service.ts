import type { Banner } from '@wallet/contract/banner';
import { BUSINESS_UTC_OFFSET_MS, bangkokDayNumber, bangkokWeekNumber } from '@wallet/contract/bonus';
import type { Language } from '@wallet/contract/constants';
import type { InviteBonusResponse, InviteListResponse } from '@wallet/contract/invite';
import { fromMinor } from '@wallet/contract/money';
import type { RefundCheckResponse, RefundListResponse } from '@wallet/contract/refund';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import { LEDGER_KINDS } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError, refused } from '../../lib/domain-error.ts';
import type { BonusEngine } from './bonus-engine.ts';
import * as repo from './promotions.repo.ts';

type PerLanguage<T> = Partial<Record<Language, T>>;

/** Settings key of the invite programme (the back office edits it). */
export const INVITE_SETTINGS_KEY = 'promotions.invite';
/** Settings key of the refund (cashback) programme. */
export const REFUND_SETTINGS_KEY = 'promotions.refund';

export interface InviteSettings {
  enabled: boolean;
  /** Whole percent of each referred player's deposit accrued to the inviter. */
  percent: number;
  /** The bonus the claimed amount becomes: success (target credit) and fail percents. */
  percentSuccess: number;
  percentFail: number;
  banners: PerLanguage<Banner[]>;
}

export interface RefundSettings {
  enabled: boolean;
  /** day or week: the Bangkok calendar period whose net loss is refunded, once the period is over. */
  period: 'day' | 'week';
  /** Whole percent of the net loss. */
  percent: number;
  /** Minor units: below this no refund is offered; above cap it is capped (0: no cap). */
  minimum: number;
  cap: number;
  percentSuccess: number;
  percentFail: number;
  info: PerLanguage<string>;
  banners: PerLanguage<Banner[]>;
}

export const DEFAULT_INVITE_SETTINGS: InviteSettings = {
  enabled: false,
  percent: 0,
  percentSuccess: 0,
  percentFail: 0,
  banners: {},
};
export const DEFAULT_REFUND_SETTINGS: RefundSettings = {
  enabled: false,
  period: 'week',
  percent: 0,
  minimum: 0,
  cap: 0,
  percentSuccess: 0,
  percentFail: 0,
  info: {},
  banners: {},
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Bangkok day or Monday-first week before the one holding `now`: [start, end) in epoch ms. */
export function previousPeriod(period: 'day' | 'week', now: number): { start: number; end: number } {
  const date = new Date(now);
  const currentStartDay = period === 'day' ? bangkokDayNumber(date) : bangkokWeekNumber(date) * 7 - 3;
  const end = currentStartDay * DAY_MS - BUSINESS_UTC_OFFSET_MS;
  return { start: end - (period === 'day' ? DAY_MS : 7 * DAY_MS), end };
}

/**
 * Refund formula (README "Promotions"): net loss = what the player's game accounts lost to the
 * providers minus what they won from them over the period (the ledger's game_result transfers, which
 * every refresh books from the providers' balances); refund = percent of a positive net loss, rounded
 * down to the satang, capped, and offered only from the minimum up.
 */
export function refundFor(netLoss: number, settings: Pick<RefundSettings, 'percent' | 'minimum' | 'cap'>): number {
  if (netLoss <= 0) return 0;
  const raw = Math.floor((netLoss * settings.percent) / 100);
  const capped = settings.cap > 0 ? Math.min(raw, settings.cap) : raw;
  return capped > 0 && capped >= settings.minimum ? capped : 0;
}

/**
 * Every payout account a player holds or ever held (bank code and number): the register allows one
 * player per account at a time, so two players "share" one only across a change of account.
 */
async function accountsEverHeld(trx: Transaction<Database>, userId: string): Promise<Set<string>> {
  const [current, changes] = await Promise.all([
    trx.selectFrom('users').select(['bank_code', 'bank_account_no']).where('id', '=', userId).execute(),
    trx
      .selectFrom('bank_account_changes')
      .select(['old_bank_code', 'old_bank_account_no', 'new_bank_code', 'new_bank_account_no'])
      .where('user_id', '=', userId)
      .execute(),
  ]);
  const held = new Set(current.map((row) => `${row.bank_code}:${row.bank_account_no}`));
  for (const change of changes) {
    held.add(`${change.old_bank_code}:${change.old_bank_account_no}`);
    held.add(`${change.new_bank_code}:${change.new_bank_account_no}`);
  }
  return held;
}

const pickList = <T>(byLanguage: PerLanguage<T[]>, language: Language): T[] =>
  byLanguage[language] ?? byLanguage.th ?? [];

/**
 * Invite (referral) and refund (cashback) programmes, both ending as a bonus through the engine
 * (DESIGN §5). Accrual rides on deposit.booked, inside the deposit's transaction.
 */
export function createInviteRefundService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  engine: BonusEngine;
  events: DomainEvents;
}) {
  const { db, clock, engine } = deps;
  const inviteSettings = async () =>
    ({ ...DEFAULT_INVITE_SETTINGS, ...(await getSetting<InviteSettings>(db, INVITE_SETTINGS_KEY)) }) as InviteSettings;
  const refundSettings = async () =>
    ({ ...DEFAULT_REFUND_SETTINGS, ...(await getSetting<RefundSettings>(db, REFUND_SETTINGS_KEY)) }) as RefundSettings;

  /**
   * A referred player's deposit accrues the configured percent to the inviter, unless the two share a
   * bank account (one person behind both accounts would otherwise pay themselves).
   */
  async function accrue(
    trx: Transaction<Database>,
    deposit: { userId: string; amount: number; currency: string; statementId: string; now: number },
  ) {
    const settings = (await getSetting<InviteSettings>(trx, INVITE_SETTINGS_KEY)) ?? DEFAULT_INVITE_SETTINGS;
    if (!settings.enabled || settings.percent <= 0) return;
    const invitee = await trx
      .selectFrom('users')
      .select('inviter_id')
      .where('id', '=', deposit.userId)
      .executeTakeFirst();
    const inviterId = invitee?.inviter_id;
    if (!inviterId) return;
    const [inviterAccounts, inviteeAccounts] = await Promise.all([
      accountsEverHeld(trx, inviterId),
      accountsEverHeld(trx, deposit.userId),
    ]);
    if ([...inviteeAccounts].some((account) => inviterAccounts.has(account))) return;
    const amount = Math.floor((deposit.amount * settings.percent) / 100);
    if (amount <= 0) return;
    await trx
      .insertInto('invite_accruals')
      .values({
        statement_id: deposit.statementId,
        inviter_id: inviterId,
        invitee_id: deposit.userId,
        amount,
        currency: deposit.currency,
        created_at: deposit.now,
        claimed_at: null,
        user_bonus_id: null,
      })
      .execute();
  }
  deps.events.inTransaction('deposit.booked', accrue);

  async function unclaimed(userId: string) {
    const row = await db
      .selectFrom('invite_accruals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('inviter_id', '=', userId)
      .where('claimed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** The home header's invite amount with the terms of the bonus it becomes (SPEC §3 wallet invite). */
  async function inviteSummary(userId: string): Promise<{ amount: number; success: number; fail: number }> {
    const settings = await inviteSettings();
    return {
      amount: settings.enabled ? fromMinor(await unclaimed(userId)) : 0,
      success: settings.percentSuccess,
      fail: settings.percentFail,
    };
  }

  /**
   * POST /api/invite: what each referred player's deposits earned, newest first. The total is the count the
   * database keeps and a page a range of positions (migration 026): the last page of an affiliate's long
   * list costs what the first does.
   */
  async function listInvites(userId: string, page: number, limit: number): Promise<InviteListResponse> {
    const [count, rows] = await Promise.all([
      db.selectFrom('invite_accrual_counts').select('total').where('inviter_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('invite_accruals')
        .innerJoin('users', 'users.id', 'invite_accruals.invitee_id')
        .select(['users.name', 'invite_accruals.amount', 'invite_accruals.created_at'])
        .where('invite_accruals.inviter_id', '=', userId)
        .where(
          'invite_accruals.inviter_seq',
          '<=',
          sql<number>`(select total from invite_accrual_counts where inviter_id = ${userId}) - ${(page - 1) * limit}`,
        )
        .orderBy('invite_accruals.inviter_seq', 'desc')
        .limit(limit)
        .execute(),
    ]);
    return {
      total: Number(count?.total ?? 0),
      invites: rows.map((row) => ({
        from: { name: row.name },
        amount: fromMinor(Number(row.amount)),
        createdAt: new Date(Number(row.created_at)).toISOString(),
      })),
    };
  }

  /**
   * GET /api/invite/bonus: reads the claimable amount, or with claim takes it as a bonus. The accruals
   * are marked claimed in the crediting transaction, so a second claim finds nothing (NO_INVITE_BONUS).
   */
  async function inviteBonus(userId: string, claim: boolean): Promise<InviteBonusResponse> {
    const settings = await inviteSettings();
    if (!claim) return inviteSummary(userId);
    if (!settings.enabled) throw refused('INVITE_INACTIVE');
    const amount = await unclaimed(userId);
    if (amount <= 0) throw refused('NO_INVITE_BONUS');
    await engine.grant(
      userId,
      {
        source: 'invite',
        code: 'INVITE',
        description: 'INVITE',
        kind: 'fixed',
        value: amount,
        maxBonus: 0,
        minDeposit: 0,
        percentSuccess: settings.percentSuccess,
        percentFail: settings.percentFail,
        turnoverMultiple: 0,
        maxWithdraw: 0,
      },
      async (trx, now, bonus) => {
        // Exactly the sum read above: an accrual that arrived meanwhile waits for the next claim.
        const claimed = await trx
          .updateTable('invite_accruals')
          .set({ claimed_at: now, user_bonus_id: bonus.id })
          .where('inviter_id', '=', userId)
          .where('claimed_at', 'is', null)
          .where('created_at', '<', now + 1)
          .returning('amount')
          .execute();
        const total = claimed.reduce((sum, row) => sum + Number(row.amount), 0);
        if (total !== amount) throw new DomainError('NO_INVITE_BONUS', 'conflict');
      },
    );
    return { ...(await inviteSummary(userId)), message: 'INVITE_BONUS_SUCCESS' };
  }

  async function inviteBanners(language: Language): Promise<Banner[]> {
    const settings = await inviteSettings();
    return settings.enabled ? pickList(settings.banners, language) : [];
  }

  /** Net loss of the player's game accounts over [start, end), from the ledger's game_result transfers. */
  async function netLoss(userId: string, start: number, end: number): Promise<number> {
    const result = await sql<{ lost: string | number | null; won: string | number | null }>`
      select
        sum(case when d.owner_id = ${userId} then t.amount else 0 end) as lost,
        sum(case when c.owner_id = ${userId} then t.amount else 0 end) as won
      from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id
      where t.kind = ${LEDGER_KINDS.gameResult}
        and t.created_at >= ${start} and t.created_at < ${end}
        and (d.owner_id = ${userId} or c.owner_id = ${userId})`.execute(db);
    const row = result.rows[0];
    return Number(row?.lost ?? 0) - Number(row?.won ?? 0);
  }

  async function refundOffer(userId: string) {
    const settings = await refundSettings();
    const period = previousPeriod(settings.period, clock.now());
    const [loss, claimed, active] = await Promise.all([
      netLoss(userId, period.start, period.end),
      db
        .selectFrom('refund_claims')
        .select('amount')
        .where('user_id', '=', userId)
        .where('period_start', '=', period.start)
        .executeTakeFirst(),
      repo.activeBonus(db, userId),
    ]);
    const amount = settings.enabled && !claimed ? refundFor(loss, settings) : 0;
    return { settings, period, loss, amount, active: active !== undefined };
  }

  /** GET /api/refund/check. */
  async function checkRefund(userId: string, language: Language): Promise<RefundCheckResponse> {
    const offer = await refundOffer(userId);
    return {
      result: offer.amount > 0,
      bonus: offer.active,
      info: offer.settings.info[language] ?? offer.settings.info.th ?? '',
      refundAmount: fromMinor(offer.amount),
      refundSuccess: offer.settings.percentSuccess,
      refundFail: offer.settings.percentFail,
    };
  }

  /**
   * GET /api/refund/receive (and addWallet): credits the last period's refund as a bonus, once per
   * period; refused while a bonus runs.
   */
  async function receiveRefund(userId: string): Promise<{ message: string }> {
    const offer = await refundOffer(userId);
    if (!offer.settings.enabled) throw refused('REFUND_INACTIVE');
    if (offer.active) throw refused('BONUS_ALREADY_ACTIVE');
    if (offer.amount <= 0) throw refused('NO_REFUND');
    try {
      await engine.grant(
        userId,
        {
          source: 'refund',
          code: 'REFUND',
          description: 'REFUND',
          kind: 'fixed',
          value: offer.amount,
          maxBonus: 0,
          minDeposit: 0,
          percentSuccess: offer.settings.percentSuccess,
          percentFail: offer.settings.percentFail,
          turnoverMultiple: 0,
          maxWithdraw: 0,
        },
        async (trx, now, bonus) => {
          await trx
            .insertInto('refund_claims')
            .values({
              user_id: userId,
              period_start: offer.period.start,
              net_loss: offer.loss,
              amount: offer.amount,
              user_bonus_id: bonus.id,
              created_at: now,
            })
            .execute();
        },
      );
    } catch (error) {
      if (isUniqueViolation(error, 'refund_claims')) throw refused('NO_REFUND');
      throw error;
    }
    return { message: 'REFUND_SUCCESS' };
  }

  /** POST /api/refund: past refunds, newest first. */
  async function listRefunds(userId: string, page: number, limit: number): Promise<RefundListResponse> {
    const [count, rows] = await Promise.all([
      db
        .selectFrom('refund_claims')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('refund_claims')
        .select(['amount', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
    ]);
    return {
      total: Number(count.total),
      refunds: rows.map((row) => ({
        refundAmount: fromMinor(Number(row.amount)),
        createdAt: new Date(Number(row.created_at)).toISOString(),
      })),
    };
  }

  async function refundBanners(language: Language): Promise<Banner[]> {
    const settings = await refundSettings();
    return settings.enabled ? pickList(settings.banners, language) : [];
  }

  return {
    inviteSummary,
    listInvites,
    inviteBonus,
    inviteBanners,
    checkRefund,
    receiveRefund,
    listRefunds,
    refundBanners,
  };
}
export type InviteRefundService = ReturnType<typeof createInviteRefundService>;
