import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * Each app's test setup: texts in English (every language has the same keys, i18n.test.ts), and after
 * each test nothing of it is left (DOM, storage, a language it switched to).
 */
export async function setUpComponentTests(i18n: {
  initI18n: (lang: 'en') => Promise<unknown>;
  setLanguage: (lang: 'en') => Promise<unknown>;
}): Promise<void> {
  // findBy*/waitFor wait on a condition and return as soon as it holds; only their give-up time is set here.
  // Testing Library's 1 s is less than a lazy screen's first import takes when the 2-CPU CI machine runs two
  // files at once, and such a test failed one run in a few.
  configure({ asyncUtilTimeout: 5_000 });
  await i18n.initI18n('en');
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    await i18n.setLanguage('en');
  });
}
