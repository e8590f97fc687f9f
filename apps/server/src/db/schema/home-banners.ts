import type { Selectable } from 'kysely';

/** Table of migration 018: the home screen's slides and banners. */
export interface HomeBannersTable {
  id: string;
  /** slide or banner (contract backoffice/content-rules.ts). */
  kind: string;
  /** The file name under <uploads>/banners/, made by us. */
  image_file: string;
  /** The type read from the image's bytes: image/png, image/jpeg or image/webp. */
  image_type: string;
  link: string;
  sort_order: number;
  /** 1 shown to players, 0 hidden. */
  enabled: number;
  alt_th: string;
  alt_lo: string;
  alt_en: string;
  created_at: number;
  updated_at: number;
}
export type HomeBannerRow = Selectable<HomeBannersTable>;

export interface HomeBannerTables {
  home_banners: HomeBannersTable;
}
