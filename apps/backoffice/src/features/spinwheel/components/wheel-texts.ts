import type { SpinPrizeType } from '@wallet/contract/backoffice/spinwheel-rules';
import { formatMoney } from '@wallet/web-kit/ui/money';
import type { TFunction } from 'i18next';

/** A name or label in the operator's language (the back office reads th or en), Thai when that one is empty. */
export function inLanguage(texts: { th: string; lo: string; en: string }, language: string): string {
  return (language === 'en' ? texts.en : '') || texts.th;
}

/** A prize as a line: "50.00 baht bonus", "3 coins", or the item's name. */
export function prizeText(t: TFunction, prizeType: SpinPrizeType, amount: number, itemName = ''): string {
  if (prizeType === 'bonus') return t('spinwheel.prize.bonus', { amount: formatMoney(amount / 100) });
  if (prizeType === 'coins') return t('spinwheel.prize.coins', { count: amount });
  return itemName ? t('spinwheel.prize.itemNamed', { name: itemName }) : t('spinwheel.prizeTypes.item');
}

/** A chance as a percentage with up to two decimals. */
export function percentText(chance: number): string {
  return `${(chance * 100).toFixed(2)}%`;
}
