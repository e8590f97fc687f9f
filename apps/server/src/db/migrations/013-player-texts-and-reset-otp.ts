import { type Kysely, sql } from 'kysely';

/**
 * Issue 18. OTP codes get a purpose: a code sent to reset a forgotten password must never count as the
 * phone proof registration asks for, and the other way round. The "where did you hear about us" list
 * gets Lao and English descriptions (a missing one falls back to the Thai `description`); the two
 * reference rows seeded as "Thai / English" are split into their languages.
 *
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .alterTable('otp_requests')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('register'))
    .execute();
  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('sources').addColumn('description_lo', 'text').execute();
  await db.schema.alterTable('sources').addColumn('description_en', 'text').execute();
  const split: ReadonlyArray<[code: string, seeded: string, th: string, lo: string, en: string]> = [
    ['FRIEND', 'เพื่อนแนะนำ / Friend', 'เพื่อนแนะนำ', 'ໝູ່ແນະນຳ', 'A friend'],
    ['OTHER', 'อื่น ๆ / Other', 'อื่น ๆ', 'ອື່ນໆ', 'Other'],
  ];
  for (const [code, seeded, th, lo, en] of split) {
    await sql`update sources set description = ${th}, description_lo = ${lo}, description_en = ${en}
      where code = ${code} and description = ${seeded}`.execute(db);
  }
}
