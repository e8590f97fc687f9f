import { join } from 'node:path';
import { architectureOf, CONTRACT_SOURCE_DIR, kitProblems, pullsZod } from '@wallet/web-kit/testing/architecture';
import { describe, expect, it } from 'vitest';

/*
 * The import rules of CONVENTIONS.md, checked over the source so a new import that breaks them fails CI
 * (the checks live in @wallet/web-kit/testing/architecture, shared with the back office): shared code
 * (ui/, lib/, api/, i18n/) → features/ → app/; no feature imports another; no import cycles; and the
 * contract is imported at runtime only where it is Zod-free, so Zod stays out of the player's chunks.
 */
const app = architectureOf({ src: import.meta.dirname, sharedLayers: ['ui', 'lib', 'api', 'i18n'] });

describe('web app architecture (CONVENTIONS.md)', () => {
  it('finds the source it checks', () => {
    expect(app.files.length).toBeGreaterThan(50);
    expect([...app.graph.values()].flat().length).toBeGreaterThan(200);
  });

  it('no feature imports another feature', () => {
    expect(app.crossFeatureImports()).toEqual([]);
  });

  it('nothing imports upwards: shared code never imports features or app/, features never app/', () => {
    expect(app.upwardImports()).toEqual([]);
  });

  it('the web kit imports nothing of an app, and the kit has no import cycles', () => {
    expect(kitProblems()).toEqual([]);
  });

  it('has no import cycles', () => {
    expect(app.importCycles()).toEqual([]);
  });

  it('imports the contract at runtime only from Zod-free modules', () => {
    // The check itself sees Zod where it is.
    expect(pullsZod(join(CONTRACT_SOURCE_DIR, 'account.ts'))).toBe(true);
    expect(pullsZod(join(CONTRACT_SOURCE_DIR, 'account-rules.ts'))).toBe(false);
    expect(app.zodImports()).toEqual([]);
  });
});
