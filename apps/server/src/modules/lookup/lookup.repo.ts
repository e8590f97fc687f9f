import type { Language } from '@wallet/contract/constants';
import type { Kysely } from 'kysely';
import { type LocalizedContentKey, localizedContentKey } from '../../db/content-settings.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';

export async function listBanks(db: Kysely<Database>, country: 'TH' | 'LA') {
  const rows = await db.selectFrom('banks').selectAll().where('country', '=', country).orderBy('sort_order').execute();
  return rows.map((r) => ({ code: r.code, nameTH: r.name_th, nameEN: r.name_en }));
}

/** Each source in the asked language, in Thai where it has no translation. */
export async function listSources(db: Kysely<Database>, language: Language) {
  const rows = await db.selectFrom('sources').selectAll().orderBy('sort_order').execute();
  const translated = (r: (typeof rows)[number]) =>
    language === 'lo' ? r.description_lo : language === 'en' ? r.description_en : null;
  return rows.map((r) => ({ code: r.code, description: translated(r) || r.description }));
}

/** An operator text in the asked language, else the Thai one, else nothing. */
export async function getLocalizedContent<T>(
  db: Kysely<Database>,
  key: LocalizedContentKey,
  language: Language,
): Promise<T | undefined> {
  if (language !== 'th') {
    const translated = await getSetting<T>(db, localizedContentKey(key, language));
    if (translated !== undefined && translated !== null) return translated;
  }
  return (await getSetting<T>(db, key)) ?? undefined;
}
