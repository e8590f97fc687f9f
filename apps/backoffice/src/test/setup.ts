import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, setLanguage } from '@/i18n/i18n';

// Tests read English texts; both languages have the same keys (i18n.test.ts).
await initI18n('en');

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  await setLanguage('en');
});
