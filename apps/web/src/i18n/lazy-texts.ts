import type { Language } from '@wallet/contract/constants';

type TextSet = Record<Language, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * Texts of the parts loaded on demand, one chunk per part and language, fetched with the part (never
 * with the first load, whose size is budgeted): each part registers its set through addLazyTexts.
 */

/** The chat panel's, when the player first opens the chat. */
export const chatTexts: TextSet = {
  th: () => import('./chat/th.json'),
  lo: () => import('./chat/lo.json'),
  en: () => import('./chat/en.json'),
};

/** The Spin screen's (the coin count on Home is in the first load). */
export const spinTexts: TextSet = {
  th: () => import('./spin/th.json'),
  lo: () => import('./spin/lo.json'),
  en: () => import('./spin/en.json'),
};

/** The Play safe screen's and the reality check's (the pause notice on Home is in the first load). */
export const playSafeTexts: TextSet = {
  th: () => import('./play-safe/th.json'),
  lo: () => import('./play-safe/lo.json'),
  en: () => import('./play-safe/en.json'),
};

/** The deposit dialog's (with the slip reasons, which the statement's set holds too). */
export const depositTexts: TextSet = {
  th: () => import('./deposit/th.json'),
  lo: () => import('./deposit/lo.json'),
  en: () => import('./deposit/en.json'),
};

/** The Bonus screen's and the bonus terms the invite and refund dialogs show. */
export const bonusTexts: TextSet = {
  th: () => import('./bonus/th.json'),
  lo: () => import('./bonus/lo.json'),
  en: () => import('./bonus/en.json'),
};

/** The withdraw dialog's. */
export const withdrawTexts: TextSet = {
  th: () => import('./withdraw/th.json'),
  lo: () => import('./withdraw/lo.json'),
  en: () => import('./withdraw/en.json'),
};

/** The refund dialog's. */
export const refundTexts: TextSet = {
  th: () => import('./refund/th.json'),
  lo: () => import('./refund/lo.json'),
  en: () => import('./refund/en.json'),
};

/** The statement screen's (with the slip reasons). */
export const statementTexts: TextSet = {
  th: () => import('./statement/th.json'),
  lo: () => import('./statement/lo.json'),
  en: () => import('./statement/en.json'),
};

/** Registration, password reset and the profile's password and bank forms. */
export const accountFormTexts: TextSet = {
  th: () => import('./account-forms/th.json'),
  lo: () => import('./account-forms/lo.json'),
  en: () => import('./account-forms/en.json'),
};

/** The how-to screen's. */
export const howtoTexts: TextSet = {
  th: () => import('./howto/th.json'),
  lo: () => import('./howto/lo.json'),
  en: () => import('./howto/en.json'),
};

/** The contact screen's. */
export const contactTexts: TextSet = {
  th: () => import('./contact/th.json'),
  lo: () => import('./contact/lo.json'),
  en: () => import('./contact/en.json'),
};

/** Every set, for the component tests and the translation checks, which see all texts at once. */
export const LAZY_TEXT_SETS: readonly TextSet[] = [
  chatTexts,
  spinTexts,
  playSafeTexts,
  depositTexts,
  bonusTexts,
  withdrawTexts,
  refundTexts,
  statementTexts,
  accountFormTexts,
  howtoTexts,
  contactTexts,
];
