import type { AuditAction, AuditTargetType } from '@wallet/contract/backoffice/audit-actions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import {
  expectedWheelCost,
  type SpinCouponPage,
  type SpinCouponQueryParsed,
  type SpinCouponRow as SpinCouponView,
  type SpinLogPage,
  type SpinLogQueryParsed,
  type SpinReportQuery,
  type SpinReportResponse,
  type SpinReportRow,
  type SpinSliceView,
  type SpinWheelPayload,
  type SpinWheelView,
} from '@wallet/contract/backoffice/spinwheel';
import { LANGUAGES, type Language } from '@wallet/contract/constants';
import type { Kysely, Transaction } from 'kysely';
import { readListPage } from '../../db/list-window.ts';
import type { Database } from '../../db/schema.ts';
import { ledgerCurrency } from '../../ledger/accounts.ts';
import { LEDGER_KINDS } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound, refused } from '../../lib/domain-error.ts';
import { sanitizeOperatorHtml } from '../../lib/html-sanitizer.ts';
import { randomId } from '../../lib/ids.ts';
import * as repo from './spinwheel.repo.ts';
import { couponStatus } from './spinwheel.service.ts';

/** Who acts, from where (the shape the back office's audit log records). */
export interface SpinActor {
  operatorId: string;
  username: string;
  role: OperatorRole | null;
  ip: string;
  requestId: string;
}

export interface SpinAuditChange {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
}

export interface SpinwheelAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The back office's audit log, written in the transaction of the change (app.ts hands it over). */
  recordAudit(trx: Transaction<Database>, actor: SpinActor, change: SpinAuditChange, now: number): Promise<void>;
  /** Whether promotions has this bonus type (app.ts hands promotions' answer over). */
  bonusTypeExists(code: string): Promise<boolean>;
}

type WheelInput = Omit<SpinWheelPayload, 'reason'>;
type SliceInput = WheelInput['slices'][number];
type PerLanguage = Record<Language, string>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const msOf = (value: string | null | undefined) => (value ? Date.parse(value) : null);
const EMPTY_TEXTS: PerLanguage = { th: '', lo: '', en: '' };

function texts(json: string): PerLanguage {
  try {
    return { ...EMPTY_TEXTS, ...(JSON.parse(json) as Partial<PerLanguage>) };
  } catch {
    return EMPTY_TEXTS;
  }
}

function storedTexts(values: Partial<PerLanguage>, clean: (text: string) => string): string {
  const stored: Partial<PerLanguage> = {};
  for (const language of LANGUAGES) {
    const value = clean(values[language] ?? '');
    if (value !== '') stored[language] = value;
  }
  return JSON.stringify(stored);
}
const trimmedTexts = (values: Partial<PerLanguage>) => storedTexts(values, (text) => text.trim());
const htmlTexts = (values: Partial<PerLanguage>) => storedTexts(values, sanitizeOperatorHtml);

function sliceView(row: repo.SpinSliceRow, won: number): SpinSliceView {
  return {
    code: row.code,
    labels: texts(row.labels),
    bgColor: row.bg_color,
    textColor: row.text_color,
    htmlDescriptions: texts(row.html_descriptions),
    prizeType: row.prize_type,
    amount: Number(row.amount),
    itemNames: texts(row.item_names),
    bonusCode: row.bonus_code,
    weight: Number(row.weight),
    stock: row.stock === null ? null : Number(row.stock),
    remaining: row.remaining === null ? null : Number(row.remaining),
    won,
  };
}

/** What the audit log keeps of a wheel: everything but the row's timestamps and live counters. */
function auditState(view: SpinWheelView) {
  const { createdAt: _c, updatedAt: _u, expected: _e, spins: _s, live: _l, ...rest } = view;
  return { ...rest, slices: rest.slices.map(({ won: _w, ...slice }) => slice) };
}

/**
 * The slice rows of one version from the form. A slice whose stock field is what the previous
 * version said keeps what is left of it; a new stock number starts the count again.
 */
function sliceRows(
  wheelId: string,
  version: number,
  slices: readonly SliceInput[],
  previous: readonly repo.SpinSliceRow[],
): repo.SpinSliceRow[] {
  const before = new Map(previous.map((slice) => [slice.code, slice]));
  return slices.map((slice, position) => {
    const old = before.get(slice.code);
    const stock = slice.stock ?? null;
    const keeps = old !== undefined && (old.stock === null ? null : Number(old.stock)) === stock;
    return {
      wheel_id: wheelId,
      version,
      code: slice.code,
      position,
      labels: trimmedTexts(slice.labels),
      bg_color: slice.bgColor,
      text_color: slice.textColor,
      html_descriptions: htmlTexts(slice.htmlDescriptions),
      prize_type: slice.prizeType,
      amount: slice.prizeType === 'item' ? 0 : slice.amount,
      item_names: slice.prizeType === 'item' ? trimmedTexts(slice.itemNames) : '{}',
      bonus_code: slice.prizeType === 'bonus' && slice.bonusCode ? slice.bonusCode : null,
      weight: slice.weight,
      stock,
      remaining: keeps && old ? (old.remaining === null ? null : Number(old.remaining)) : stock,
    };
  });
}

/**
 * Marketing's wheels, and the spin log, coupons and report the operators read. Every change writes
 * its audit row (before and after) in its own transaction. A wheel with spins on its current version
 * is versioned on save, never edited in place (the spins and coupons keep their version's slices).
 */
export function createSpinwheelAdmin(deps: SpinwheelAdminDeps) {
  const { db, clock } = deps;

  async function wheelView(on: Kysely<Database>, row: repo.SpinWheelRow): Promise<SpinWheelView> {
    const version = Number(row.version);
    const slices = await repo.slicesOf(on, row.id, version);
    const won = await repo.wonBySlice(on, row.id, version);
    const views = slices.map((slice) => sliceView(slice, won.get(slice.code) ?? 0));
    const now = clock.now();
    const startsAt = row.starts_at === null ? null : Number(row.starts_at);
    const endsAt = row.ends_at === null ? null : Number(row.ends_at);
    return {
      id: row.id,
      names: texts(row.names),
      startsAt: iso(startsAt),
      endsAt: iso(endsAt),
      active: Number(row.active) === 1,
      live: Number(row.active) === 1 && (startsAt === null || startsAt <= now) && (endsAt === null || endsAt > now),
      couponValidDays: Number(row.coupon_valid_days),
      version,
      spins: [...won.values()].reduce((sum, n) => sum + n, 0),
      slices: views,
      expected: expectedWheelCost(views),
      createdAt: new Date(Number(row.created_at)).toISOString(),
      updatedAt: new Date(Number(row.updated_at)).toISOString(),
    };
  }

  async function listWheels(): Promise<{ items: SpinWheelView[] }> {
    const rows = await repo.listWheels(db);
    const items: SpinWheelView[] = [];
    for (const row of rows) items.push(await wheelView(db, row));
    return { items };
  }

  async function getWheel(id: string): Promise<{ wheel: SpinWheelView }> {
    const row = await repo.findWheel(db, id);
    if (!row) throw notFound('NO_DATA');
    return { wheel: await wheelView(db, row) };
  }

  /** One wheel active at a time: switching one on switches the others off, in the same transaction. */
  async function deactivateOthers(trx: Transaction<Database>, keep: string, now: number) {
    await trx
      .updateTable('spin_wheels')
      .set({ active: 0, updated_at: now })
      .where('active', '=', 1)
      .where('id', '!=', keep)
      .execute();
  }

  async function insertSlices(trx: Transaction<Database>, rows: repo.SpinSliceRow[]) {
    if (rows.length > 0) await trx.insertInto('spin_slices').values(rows).execute();
  }

  /** Two operators switching wheels on at once: the partial unique index decides. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'spin_wheels')) throw conflict('ALREADY_DECIDED');
      throw error;
    }
  }

  /** A bonus prize names a bonus type promotions has (INVALID_PRIZE_CODE on the slice's bonusCode otherwise). */
  async function checkBonusCodes(input: WheelInput) {
    for (const [i, slice] of input.slices.entries()) {
      if (slice.prizeType === 'bonus' && slice.bonusCode && !(await deps.bonusTypeExists(slice.bonusCode))) {
        throw refused('INVALID_PRIZE_CODE', `slices.${i}.bonusCode`);
      }
    }
  }

  async function createWheel(actor: SpinActor, input: WheelInput, reason?: string) {
    await checkBonusCodes(input);
    const now = clock.now();
    const id = randomId(12);
    await guarded(() =>
      db.transaction().execute(async (trx) => {
        if (input.active) await deactivateOthers(trx, id, now);
        await trx
          .insertInto('spin_wheels')
          .values({
            id,
            names: trimmedTexts(input.names),
            starts_at: msOf(input.startsAt),
            ends_at: msOf(input.endsAt),
            active: input.active ? 1 : 0,
            coupon_valid_days: input.couponValidDays,
            version: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await insertSlices(trx, sliceRows(id, 1, input.slices, []));
        const after = await wheelView(trx, (await repo.findWheel(trx, id)) as repo.SpinWheelRow);
        await deps.recordAudit(
          trx,
          actor,
          {
            action: 'spinwheel.wheel_create',
            targetType: 'spin_wheel',
            targetId: id,
            after: auditState(after),
            reason,
          },
          now,
        );
      }),
    );
    return getWheel(id);
  }

  async function updateWheel(actor: SpinActor, id: string, input: WheelInput, reason?: string) {
    await checkBonusCodes(input);
    const now = clock.now();
    await guarded(() =>
      db.transaction().execute(async (trx) => {
        const row = await repo.findWheel(trx, id);
        if (!row) throw notFound('NO_DATA');
        const before = await wheelView(trx, row);
        const current = Number(row.version);
        const previous = await repo.slicesOf(trx, id, current);
        // Spun: the spins keep this version's slices, the save makes the next one.
        const version = (await repo.spinCount(trx, id, current)) > 0 ? current + 1 : current;
        if (version === current) {
          await trx.deleteFrom('spin_slices').where('wheel_id', '=', id).where('version', '=', current).execute();
        }
        if (input.active) await deactivateOthers(trx, id, now);
        await trx
          .updateTable('spin_wheels')
          .set({
            names: trimmedTexts(input.names),
            starts_at: msOf(input.startsAt),
            ends_at: msOf(input.endsAt),
            active: input.active ? 1 : 0,
            coupon_valid_days: input.couponValidDays,
            version,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        await insertSlices(trx, sliceRows(id, version, input.slices, previous));
        const after = await wheelView(trx, (await repo.findWheel(trx, id)) as repo.SpinWheelRow);
        await deps.recordAudit(
          trx,
          actor,
          {
            action: 'spinwheel.wheel_update',
            targetType: 'spin_wheel',
            targetId: id,
            before: auditState(before),
            after: auditState(after),
            reason,
          },
          now,
        );
      }),
    );
    return getWheel(id);
  }

  async function setActive(actor: SpinActor, id: string, active: boolean, reason?: string) {
    const now = clock.now();
    await guarded(() =>
      db.transaction().execute(async (trx) => {
        const row = await repo.findWheel(trx, id);
        if (!row) throw notFound('NO_DATA');
        if (active) await deactivateOthers(trx, id, now);
        await trx
          .updateTable('spin_wheels')
          .set({ active: active ? 1 : 0, updated_at: now })
          .where('id', '=', id)
          .execute();
        await deps.recordAudit(
          trx,
          actor,
          {
            action: 'spinwheel.wheel_active',
            targetType: 'spin_wheel',
            targetId: id,
            before: { active: Number(row.active) === 1 },
            after: { active },
            reason,
          },
          now,
        );
      }),
    );
    return getWheel(id);
  }

  /** Only a wheel nobody has spun can go; a spun one is switched off (WHEEL_HAS_SPINS). */
  async function deleteWheel(actor: SpinActor, id: string, reason?: string): Promise<{ message: string }> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const row = await repo.findWheel(trx, id);
      if (!row) throw notFound('NO_DATA');
      if ((await repo.spinCount(trx, id)) > 0) throw conflict('WHEEL_HAS_SPINS');
      const before = await wheelView(trx, row);
      await trx.deleteFrom('spin_slices').where('wheel_id', '=', id).execute();
      await trx.deleteFrom('spin_wheels').where('id', '=', id).execute();
      await deps.recordAudit(
        trx,
        actor,
        {
          action: 'spinwheel.wheel_delete',
          targetType: 'spin_wheel',
          targetId: id,
          before: auditState(before),
          reason,
        },
        now,
      );
    });
    return { message: 'SUCCESS' };
  }

  async function spinLog(query: SpinLogQueryParsed): Promise<SpinLogPage> {
    const now = clock.now();
    let base = db
      .selectFrom('spin_draws as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .innerJoin('spin_coupons as c', 'c.spin_id', 'd.id')
      .innerJoin('spin_slices as s', (join) =>
        join
          .onRef('s.wheel_id', '=', 'd.wheel_id')
          .onRef('s.version', '=', 'd.version')
          .onRef('s.code', '=', 'd.slice_code'),
      );
    if (query.wheelId) base = base.where('d.wheel_id', '=', query.wheelId);
    if (query.playerId) base = base.where('d.user_id', '=', query.playerId);
    if (query.from) base = base.where('d.created_at', '>=', Date.parse(query.from));
    if (query.to) base = base.where('d.created_at', '<', Date.parse(query.to));
    const { rows, ...count } = await readListPage(db, base, query, (offset) =>
      base
        .select([
          'd.id',
          'd.created_at',
          'd.user_id',
          'u.username',
          'd.wheel_id',
          'd.version',
          'd.slice_code',
          's.labels',
          'c.prize_type',
          'c.amount',
          'c.id as coupon_id',
          'c.status',
          'c.expires_at',
        ])
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(query.limit)
        .offset(offset)
        .execute(),
    );
    return {
      items: rows.map((row) => ({
        id: row.id,
        at: new Date(Number(row.created_at)).toISOString(),
        playerId: row.user_id,
        username: row.username,
        wheelId: row.wheel_id,
        version: Number(row.version),
        sliceCode: row.slice_code,
        sliceLabel: texts(row.labels).th,
        prizeType: row.prize_type,
        amount: Number(row.amount),
        couponId: row.coupon_id,
        couponStatus: couponStatus(row, now),
      })),
      ...count,
      page: query.page,
      limit: query.limit,
    };
  }

  function couponQuery(on: Kysely<Database>) {
    return on
      .selectFrom('spin_coupons as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('spin_slices as s', (join) =>
        join
          .onRef('s.wheel_id', '=', 'c.wheel_id')
          .onRef('s.version', '=', 'c.version')
          .onRef('s.code', '=', 'c.slice_code'),
      );
  }
  const couponColumns = [
    'c.id',
    'c.created_at',
    'c.user_id',
    'u.username',
    'c.wheel_id',
    'c.version',
    'c.slice_code',
    's.labels',
    's.item_names',
    'c.prize_type',
    'c.amount',
    'c.status',
    'c.expires_at',
    'c.claimed_at',
    'c.fulfilled_at',
    'c.fulfilled_by',
  ] as const;
  type CouponJoined = Awaited<
    ReturnType<ReturnType<ReturnType<typeof couponQuery>['select']>['executeTakeFirstOrThrow']>
  > &
    Record<string, unknown>;

  function couponView(row: CouponJoined, now: number): SpinCouponView {
    const r = row as unknown as repo.SpinCouponRow & {
      username: string;
      labels: string;
      item_names: string;
    };
    return {
      id: r.id,
      at: new Date(Number(r.created_at)).toISOString(),
      playerId: r.user_id,
      username: r.username,
      wheelId: r.wheel_id,
      version: Number(r.version),
      sliceCode: r.slice_code,
      sliceLabel: texts(r.labels).th,
      prizeType: r.prize_type,
      amount: Number(r.amount),
      itemName: r.prize_type === 'item' ? texts(r.item_names).th : '',
      status: couponStatus(r, now),
      expiresAt: new Date(Number(r.expires_at)).toISOString(),
      claimedAt: iso(r.claimed_at),
      fulfilledAt: iso(r.fulfilled_at),
      fulfilledBy: r.fulfilled_by,
    };
  }

  async function couponList(query: SpinCouponQueryParsed): Promise<SpinCouponPage> {
    const now = clock.now();
    let base = couponQuery(db);
    if (query.status === 'expired') base = base.where('c.status', '=', 'open').where('c.expires_at', '<=', now);
    else if (query.status === 'open') base = base.where('c.status', '=', 'open').where('c.expires_at', '>', now);
    else if (query.status) base = base.where('c.status', '=', query.status);
    if (query.prizeType) base = base.where('c.prize_type', '=', query.prizeType);
    if (query.playerId) base = base.where('c.user_id', '=', query.playerId);
    if (query.wheelId) base = base.where('c.wheel_id', '=', query.wheelId);
    const { rows, ...count } = await readListPage(db, base, query, (offset) =>
      base
        .select(couponColumns)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(query.limit)
        .offset(offset)
        .execute(),
    );
    return {
      items: rows.map((row) => couponView(row as CouponJoined, now)),
      ...count,
      page: query.page,
      limit: query.limit,
    };
  }

  /**
   * An item coupon the player claimed was handed over. Not an item: INVALID_COUPON_TYPE; still open
   * (or expired): NO_CLAIMABLE_COUPON; fulfilled already: ALREADY_DECIDED.
   */
  async function fulfil(actor: SpinActor, id: string, reason?: string): Promise<{ coupon: SpinCouponView }> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const row = await repo.findCoupon(trx, id);
      if (!row) throw notFound('NO_DATA');
      if (row.prize_type !== 'item') throw refused('INVALID_COUPON_TYPE');
      if (row.status === 'fulfilled') throw conflict('ALREADY_DECIDED');
      if (row.status !== 'claimed') throw refused('NO_CLAIMABLE_COUPON');
      const result = await trx
        .updateTable('spin_coupons')
        .set({ status: 'fulfilled', fulfilled_at: now, fulfilled_by: actor.username })
        .where('id', '=', id)
        .where('status', '=', 'claimed')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw conflict('ALREADY_DECIDED');
      await deps.recordAudit(
        trx,
        actor,
        {
          action: 'spinwheel.coupon_fulfil',
          targetType: 'spin_coupon',
          targetId: id,
          before: { status: 'claimed' },
          after: { status: 'fulfilled', player: row.user_id, slice: row.slice_code },
          reason,
        },
        now,
      );
    });
    const row = await couponQuery(db).select(couponColumns).where('c.id', '=', id).executeTakeFirstOrThrow();
    return { coupon: couponView(row as CouponJoined, now) };
  }

  async function report(query: SpinReportQuery): Promise<SpinReportResponse> {
    const from = query.from ? Date.parse(query.from) : 0;
    const to = query.to ? Date.parse(query.to) : Number.MAX_SAFE_INTEGER;
    const coinSums = await db
      .selectFrom('ledger_transfers')
      .select(['kind', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('kind', 'in', [LEDGER_KINDS.coinEarn, LEDGER_KINDS.coinPrize])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy('kind')
      .execute();
    const coinsOf = (kind: string) => Number(coinSums.find((row) => row.kind === kind)?.total ?? 0);

    let draws = db
      .selectFrom('spin_draws')
      .select(['wheel_id', 'version', 'slice_code', (eb) => eb.fn.countAll<number>().as('won')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to);
    if (query.wheelId) draws = draws.where('wheel_id', '=', query.wheelId);
    const won = await draws.groupBy(['wheel_id', 'version', 'slice_code']).execute();

    let claims = db
      .selectFrom('spin_coupons')
      .select(['wheel_id', 'version', 'slice_code', (eb) => eb.fn.countAll<number>().as('claimed')])
      .where('claimed_at', '>=', from)
      .where('claimed_at', '<', to);
    if (query.wheelId) claims = claims.where('wheel_id', '=', query.wheelId);
    const claimed = await claims.groupBy(['wheel_id', 'version', 'slice_code']).execute();

    const key = (w: string, v: number | string, c: string) => `${w}\u0000${Number(v)}\u0000${c}`;
    const wonBy = new Map(won.map((row) => [key(row.wheel_id, row.version, row.slice_code), Number(row.won)]));
    const claimedBy = new Map(
      claimed.map((row) => [key(row.wheel_id, row.version, row.slice_code), Number(row.claimed)]),
    );
    const versions = new Map<string, { wheelId: string; version: number; spins: number }>();
    for (const row of won) {
      const id = `${row.wheel_id}\u0000${Number(row.version)}`;
      const entry = versions.get(id) ?? { wheelId: row.wheel_id, version: Number(row.version), spins: 0 };
      entry.spins += Number(row.won);
      versions.set(id, entry);
    }
    const rows: SpinReportRow[] = [];
    let spins = 0;
    for (const { wheelId, version, spins: versionSpins } of versions.values()) {
      spins += versionSpins;
      const slices = await repo.slicesOf(db, wheelId, version);
      const totalWeight = slices.reduce((sum, slice) => sum + Number(slice.weight), 0);
      for (const slice of slices) {
        const weight = Number(slice.weight);
        rows.push({
          wheelId,
          version,
          sliceCode: slice.code,
          sliceLabel: texts(slice.labels).th,
          prizeType: slice.prize_type,
          amount: Number(slice.amount),
          weight,
          spins: versionSpins,
          won: wonBy.get(key(wheelId, version, slice.code)) ?? 0,
          expected: totalWeight > 0 ? (versionSpins * weight) / totalWeight : 0,
          claimed: claimedBy.get(key(wheelId, version, slice.code)) ?? 0,
        });
      }
    }

    // Bonus credit of the coupons claimed in the period, in each player's wallet currency.
    let paid = db
      .selectFrom('spin_coupons as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['u.currency', (eb) => eb.fn.sum<number>('c.amount').as('total')])
      .where('c.prize_type', '=', 'bonus')
      .where('c.claimed_at', '>=', from)
      .where('c.claimed_at', '<', to);
    if (query.wheelId) paid = paid.where('c.wheel_id', '=', query.wheelId);
    const paidBy = new Map<string, number>();
    for (const row of await paid.groupBy('u.currency').execute()) {
      const currency = ledgerCurrency(row.currency);
      paidBy.set(currency, (paidBy.get(currency) ?? 0) + Number(row.total ?? 0));
    }
    const bonusPaid = [...paidBy].map(([currency, amount]) => ({ currency, amount }));

    const countItems = async (column: 'created_at' | 'fulfilled_at') => {
      let items = db
        .selectFrom('spin_coupons')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('prize_type', '=', 'item')
        .where(column, '>=', from)
        .where(column, '<', to);
      if (query.wheelId) items = items.where('wheel_id', '=', query.wheelId);
      return Number((await items.executeTakeFirst())?.n ?? 0);
    };

    return {
      coinsEarned: coinsOf(LEDGER_KINDS.coinEarn),
      coinsWon: coinsOf(LEDGER_KINDS.coinPrize),
      coinsSpent: spins,
      spins,
      bonusPaid,
      itemsWon: await countItems('created_at'),
      itemsFulfilled: await countItems('fulfilled_at'),
      rows,
    };
  }

  return {
    listWheels,
    getWheel,
    createWheel,
    updateWheel,
    setActive,
    deleteWheel,
    spinLog,
    couponList,
    fulfil,
    report,
  };
}
export type SpinwheelAdmin = ReturnType<typeof createSpinwheelAdmin>;
