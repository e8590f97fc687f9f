import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  BonusesTable,
  PromotionCodesTable,
  UserBonusesTable,
  UserBonusSource,
  UserBonusStatus,
} from '../../db/schema/promotions.ts';
import type { Database } from '../../db/schema.ts';

export type BonusRow = Selectable<BonusesTable>;
export type PromotionCodeRow = Selectable<PromotionCodesTable>;
export type UserBonusRow = Selectable<UserBonusesTable>;

/** A per-language JSON text: the asked language, else Thai, else the first one there is. */
export { pickLanguage } from '../../db/per-language.ts';

/** Bonuses a player can see now: switched on and not past their expiry, in the operator's order. */
export async function listOfferedBonuses(db: Kysely<Database>, now: number): Promise<BonusRow[]> {
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

export async function findOfferedBonus(db: Kysely<Database>, code: string, now: number) {
  return db
    .selectFrom('bonuses')
    .selectAll()
    .where('code', '=', code)
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

export async function findBonus(db: Kysely<Database>, code: string) {
  return db.selectFrom('bonuses').selectAll().where('code', '=', code).executeTakeFirst();
}

/** A code a player can redeem now: switched on and inside its validity window. */
export async function findValidPromotion(db: Kysely<Database>, code: string, now: number) {
  return db
    .selectFrom('promotion_codes')
    .selectAll()
    .where('code', '=', code)
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', now)]))
    .executeTakeFirst();
}

export async function findPromotion(db: Kysely<Database>, code: string) {
  return db.selectFrom('promotion_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * Takes one redemption of a code's overall allowance; false when none is left. The condition and the
 * count are one UPDATE, so two players taking the last one at once cannot both succeed.
 */
export async function takeRedemption(trx: Transaction<Database>, code: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('promotion_codes')
    .set((eb) => ({ redeemed: eb('redeemed', '+', 1), updated_at: now }))
    .where('code', '=', code)
    .where((eb) => eb.or([eb('max_redemptions', '=', 0), eb('redeemed', '<', eb.ref('max_redemptions'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function activeBonus(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user_bonuses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}

/** Every time the player took bonuses of these codes from one source, oldest first. */
export async function receipts(
  db: Kysely<Database>,
  userId: string,
  source: UserBonusSource,
  codes: string[],
  since = 0,
): Promise<UserBonusRow[]> {
  if (codes.length === 0) return [];
  return db
    .selectFrom('user_bonuses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .where('source_code', 'in', codes)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertUserBonus(trx: Transaction<Database>, row: UserBonusRow): Promise<void> {
  await trx.insertInto('user_bonuses').values(row).execute();
}

/**
 * Moves an active bonus to its end state; false when it was no longer active (another request ended
 * it first), so each bonus ends once however requests race.
 */
export async function finishUserBonus(
  trx: Transaction<Database>,
  id: string,
  end: {
    status: Exclude<UserBonusStatus, 'ACTIVE'>;
    finishStatementId: string;
    forfeited: number;
    withdrawn: number;
    now: number;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('user_bonuses')
    .set({
      status: end.status,
      finish_statement_id: end.finishStatementId,
      forfeited: end.forfeited,
      withdrawn: end.withdrawn,
      finished_at: end.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordTurnover(db: Kysely<Database>, id: string, turnover: number): Promise<void> {
  await db
    .updateTable('user_bonuses')
    .set({ turnover })
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .where('turnover', '<', turnover)
    .execute();
}

/** The player's game accounts, for asking each provider about turnover. */
export async function gameAccountsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('game_accounts').select(['provider_code', 'username']).where('user_id', '=', userId).execute();
}

export async function playerCurrency(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst();
  return row?.currency ?? null;
}

/** The linked description the bonus's credit line shows, so its finish line names it the same way. */
export async function creditDescription(db: Kysely<Database>, statementId: string): Promise<string | null> {
  const row = await db
    .selectFrom('statements')
    .select('linked_description')
    .where('id', '=', statementId)
    .executeTakeFirst();
  return row?.linked_description ?? null;
}

/* The back office's side: every bonus type and code whatever its state, and what each cost. */

export async function listAllBonuses(db: Kysely<Database>): Promise<BonusRow[]> {
  return db.selectFrom('bonuses').selectAll().orderBy('sort_order').orderBy('code').execute();
}

export async function insertBonus(trx: Transaction<Database>, row: BonusRow): Promise<void> {
  await trx.insertInto('bonuses').values(row).execute();
}

export async function updateBonus(
  trx: Transaction<Database>,
  code: string,
  changes: Omit<BonusRow, 'code' | 'created_at'>,
): Promise<void> {
  await trx.updateTable('bonuses').set(changes).where('code', '=', code).execute();
}

export async function listAllPromotions(db: Kysely<Database>): Promise<PromotionCodeRow[]> {
  return db.selectFrom('promotion_codes').selectAll().orderBy('code').execute();
}

export async function insertPromotion(trx: Transaction<Database>, row: PromotionCodeRow): Promise<void> {
  await trx.insertInto('promotion_codes').values(row).execute();
}

/** Everything but the redemption count, which only takeRedemption moves. */
export async function updatePromotion(
  trx: Transaction<Database>,
  code: string,
  changes: Omit<PromotionCodeRow, 'code' | 'created_at' | 'redeemed'>,
): Promise<void> {
  await trx.updateTable('promotion_codes').set(changes).where('code', '=', code).execute();
}

export interface CostRow {
  source: UserBonusSource;
  code: string;
  currency: string;
  players: number;
  taken: number;
  credited: number;
  forfeited: number;
  withdrawn: number;
}

/**
 * What each source and code cost, from the bonus records: bonus_amount is what the bonus credit moved
 * out of promotions expense, forfeited what its finish moved back, so credited − forfeited is the
 * expense account's net for those bonuses (the ledger check holds both sides). Bonuses taken in
 * [from, to) count, with whatever they have forfeited so far.
 */
export async function costReport(db: Kysely<Database>, window: { from?: number; to?: number }): Promise<CostRow[]> {
  let query = db
    .selectFrom('user_bonuses')
    .select((eb) => [
      'source',
      'source_code',
      'currency',
      eb.fn.count<string | number>('user_id').distinct().as('players'),
      eb.fn.countAll<string | number>().as('taken'),
      eb.fn.sum<string | number>('bonus_amount').as('credited'),
      eb.fn.sum<string | number>('forfeited').as('forfeited'),
      eb.fn.sum<string | number>('withdrawn').as('withdrawn'),
    ])
    .groupBy(['source', 'source_code', 'currency']);
  if (window.from !== undefined) query = query.where('created_at', '>=', window.from);
  if (window.to !== undefined) query = query.where('created_at', '<', window.to);
  const rows = await query.orderBy('source').orderBy('source_code').orderBy('currency').execute();
  return rows.map((row) => ({
    source: row.source,
    code: row.source_code,
    currency: row.currency,
    players: Number(row.players),
    taken: Number(row.taken),
    credited: Number(row.credited),
    forfeited: Number(row.forfeited),
    withdrawn: Number(row.withdrawn),
  }));
}

/** Distinct players per currency who took any bonus in the window (the report's totals line). */
export async function costPlayers(
  db: Kysely<Database>,
  window: { from?: number; to?: number },
): Promise<Map<string, number>> {
  let query = db
    .selectFrom('user_bonuses')
    .select((eb) => ['currency', eb.fn.count<string | number>('user_id').distinct().as('players')])
    .groupBy('currency');
  if (window.from !== undefined) query = query.where('created_at', '>=', window.from);
  if (window.to !== undefined) query = query.where('created_at', '<', window.to);
  return new Map((await query.execute()).map((row) => [row.currency, Number(row.players)]));
}
