import type { Language } from '@wallet/contract/constants';
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
export function pickLanguage<T>(json: string, language: Language, empty: T): T {
  try {
    const byLanguage = JSON.parse(json) as Partial<Record<Language, T>>;
    return byLanguage[language] ?? byLanguage.th ?? Object.values(byLanguage)[0] ?? empty;
  } catch {
    return empty;
  }
}

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
