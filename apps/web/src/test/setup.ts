import { setUpComponentTests } from '@wallet/web-kit/testing/setup';
import { addLazyTexts, initI18n, setLanguage } from '@/i18n/i18n';
import { LAZY_TEXT_SETS } from '@/i18n/lazy-texts';

// Components render with every text, the ones their part loads on demand (lazy-texts.ts) included.
const withEveryText = async (language: 'en') => {
  await Promise.all(LAZY_TEXT_SETS.map((set) => addLazyTexts(set)));
  return language;
};

await setUpComponentTests({
  initI18n: async (language) => withEveryText(await initI18n(language).then(() => language)),
  setLanguage: async (language) => withEveryText(await setLanguage(language).then(() => language)),
});
