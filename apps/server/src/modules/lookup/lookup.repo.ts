import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function listBanks(db: Kysely<Database>, country: 'TH' | 'LA') {
  const rows = await db.selectFrom('banks').selectAll().where('country', '=', country).orderBy('sort_order').execute();
  return rows.map((r) => ({ code: r.code, nameTH: r.name_th, nameEN: r.name_en }));
}

export async function listSources(db: Kysely<Database>) {
  const rows = await db.selectFrom('sources').selectAll().orderBy('sort_order').execute();
  return rows.map((r) => ({ code: r.code, description: r.description }));
}
