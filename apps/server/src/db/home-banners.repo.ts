import type { Kysely } from 'kysely';
import type { HomeBannerRow } from './schema/home-banners.ts';
import type { Database } from './schema.ts';

/**
 * The home screen's slides and banners: the back office edits them, the player lookup reads the
 * enabled ones. Shared here because both sides read one table.
 */
export async function listHomeBanners(
  db: Kysely<Database>,
  { enabledOnly = false }: { enabledOnly?: boolean } = {},
): Promise<HomeBannerRow[]> {
  let query = db.selectFrom('home_banners').selectAll();
  if (enabledOnly) query = query.where('enabled', '=', 1);
  return query.orderBy('kind').orderBy('sort_order').orderBy('created_at').execute();
}

export async function findHomeBanner(db: Kysely<Database>, id: string): Promise<HomeBannerRow | undefined> {
  return db.selectFrom('home_banners').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertHomeBanner(db: Kysely<Database>, row: HomeBannerRow): Promise<void> {
  await db.insertInto('home_banners').values(row).execute();
}

export async function updateHomeBanner(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<HomeBannerRow, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('home_banners').set(changes).where('id', '=', id).execute();
}

/** True when this call removed the row (two operators deleting at once: one of them did it). */
export async function deleteHomeBanner(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('home_banners').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
