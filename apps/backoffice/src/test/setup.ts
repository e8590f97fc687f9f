import { setUpComponentTests } from '@wallet/web-kit/testing/setup';
import { initI18n, setLanguage } from '@/i18n/i18n';

await setUpComponentTests({ initI18n, setLanguage });
