import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * Each app's test setup: texts in English (every language has the same keys, i18n.test.ts), and after
 * each test nothing of it is left (DOM, storage, a language it switched to).
 */
export async function setUpComponentTests(i18n: {
  initI18n: (lang: 'en') => Promise<unknown>;
  setLanguage: (lang: 'en') => Promise<unknown>;
}): Promise<void> {
  await i18n.initI18n('en');
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    await i18n.setLanguage('en');
  });
}
