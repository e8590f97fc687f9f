import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AUTO_LOGIN_PROVIDERS } from '@wallet/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testDialects } from '../../../test/helpers.ts';
import { SERVER_ROOT } from '../../config.ts';
import {
  GAME_CATALOGUE,
  GAME_CATALOGUE_CODES,
  gameBackgroundPath,
  gameLogoPath,
  seedGameCatalogue,
} from '../../db/seed/game-catalogue.ts';

const ART_DIR = resolve(SERVER_ROOT, 'assets', 'games');

/** The picture's width from a WebP's first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpWidth(webp: Buffer): number {
  const chunk = webp.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') return webp.readUInt16LE(26) & 0x3fff;
  if (chunk === 'VP8L') return (webp.readUInt32LE(21) & 0x3fff) + 1;
  if (chunk === 'VP8X') return webp.readUIntLE(24, 3) + 1;
  throw new Error(`unknown WebP chunk ${chunk}`);
}

describe('game catalogue', () => {
  it('offers every auto-login provider of SPEC §2, each code once', () => {
    expect(new Set(GAME_CATALOGUE_CODES).size).toBe(GAME_CATALOGUE_CODES.length);
    for (const code of AUTO_LOGIN_PROVIDERS) expect(GAME_CATALOGUE_CODES).toContain(code);
    expect(GAME_CATALOGUE_CODES.length).toBeGreaterThan(AUTO_LOGIN_PROVIDERS.length);
    expect(GAME_CATALOGUE_CODES.every((code) => /^[a-z0-9]{2,20}$/.test(code))).toBe(true);
  });

  it('fills all three categories and every kind of launch client', () => {
    for (const category of ['slot', 'sport', 'lotto']) {
      expect(GAME_CATALOGUE.filter((g) => g.category === category).length).toBeGreaterThanOrEqual(3);
    }
    const combos = new Set(GAME_CATALOGUE.map((g) => `${+g.clients.web}${+g.clients.android}${+g.clients.ios}`));
    for (const combo of ['111', '100', '011']) expect(combos).toContain(combo);
    expect(GAME_CATALOGUE.some((g) => g.ftWalletSlot !== 1)).toBe(true);
    expect(GAME_CATALOGUE.filter((g) => g.eventFields.length > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('has small self-contained artwork for every provider and none for unknown ones', () => {
    const dirs = readdirSync(ART_DIR).filter((name) => statSync(join(ART_DIR, name)).isDirectory());
    expect(dirs.sort()).toEqual([...GAME_CATALOGUE_CODES].sort());
    const seen = new Set<string>();
    for (const code of GAME_CATALOGUE_CODES) {
      for (const file of ['logo.svg', 'background.svg']) {
        const svg = readFileSync(join(ART_DIR, code, file), 'utf8');
        expect(Buffer.byteLength(svg), `${code}/${file}`).toBeLessThan(3 * 1024);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
        // Nothing fetched from elsewhere: the app makes no request to any host but its own.
        expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|<image|<script|@import/);
        seen.add(svg);
      }
    }
    expect(seen.size).toBe(GAME_CATALOGUE_CODES.length * 2);
  });

  it('has the WebP drawn from each SVG, which is what the catalogue points at (scripts/make-game-art.ts)', () => {
    for (const code of GAME_CATALOGUE_CODES) {
      for (const [file, width] of [
        ['logo.webp', 112],
        ['background.webp', 640],
      ] as const) {
        const webp = readFileSync(join(ART_DIR, code, file));
        expect(webp.subarray(0, 4).toString('latin1'), `${code}/${file}`).toBe('RIFF');
        expect(webp.subarray(8, 12).toString('latin1'), `${code}/${file}`).toBe('WEBP');
        expect(webp.byteLength, `${code}/${file}`).toBeLessThan(6 * 1024);
        expect(webpWidth(webp), `${code}/${file}`).toBe(width);
      }
    }
    for (const entry of GAME_CATALOGUE) {
      expect(gameLogoPath(entry.code)).toBe(`/media/games/${entry.code}/logo.webp`);
      expect(gameBackgroundPath(entry.code)).toBe(`/media/games/${entry.code}/background.webp`);
    }
  });
});

describe.each(testDialects())('game catalogue seed on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx.close());

  it('inserts the catalogue, and a rerun keeps what an operator changed', async () => {
    const db = ctx.db.kysely;
    await seedGameCatalogue(db);
    const rows = await db.selectFrom('game_providers').selectAll().orderBy('sort_order').execute();
    expect(rows.map((r) => r.code)).toEqual([...GAME_CATALOGUE_CODES]);
    const joker = rows.find((r) => r.code === 'joker2');
    expect(joker).toMatchObject({
      category: 'slot',
      logo: '/media/games/joker2/logo.webp',
      background: '/media/games/joker2/background.webp',
      enabled: 1,
    });
    expect(Number(joker?.ft_wallet_slot)).toBe(2);
    expect(JSON.parse(joker?.event_fields ?? '')).toEqual(['agent', 'lobby']);
    expect(rows.find((r) => r.code === 'goldlotus')).toMatchObject({ has_web: 0, has_android: 1, has_ios: 1 });

    await db.updateTable('game_providers').set({ name: 'Renamed', enabled: 0 }).where('code', '=', 'pg').execute();
    await db.deleteFrom('game_providers').where('code', '=', 'huayhd').execute();
    await seedGameCatalogue(db);
    expect(await db.selectFrom('game_providers').selectAll().where('code', '=', 'pg').executeTakeFirst()).toMatchObject(
      { name: 'Renamed', enabled: 0 },
    );
    expect(
      await db.selectFrom('game_providers').select('code').where('code', '=', 'huayhd').executeTakeFirst(),
    ).toEqual({
      code: 'huayhd',
    });
  });

  it('serves the artwork under /media/games/, the WebP the catalogue points at and its SVG source', async () => {
    const webp = await ctx.app.inject({ method: 'GET', url: '/media/games/pg/logo.webp' });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    // Rows seeded before the WebP existed still point at the SVG.
    const svg = await ctx.app.inject({ method: 'GET', url: '/media/games/pg/logo.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});
