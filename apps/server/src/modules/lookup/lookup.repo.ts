import { HOME_SLIDES, type Language } from '@wallet/contract/constants';
import type { HomeBanner, HomeBannersResponse } from '@wallet/contract/lookup';
import type { Kysely } from 'kysely';
import { type LocalizedContentKey, localizedContentKey } from '../../db/content-settings.ts';
import { listHomeBanners } from '../../db/home-banners.repo.ts';
import type { HomeBannerRow } from '../../db/schema/home-banners.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import { bannerImagePath } from '../../lib/banner-images.ts';

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

/** The slides (at most SPEC §9's six) and banners switched on, with the alt text in the asked language. */
export async function homeBanners(db: Kysely<Database>, language: Language): Promise<HomeBannersResponse> {
  const rows = await listHomeBanners(db, { enabledOnly: true });
  const view = (row: HomeBannerRow): HomeBanner => ({
    id: row.id,
    image: bannerImagePath(row.image_file),
    link: row.link,
    alt: (language === 'lo' ? row.alt_lo : language === 'en' ? row.alt_en : '') || row.alt_th,
  });
  return {
    slides: rows
      .filter((row) => row.kind === 'slide')
      .slice(0, HOME_SLIDES)
      .map(view),
    banners: rows.filter((row) => row.kind === 'banner').map(view),
  };
}
