import type { AUTO_LOGIN_PROVIDERS } from '@wallet/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The demo game catalogue (DESIGN §4): every auto-login code of SPEC §2 plus a few providers without
 * auto-login, over the three categories, with every launch-client combination represented. Names are
 * invented. Artwork lives in apps/server/assets/games/<code>/ and is served under /media/.
 */

export type GameCategory = 'slot' | 'sport' | 'lotto';

export interface GameCatalogueEntry {
  code: string;
  name: string;
  /** sport also covers live casino (SPEC's "sport and casino"). */
  category: GameCategory;
  /** Display multiplier of the provider's credit (SPEC §3 ftWalletSlot). */
  ftWalletSlot: number;
  clients: { web: boolean; android: boolean; ios: boolean };
  /** Hidden form fields the provider's login form needs (SPEC §3 `event`). */
  eventFields: readonly string[];
}

const ALL = { web: true, android: true, ios: true } as const;

export const GAME_CATALOGUE = [
  { code: 'pg', name: 'Pearl Grove', category: 'slot', ftWalletSlot: 1, clients: ALL, eventFields: [] },
  {
    code: 'joker2',
    name: 'Jester Twin',
    category: 'slot',
    ftWalletSlot: 2,
    clients: ALL,
    eventFields: ['agent', 'lobby'],
  },
  {
    code: 'pgslot',
    name: 'Prism Gate Slots',
    category: 'slot',
    ftWalletSlot: 1,
    clients: { web: true, android: false, ios: false },
    eventFields: [],
  },
  { code: 'askmebet', name: 'Amber Meadow', category: 'slot', ftWalletSlot: 1, clients: ALL, eventFields: [] },
  {
    code: 'areaslot',
    name: 'Aurora Reels',
    category: 'slot',
    ftWalletSlot: 0.5,
    clients: { web: true, android: true, ios: false },
    eventFields: [],
  },
  { code: 'circus', name: 'Carnival Comet', category: 'slot', ftWalletSlot: 1, clients: ALL, eventFields: [] },
  {
    code: 'slotracha',
    name: 'Spin Raja',
    category: 'slot',
    ftWalletSlot: 1,
    clients: { web: true, android: false, ios: true },
    eventFields: [],
  },
  {
    code: 'goldlotus',
    name: 'Golden Lotus Pond',
    category: 'slot',
    ftWalletSlot: 1,
    clients: { web: false, android: true, ios: true },
    eventFields: [],
  },
  {
    code: 'betflix',
    name: 'Bayfront Live',
    category: 'sport',
    ftWalletSlot: 1,
    clients: ALL,
    eventFields: ['agent', 'lobby'],
  },
  { code: 'usun', name: 'Upper Sun Arena', category: 'sport', ftWalletSlot: 1, clients: ALL, eventFields: [] },
  {
    code: 'imi',
    name: 'Indigo Match',
    category: 'sport',
    ftWalletSlot: 10,
    clients: { web: true, android: false, ios: false },
    eventFields: [],
  },
  {
    code: 'tigerstrike',
    name: 'Tiger Stripe Sports',
    category: 'sport',
    ftWalletSlot: 1,
    clients: { web: true, android: false, ios: false },
    eventFields: ['agent'],
  },
  {
    code: 'velvet',
    name: 'Velvet Table Live',
    category: 'sport',
    ftWalletSlot: 1,
    clients: { web: true, android: true, ios: false },
    eventFields: [],
  },
  { code: 'huayhd', name: 'Harbour Draw HD', category: 'lotto', ftWalletSlot: 1, clients: ALL, eventFields: [] },
  {
    code: 'mekongdraw',
    name: 'Mekong Moon Draw',
    category: 'lotto',
    ftWalletSlot: 1,
    clients: ALL,
    eventFields: ['agent', 'lobby'],
  },
  {
    code: 'numberhouse',
    name: 'Number House',
    category: 'lotto',
    ftWalletSlot: 1,
    clients: { web: true, android: false, ios: false },
    eventFields: [],
  },
] as const satisfies readonly GameCatalogueEntry[];

/** Fails to compile when SPEC §2 gains an auto-login code the catalogue does not offer. */
type MissingAutoLogin = Exclude<(typeof AUTO_LOGIN_PROVIDERS)[number], (typeof GAME_CATALOGUE)[number]['code']>;
export const CATALOGUE_COVERS_AUTO_LOGIN: [MissingAutoLogin] extends [never] ? true : MissingAutoLogin = true;

export const GAME_CATALOGUE_CODES: readonly string[] = GAME_CATALOGUE.map((g) => g.code);

export const gameLogoPath = (code: string) => `/media/games/${code}/logo.webp`;
export const gameBackgroundPath = (code: string) => `/media/games/${code}/background.webp`;

/**
 * Adds catalogue entries that are missing; an existing row is left exactly as it is, so this runs at every
 * start without undoing what an operator changed (names, order, disabled providers).
 */
export async function seedGameCatalogue(db: Kysely<Database>): Promise<void> {
  const rows = GAME_CATALOGUE.map((g, i) => ({
    code: g.code,
    name: g.name,
    category: g.category,
    ft_wallet_slot: g.ftWalletSlot,
    logo: gameLogoPath(g.code),
    background: gameBackgroundPath(g.code),
    has_web: g.clients.web ? 1 : 0,
    has_android: g.clients.android ? 1 : 0,
    has_ios: g.clients.ios ? 1 : 0,
    event_fields: JSON.stringify(g.eventFields),
    enabled: 1,
    sort_order: i,
  }));
  await db
    .insertInto('game_providers')
    .values(rows)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
