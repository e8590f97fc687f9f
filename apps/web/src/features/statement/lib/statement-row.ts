import { QR_BANK_CODES, QR_GATEWAYS, type QrBankCode } from '@wallet/contract/constants';
import type { StatementEntry, StatementType } from '@wallet/contract/statement';
import { ADJUSTMENT_CODE, WALLET_CODE } from '@wallet/contract/wallet-codes';
import type { TFunction } from 'i18next';

const INTO_WALLET: readonly StatementType[] = ['deposit', 'bonus'];
const OUT_OF_WALLET: readonly StatementType[] = ['withdraw', 'finish_bonus'];

/**
 * +1 for money into the wallet (deposit, bonus, a transfer to the wallet), −1 for money out of it
 * (withdraw, finish_bonus, a transfer from the wallet), 0 for a move between two game accounts.
 */
export function amountSign(entry: Pick<StatementEntry, 'statementType' | 'from' | 'to'>): 1 | -1 | 0 {
  if (INTO_WALLET.includes(entry.statementType)) return 1;
  if (OUT_OF_WALLET.includes(entry.statementType)) return -1;
  if (entry.to === WALLET_CODE) return 1;
  if (entry.from === WALLET_CODE) return -1;
  return 0;
}

/** Total pages for a total count; at least 1 so the paginator always has a current page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

function isQrGateway(code: string): code is QrBankCode {
  return (QR_BANK_CODES as readonly string[]).includes(code);
}

/**
 * The activity line of a row. A deposit the server knows the channel of names it (a bank transfer, a QR
 * gateway by its brand, a slip, a gift link, a manual notice): the source alone reads the same for a KBANK
 * transfer, a KBANK QR and a slip from a KBANK account. Other deposits name where the money came from (a bank or a gateway such as KBANK,
 * TRUEWALLET) and a withdrawal the bank it goes to; other rows read "type: from → to". nameOf turns a code
 * into the name a player reads (Wallet, a game, a bank) and returns unknown codes as they are.
 */
export function activityText(
  entry: Pick<StatementEntry, 'statementType' | 'from' | 'to' | 'channel'>,
  nameOf: (code: string) => string,
  t: TFunction,
): string {
  // A manual correction by the operator's staff (issue 14): a deposit or withdrawal against ADJUSTMENT.
  if (entry.from === ADJUSTMENT_CODE || entry.to === ADJUSTMENT_CODE) return t('statement.adjustment');
  if (entry.statementType === 'deposit' && entry.channel) {
    const from = entry.from ?? '';
    if (entry.channel === 'giftLink') return t('statement.channel.giftLink');
    const source = entry.channel === 'qr' && isQrGateway(from) ? QR_GATEWAYS[from].brand : nameOf(from);
    return t(`statement.channel.${entry.channel}`, { source });
  }
  if (entry.statementType === 'deposit' && entry.from && entry.from !== WALLET_CODE) {
    return t('statement.depositFrom', { source: nameOf(entry.from) });
  }
  if (entry.statementType === 'withdraw' && entry.to && entry.to !== WALLET_CODE) {
    return t('statement.withdrawTo', { bank: nameOf(entry.to) });
  }
  const type = t(`statement.type.${entry.statementType}`);
  const from = entry.from ? nameOf(entry.from) : null;
  const to = entry.to ? nameOf(entry.to) : null;
  if (from && to) return t('statement.activityFromTo', { type, from, to });
  if (from || to) return t('statement.activityOne', { type, account: from ?? to });
  return type;
}
