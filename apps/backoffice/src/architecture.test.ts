import { join, resolve } from 'node:path';
import { architectureOf, CONTRACT_SOURCE_DIR, pullsZod } from '@wallet/web-kit/testing/architecture';
import { describe, expect, it } from 'vitest';

/*
 * The player app's import rules (the checks of @wallet/web-kit/testing/architecture), held here too so
 * later screens keep the shape: shared code (ui/, lib/, i18n/, styles/) → features/ → app/; no feature
 * imports another; no cycles; the contract at runtime only where it is Zod-free; nothing of the player app.
 */
const PLAYER_APP = resolve(import.meta.dirname, '../../web');
const app = architectureOf({
  src: import.meta.dirname,
  sharedLayers: ['ui', 'lib', 'i18n', 'styles'],
  packages: { '@wallet/web/': PLAYER_APP },
});

describe('back office architecture (CONVENTIONS.md)', () => {
  it('finds the source it checks', () => {
    expect(app.files.length).toBeGreaterThan(30);
    expect([...app.graph.values()].flat().length).toBeGreaterThan(80);
  });

  it('no feature imports another feature', () => {
    expect(app.crossFeatureImports()).toEqual([]);
  });

  it('nothing imports upwards: shared code never imports features or app/, features never app/', () => {
    expect(app.upwardImports()).toEqual([]);
  });

  it('imports nothing of the player app: what both need lives in @wallet/web-kit', () => {
    expect(app.importsInto(PLAYER_APP)).toEqual([]);
  });

  it('has no import cycles', () => {
    expect(app.importCycles()).toEqual([]);
  });

  it('imports the contract at runtime only from Zod-free modules', () => {
    expect(pullsZod(join(CONTRACT_SOURCE_DIR, 'backoffice/auth.ts'))).toBe(true);
    expect(pullsZod(join(CONTRACT_SOURCE_DIR, 'backoffice/permissions.ts'))).toBe(false);
    expect(app.zodImports()).toEqual([]);
  });
});
