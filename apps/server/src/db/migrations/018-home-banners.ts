import type { Kysely } from 'kysely';

/**
 * Issue 14, content: the home screen's slides and banners the operator uploads. The image lives on
 * disk under <DATA_DIR>/uploads/banners/ (image_file, a name we made); alt texts per language, empty
 * when the operator gave none. enabled is 0/1 so both databases read the same.
 *
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('home_banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('image_file', 'text', (c) => c.notNull())
    .addColumn('image_type', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('alt_th', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_lo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('home_banners_kind_order').on('home_banners').columns(['kind', 'sort_order']).execute();
}
