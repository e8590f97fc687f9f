import type { Language } from '@wallet/contract/constants';

/**
 * The chat panel's texts, one chunk per language fetched with the panel (never with the first load): the
 * panel registers them through addLazyTexts when it first opens.
 */
export const chatTexts: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  th: () => import('./chat/th.json'),
  lo: () => import('./chat/lo.json'),
  en: () => import('./chat/en.json'),
};
