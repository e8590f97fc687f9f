import type { Language } from '@wallet/contract/constants';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { SpinCouponRow, SpinSliceRow, SpinWheelRow } from '../../db/schema/spinwheel.ts';
import type { Database } from '../../db/schema.ts';

export type { SpinCouponRow, SpinSliceRow, SpinWheelRow };

/** A JSON {th, lo, en} column in one language: the asked one, else Thai, else `empty`. */
export function pickLanguage(json: string, language: Language, empty = ''): string {
  try {
    const byLanguage = JSON.parse(json) as Partial<Record<Language, string>>;
    const value = byLanguage[language];
    if (value !== undefined && value !== '') return value;
    return byLanguage.th ?? empty;
  } catch {
    return empty;
  }
}

/** The wheel players see now: the active one, inside its schedule. */
export async function liveWheel(db: Kysely<Database>, now: number): Promise<SpinWheelRow | undefined> {
  return db
    .selectFrom('spin_wheels')
    .selectAll()
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .executeTakeFirst();
}

export async function findWheel(db: Kysely<Database>, id: string): Promise<SpinWheelRow | undefined> {
  return db.selectFrom('spin_wheels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listWheels(db: Kysely<Database>): Promise<SpinWheelRow[]> {
  return db.selectFrom('spin_wheels').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

/** The slices of one version, in wheel order. */
export async function slicesOf(db: Kysely<Database>, wheelId: string, version: number): Promise<SpinSliceRow[]> {
  return db
    .selectFrom('spin_slices')
    .selectAll()
    .where('wheel_id', '=', wheelId)
    .where('version', '=', version)
    .orderBy('position')
    .execute();
}

export async function findSlice(
  db: Kysely<Database>,
  wheelId: string,
  version: number,
  code: string,
): Promise<SpinSliceRow | undefined> {
  return db
    .selectFrom('spin_slices')
    .selectAll()
    .where('wheel_id', '=', wheelId)
    .where('version', '=', version)
    .where('code', '=', code)
    .executeTakeFirst();
}

/**
 * Takes one prize of a limited slice: false when none is left (another spin took the last one).
 * An unlimited slice always has one.
 */
export async function takeStock(trx: Transaction<Database>, slice: SpinSliceRow): Promise<boolean> {
  if (slice.remaining === null) return true;
  const result = await trx
    .updateTable('spin_slices')
    .set({ remaining: sql`remaining - 1` })
    .where('wheel_id', '=', slice.wheel_id)
    .where('version', '=', slice.version)
    .where('code', '=', slice.code)
    .where('remaining', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSpin(
  trx: Transaction<Database>,
  spin: { id: string; userId: string; wheelId: string; version: number; sliceCode: string; now: number },
): Promise<void> {
  await trx
    .insertInto('spin_draws')
    .values({
      id: spin.id,
      user_id: spin.userId,
      wheel_id: spin.wheelId,
      version: spin.version,
      slice_code: spin.sliceCode,
      created_at: spin.now,
    })
    .execute();
}

export async function insertCoupon(trx: Transaction<Database>, row: SpinCouponRow): Promise<void> {
  await trx.insertInto('spin_coupons').values(row).execute();
}

export async function findCoupon(db: Kysely<Database>, id: string): Promise<SpinCouponRow | undefined> {
  return db.selectFrom('spin_coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The player's coupons with the slice each was won on, newest first. */
export async function couponsOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('spin_coupons as c')
    .innerJoin('spin_slices as s', (join) =>
      join
        .onRef('s.wheel_id', '=', 'c.wheel_id')
        .onRef('s.version', '=', 'c.version')
        .onRef('s.code', '=', 'c.slice_code'),
    )
    .selectAll('c')
    .select(['s.labels', 's.html_descriptions', 's.item_names'])
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}

/**
 * Claims an open coupon of the player that has not expired: false when it is not (claimed before,
 * expired, someone else's), so a coupon is claimed once however claims race.
 */
export async function claimCoupon(trx: Transaction<Database>, id: string, userId: string, now: number) {
  const result = await trx
    .updateTable('spin_coupons')
    .set({ status: 'claimed', claimed_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spins per slice of one version (the editor's "won" column). */
export async function wonBySlice(db: Kysely<Database>, wheelId: string, version: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('spin_draws')
    .select(['slice_code', (eb) => eb.fn.countAll<number>().as('won')])
    .where('wheel_id', '=', wheelId)
    .where('version', '=', version)
    .groupBy('slice_code')
    .execute();
  return new Map(rows.map((row) => [row.slice_code, Number(row.won)]));
}

export async function spinCount(db: Kysely<Database>, wheelId: string, version?: number): Promise<number> {
  let query = db
    .selectFrom('spin_draws')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('wheel_id', '=', wheelId);
  if (version !== undefined) query = query.where('version', '=', version);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}
