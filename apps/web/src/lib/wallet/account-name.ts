import type { GameAccount } from '@wallet/contract/wallet';
import { WALLET_CODE } from '@wallet/contract/wallet-codes';
import type { TFunction } from 'i18next';

/** The name a player reads for WALLET or a slot code; an unknown code (a bank, a retired game) shows as is. */
export function accountName(code: string, slots: readonly GameAccount[] | undefined, t: TFunction): string {
  if (code === WALLET_CODE) return t('wallet.name');
  return slots?.find((slot) => slot.code === code)?.name ?? code;
}
