import { fromMinor } from '@wallet/contract/money';
import type { ProtectionSessionResponse, ProtectionView } from '@wallet/contract/protection';
import {
  COOLING_OFF_MS,
  DAY_MS,
  type DepositHoldReason,
  type ExclusionMonths,
  LIMIT_INCREASE_DELAY_MS,
  LIMIT_PERIODS,
  LIMIT_WINDOW_MS,
  type LimitPeriod,
  type ProtectionEventKind,
  type ProtectionReportKind,
  type ProtectionState,
  RESTRICTED_STATE_CODES,
  type RealityCheckMinutes,
  type TimeoutDays,
} from '@wallet/contract/protection-rules';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PendingLimitRow, PlayerProtectionRow } from '../../db/schema/protection.ts';
import type { Database } from '../../db/schema.ts';
import type { DepositRoute, PlayerRestrictions } from '../../events/player-restrictions.ts';
import { ledgerCurrency } from '../../ledger/accounts.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound, refused } from '../../lib/domain-error.ts';
import { orderedId } from '../../lib/ids.ts';
import * as repo from './protection.repo.ts';

const LIMIT_COLUMN = { day: 'day_limit', week: 'week_limit', month: 'month_limit' } as const;
const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
const num = (value: number | string | bigint | null) => (value === null ? null : Number(value));
/** At most this many held deposits in the player's view, newest first. */
const HELD_DEPOSITS_SHOWN = 20;

/** Who starts a time-out or exclusion: the player, or an operator on the player's request (audited). */
export interface ProtectionActor {
  by: string;
  reason?: string;
  /** Writes the audit row in the deciding transaction (staff only). */
  audit?: (
    trx: Transaction<Database>,
    change: { action: 'player.protection_timeout' | 'player.protection_exclusion'; after: unknown; reason: string },
    now: number,
  ) => Promise<void>;
}

const PLAYER: ProtectionActor = { by: 'player' };

/** Where a player stands at `now` (protection-rules.ts PROTECTION_STATES) and until when. */
export function standing(
  row: PlayerProtectionRow | undefined,
  now: number,
): { state: ProtectionState; restrictedUntil: number | null } {
  if (!row) return { state: 'open', restrictedUntil: null };
  const exclusionEnd = num(row.exclusion_ends_at);
  if (exclusionEnd !== null && now < exclusionEnd) return { state: 'excluded', restrictedUntil: exclusionEnd };
  const returnAt = num(row.return_requested_at);
  if (exclusionEnd !== null && returnAt === null) return { state: 'closed', restrictedUntil: null };
  const coolingEnd = exclusionEnd !== null && returnAt !== null ? returnAt + COOLING_OFF_MS : null;
  const timeoutEnd = num(row.timeout_ends_at);
  const timedOut = timeoutEnd !== null && now < timeoutEnd;
  const cooling = coolingEnd !== null && now < coolingEnd;
  if (timedOut && (!cooling || (timeoutEnd as number) >= (coolingEnd as number))) {
    return { state: 'timeout', restrictedUntil: timeoutEnd };
  }
  if (cooling) return { state: 'cooling_off', restrictedUntil: coolingEnd };
  return { state: 'open', restrictedUntil: null };
}

/** `months` calendar months after `from` (UTC); a day past the month's end falls back to its last day. */
export function addMonths(from: number, months: number): number {
  const date = new Date(from);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

export interface ProtectionDeps {
  db: Kysely<Database>;
  dialect: Db['dialect'];
  clock: Clock;
}

/**
 * Player protection (issue 20): deposit limits over rolling windows, time-outs, self-exclusions with
 * their closed state and cooling-off, the reality check, and the guard every other feature asks
 * (restrictions). Everything is decided against the injected clock.
 */
export function createProtection(deps: ProtectionDeps) {
  const { db, dialect, clock } = deps;

  async function event(
    trx: Kysely<Database> | Transaction<Database>,
    userId: string,
    kind: string,
    now: number,
    fields: {
      period?: string;
      amount?: number | null;
      endsAt?: number | null;
      actor?: string;
      detail?: string | null;
    } = {},
  ) {
    await repo.insertEvent(trx, {
      id: orderedId(now),
      user_id: userId,
      kind,
      period: fields.period ?? null,
      amount: fields.amount ?? null,
      ends_at: fields.endsAt ?? null,
      actor: fields.actor ?? 'player',
      detail: fields.detail ?? null,
      created_at: now,
    });
  }

  async function view(userId: string): Promise<ProtectionView> {
    const now = clock.now();
    const [row, pendings, held] = await Promise.all([
      repo.findProtection(db, userId),
      repo.pendingLimits(db, userId),
      repo.heldDeposits(db, userId, HELD_DEPOSITS_SHOWN),
    ]);
    const { state, restrictedUntil } = standing(row, now);
    const limits = {} as ProtectionView['limits'];
    let limitPause: { period: LimitPeriod; until: number } | null = null;
    for (const period of LIMIT_PERIODS) {
      const amount = row ? num(row[LIMIT_COLUMN[period]]) : null;
      const used = await repo.depositedSince(db, userId, now - LIMIT_WINDOW_MS[period]);
      if (amount !== null && used >= amount) {
        // Deposits open again when the window's oldest deposit leaves it; with several windows used up, the last.
        const oldest = await repo.oldestDepositSince(db, userId, now - LIMIT_WINDOW_MS[period]);
        const until = (oldest ?? now) + LIMIT_WINDOW_MS[period];
        if (!limitPause || until > limitPause.until) limitPause = { period, until };
      }
      const pending = pendings.find((p) => p.period === period);
      limits[period] = {
        amount: amount === null ? null : fromMinor(amount),
        used: fromMinor(used),
        remaining: amount === null ? null : fromMinor(Math.max(0, amount - used)),
        pending: pending
          ? {
              amount: pending.amount === null ? null : fromMinor(Number(pending.amount)),
              requestedAt: iso(pending.requested_at) as string,
              appliesAt: iso(pending.applies_at) as string,
              confirmable: now >= Number(pending.applies_at),
            }
          : null,
      };
    }
    const timeoutEnd = row ? num(row.timeout_ends_at) : null;
    const exclusionEnd = row ? num(row.exclusion_ends_at) : null;
    const returnAt = row ? num(row.return_requested_at) : null;
    return {
      state,
      limits,
      timeout:
        row && timeoutEnd !== null
          ? {
              startedAt: iso(row.timeout_started_at) as string,
              endsAt: iso(timeoutEnd) as string,
              days: Number(row.timeout_days),
              active: now < timeoutEnd,
            }
          : null,
      exclusion:
        row && exclusionEnd !== null
          ? {
              startedAt: iso(row.exclusion_started_at) as string,
              endsAt: iso(exclusionEnd) as string,
              months: Number(row.exclusion_months),
              active: now < exclusionEnd,
              returnRequestedAt: iso(returnAt),
              coolingOffEndsAt: returnAt === null ? null : iso(returnAt + COOLING_OFF_MS),
            }
          : null,
      restrictedUntil: iso(restrictedUntil),
      depositPause:
        state !== 'open'
          ? { reason: state, period: null, until: iso(restrictedUntil) }
          : limitPause
            ? { reason: 'limit', period: limitPause.period, until: iso(limitPause.until) }
            : null,
      realityCheckMinutes: row ? Number(row.reality_check_minutes) : 0,
      heldDeposits: held.map((h) => ({
        amount: fromMinor(h.amount),
        at: iso(h.at) as string,
        reason: h.reason as DepositHoldReason,
      })),
    };
  }

  async function applyLimit(
    trx: Transaction<Database>,
    userId: string,
    period: LimitPeriod,
    amount: number | null,
    now: number,
    detail: string | null,
  ) {
    await repo.updateProtection(trx, userId, { [LIMIT_COLUMN[period]]: amount }, now);
    await repo.deletePendingLimit(trx, userId, period);
    await event(trx, userId, 'limit_applied', now, { period, amount, detail });
  }

  /**
   * PUT limits: per period, a first limit or a lower one applies at once; the limit in force withdraws
   * a pending change; a higher one or a removal waits 24 hours, and the same request sent again after
   * that confirms and applies it.
   */
  async function setLimits(userId: string, wanted: Record<LimitPeriod, number | null>): Promise<ProtectionView> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const row = await repo.lockProtection(trx, dialect, userId, now);
      const pendings = await repo.pendingLimits(trx, userId);
      for (const period of LIMIT_PERIODS) {
        const current = num(row[LIMIT_COLUMN[period]]);
        const requested = wanted[period];
        const pending = pendings.find((p) => p.period === period);
        if (requested === current) {
          if (pending) {
            await repo.deletePendingLimit(trx, userId, period);
            await event(trx, userId, 'limit_cancelled', now, { period, amount: num(pending.amount) });
          }
          continue;
        }
        const lower = requested !== null && (current === null || requested < current);
        if (lower) {
          await applyLimit(trx, userId, period, requested, now, null);
        } else if (pending && num(pending.amount) === requested) {
          if (now >= Number(pending.applies_at)) await applyLimit(trx, userId, period, requested, now, 'confirmed');
        } else {
          await setPending(trx, {
            user_id: userId,
            period,
            amount: requested,
            requested_at: now,
            applies_at: now + LIMIT_INCREASE_DELAY_MS,
          });
        }
      }
    });
    return view(userId);
  }

  async function setPending(trx: Transaction<Database>, row: PendingLimitRow) {
    await repo.setPendingLimit(trx, row);
    await event(trx, row.user_id, 'limit_pending', row.requested_at, {
      period: row.period,
      amount: row.amount,
      endsAt: row.applies_at,
    });
  }

  /** POST limits/confirm: applies the period's pending change once its 24 hours have passed. */
  async function confirmLimit(userId: string, period: LimitPeriod): Promise<ProtectionView> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.lockProtection(trx, dialect, userId, now);
      const pending = (await repo.pendingLimits(trx, userId)).find((p) => p.period === period);
      if (!pending || now < Number(pending.applies_at)) throw conflict('LIMIT_NOT_DUE');
      await applyLimit(trx, userId, period, num(pending.amount), now, 'confirmed');
    });
    return view(userId);
  }

  /** A time-out from now; refused when a protection in force already ends later (nobody shortens one). */
  async function startTimeout(
    userId: string,
    days: TimeoutDays,
    actor: ProtectionActor = PLAYER,
  ): Promise<ProtectionView> {
    const now = clock.now();
    const endsAt = now + days * DAY_MS;
    await db.transaction().execute(async (trx) => {
      const row = await repo.lockProtection(trx, dialect, userId, now);
      const { state, restrictedUntil } = standing(row, now);
      if (state === 'excluded' || state === 'closed' || (restrictedUntil !== null && restrictedUntil >= endsAt)) {
        throw conflict('PROTECTION_ALREADY_LONGER');
      }
      await repo.updateProtection(
        trx,
        userId,
        { timeout_started_at: now, timeout_ends_at: endsAt, timeout_days: days },
        now,
      );
      await event(trx, userId, 'timeout', now, { endsAt, actor: actor.by, detail: actor.reason ?? null });
      if (actor.audit && actor.reason) {
        await actor.audit(
          trx,
          { action: 'player.protection_timeout', after: { days, endsAt: iso(endsAt) }, reason: actor.reason },
          now,
        );
      }
    });
    return view(userId);
  }

  /** A self-exclusion from now; refused when a running one already ends later. A closed account may start a new one. */
  async function startExclusion(
    userId: string,
    months: ExclusionMonths,
    actor: ProtectionActor = PLAYER,
  ): Promise<ProtectionView> {
    const now = clock.now();
    const endsAt = addMonths(now, months);
    await db.transaction().execute(async (trx) => {
      const row = await repo.lockProtection(trx, dialect, userId, now);
      const { state, restrictedUntil } = standing(row, now);
      if (state !== 'closed' && restrictedUntil !== null && restrictedUntil >= endsAt) {
        throw conflict('PROTECTION_ALREADY_LONGER');
      }
      await repo.updateProtection(
        trx,
        userId,
        {
          exclusion_started_at: now,
          exclusion_ends_at: endsAt,
          exclusion_months: months,
          return_requested_at: null,
        },
        now,
      );
      await event(trx, userId, 'exclusion', now, { endsAt, actor: actor.by, detail: actor.reason ?? null });
      if (actor.audit && actor.reason) {
        await actor.audit(
          trx,
          { action: 'player.protection_exclusion', after: { months, endsAt: iso(endsAt) }, reason: actor.reason },
          now,
        );
      }
    });
    return view(userId);
  }

  /** After an ended exclusion the player asks to return: play opens after the 24-hour cooling-off. */
  async function requestReturn(userId: string): Promise<ProtectionView> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const row = await repo.lockProtection(trx, dialect, userId, now);
      if (standing(row, now).state !== 'closed') throw conflict('RETURN_NOT_AVAILABLE');
      await repo.updateProtection(trx, userId, { return_requested_at: now }, now);
      await event(trx, userId, 'return_requested', now, { endsAt: now + COOLING_OFF_MS });
    });
    return view(userId);
  }

  async function setRealityCheck(userId: string, minutes: RealityCheckMinutes): Promise<ProtectionView> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.lockProtection(trx, dialect, userId, now);
      await repo.updateProtection(trx, userId, { reality_check_minutes: minutes }, now);
    });
    return view(userId);
  }

  /** What the reality-check modal shows for the session of `tokenHash`. */
  async function session(userId: string, tokenHash: string): Promise<ProtectionSessionResponse> {
    const now = clock.now();
    const [found, row, user] = await Promise.all([
      repo.sessionOf(db, tokenHash),
      repo.findProtection(db, userId),
      db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst(),
    ]);
    if (!found || found.user_id !== userId) throw notFound('NO_DATA');
    const signedInAt = Number(found.created_at);
    const minutes = row ? Number(row.reality_check_minutes) : 0;
    const sums = { deposited: 0, withdrawn: 0, toGames: 0, fromGames: 0 };
    for (const line of await repo.movementsSince(db, userId, signedInAt)) {
      const total = Number(line.total ?? 0);
      if (line.statement_type === 'deposit' && line.status === 'SUCCESS') sums.deposited += total;
      else if (line.statement_type === 'withdraw') sums.withdrawn += total;
      else if (line.statement_type === 'transfer' && line.from_code === 'WALLET') sums.toGames += total;
      else if (line.statement_type === 'transfer' && line.to_code === 'WALLET') sums.fromGames += total;
    }
    const elapsed = now - signedInAt;
    const intervalMs = minutes * 60_000;
    return {
      realityCheckMinutes: minutes,
      signedInAt: iso(signedInAt) as string,
      now: iso(now) as string,
      elapsedMinutes: Math.floor(elapsed / 60_000),
      nextCheckAt: minutes === 0 ? null : iso(signedInAt + (Math.floor(elapsed / intervalMs) + 1) * intervalMs),
      deposited: fromMinor(sums.deposited),
      withdrawn: fromMinor(sums.withdrawn),
      toGames: fromMinor(sums.toGames),
      fromGames: fromMinor(sums.fromGames),
      net: fromMinor(sums.fromGames - sums.toGames),
      currency: ledgerCurrency(user?.currency ?? null),
    };
  }

  /** The player acknowledged a reality check: kept in the history with the minutes since sign-in. */
  async function acknowledge(userId: string, tokenHash: string): Promise<void> {
    const found = await repo.sessionOf(db, tokenHash);
    const now = clock.now();
    const minutes = found ? Math.floor((now - Number(found.created_at)) / 60_000) : 0;
    await event(db, userId, 'reality_check', now, { detail: `${minutes} min` });
  }

  async function refusalOf(userId: string): Promise<ProtectionState> {
    return standing(await repo.findProtection(db, userId), clock.now()).state;
  }

  function refusal(state: Exclude<ProtectionState, 'open'>) {
    return forbidden(RESTRICTED_STATE_CODES[state]);
  }

  /** The first limit of `row` that `amountMinor` more would pass, counting what `reader` sees deposited. */
  async function limitPassed(
    reader: Kysely<Database> | Transaction<Database>,
    row: PlayerProtectionRow | undefined,
    userId: string,
    amountMinor: number,
  ): Promise<LimitPeriod | null> {
    if (!row) return null;
    const now = clock.now();
    for (const period of LIMIT_PERIODS) {
      const limit = num(row[LIMIT_COLUMN[period]]);
      if (limit === null) continue;
      const used = await repo.depositedSince(reader, userId, now - LIMIT_WINDOW_MS[period]);
      if (used + amountMinor > limit) return period;
    }
    return null;
  }

  const restrictions: PlayerRestrictions = {
    async assertAllowed(userId) {
      const state = await refusalOf(userId);
      if (state !== 'open') throw refusal(state);
    },
    async allows(userId) {
      return (await refusalOf(userId)) === 'open';
    },
    async assertDeposit(userId, amountMinor, route: DepositRoute) {
      const state = await refusalOf(userId);
      if (state !== 'open') throw refusal(state);
      const period = await limitPassed(db, await repo.findProtection(db, userId), userId, amountMinor);
      if (period) {
        await event(db, userId, 'deposit_refused', clock.now(), { period, amount: amountMinor, detail: route });
        throw refused('DEPOSIT_LIMIT_EXCEEDED', 'amount');
      }
    },
    async depositHold(userId, amountMinor, route: DepositRoute) {
      const row = await repo.findProtection(db, userId);
      const state = standing(row, clock.now()).state;
      const period = state === 'open' ? await limitPassed(db, row, userId, amountMinor) : null;
      const hold: DepositHoldReason | null = state !== 'open' ? 'PLAYER_RESTRICTED' : period ? 'DEPOSIT_LIMIT' : null;
      if (hold) {
        await event(db, userId, 'deposit_held', clock.now(), {
          period: period ?? undefined,
          amount: amountMinor,
          detail: `${hold}:${route}`,
        });
      }
      return hold;
    },
    async depositFits(trx, userId, amountMinor) {
      const row = await repo.lockExistingProtection(trx, dialect, userId);
      if (!row) return true;
      return standing(row, clock.now()).state === 'open' && (await limitPassed(trx, row, userId, amountMinor)) === null;
    },
  };

  return {
    view,
    setLimits,
    confirmLimit,
    startTimeout,
    startExclusion,
    requestReturn,
    setRealityCheck,
    session,
    acknowledge,
    restrictions,
    async assertPlayer(userId: string) {
      if (!(await repo.playerExists(db, userId))) throw notFound('NO_USER');
    },
    async playerProtection(userId: string, page: number, limit: number) {
      if (!(await repo.playerExists(db, userId))) throw notFound('NO_USER');
      const [protection, history] = await Promise.all([view(userId), repo.listEvents(db, userId, page, limit)]);
      return {
        protection,
        history: {
          items: history.items.map((e) => ({
            id: e.id,
            at: iso(e.created_at) as string,
            kind: e.kind as ProtectionEventKind,
            period: e.period,
            amount: e.amount === null ? null : fromMinor(Number(e.amount)),
            endsAt: iso(e.ends_at),
            by: e.actor,
            detail: e.detail,
          })),
          total: history.total,
          totalCapped: history.totalCapped,
          page,
          limit,
        },
      };
    },
    async report(query: { kind: ProtectionReportKind; page: number; limit: number }) {
      const now = clock.now();
      const { items, total, totalCapped } = await repo.reportRows(db, query.kind, now, query.page, query.limit);
      return {
        items: items.map((row) => {
          const { state, restrictedUntil } = standing(row, now);
          const money = (v: number | null) => (v === null ? null : fromMinor(Number(v)));
          return {
            userId: row.user_id,
            username: row.username,
            name: row.name,
            state,
            restrictedUntil: iso(restrictedUntil),
            dayLimit: money(row.day_limit),
            weekLimit: money(row.week_limit),
            monthLimit: money(row.month_limit),
            since: iso(row.updated_at) as string,
          };
        }),
        total,
        totalCapped,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}
export type Protection = ReturnType<typeof createProtection>;
