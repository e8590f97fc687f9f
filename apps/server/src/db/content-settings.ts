import { LANGUAGES, type Language, QR_BANK_CODES, type QrBankCode } from '@wallet/contract/constants';
import type { DepositContent as DepositAccounts } from '@wallet/contract/deposit';
import type { ContactResponse, InfoResponse } from '@wallet/contract/lookup';
import { toMinor } from '@wallet/contract/money';
import { qrMinimum } from '@wallet/contract/qr-rules';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { getSetting } from './settings.repo.ts';

/**
 * Operator-editable content kept in settings under these keys. Money inside is in minor units; the
 * back office edits these, the seed writes the demo values.
 */
export const CONTENT_KEYS = {
  info: 'content.info',
  contact: 'content.contact',
  conditions: 'content.conditions',
  agreements: 'content.agreements',
  notice: 'content.notice',
  /** An HTML introduction above the how-to videos, per language. */
  howto: 'content.howto',
  withdrawLimits: 'content.withdraw_limits',
  slipWindow: 'content.slip_window',
  deposit: 'content.deposit',
  fourEyes: 'money.four_eyes',
  qrGateways: 'content.qr_gateways',
} as const;

export type InfoContent = InfoResponse;
export type ContactContent = ContactResponse;
export type WithdrawLimitsContent = { withdrawMinMinor: number; withdrawMaxMinor: number };
/** Daily window (Bangkok wall-clock HH:mm) during which slip upload is closed; may cross midnight. */
export type SlipWindowContent = { closedFrom: string; closedTo: string };
export type DepositContent = DepositAccounts;
/**
 * Above this amount a withdrawal approval or a manual wallet adjustment needs a second operator, who
 * cannot be the first (four eyes). Settings edit it; the money desk and adjustments read it.
 */
export type FourEyesContent = { thresholdMinor: number };
export const DEFAULT_FOUR_EYES: FourEyesContent = { thresholdMinor: 50_000_00 };

/** The texts a player reads (issue 18) are kept per language; these keys hold the Thai one. */
export type LocalizedContentKey = (typeof CONTENT_KEYS)['contact' | 'conditions' | 'agreements' | 'notice' | 'howto'];

/** Thai under the plain key (what older installations have), other languages under `<key>.<lang>`. */
export function localizedContentKey(key: LocalizedContentKey, language: Language): string {
  return language === 'th' ? key : `${key}.${language}`;
}

/** The language a lookup asked for; anything unknown reads Thai. */
export function contentLanguage(requested: string | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(requested ?? '') ? (requested as Language) : 'th';
}

/** The four-eyes threshold in force (the default until an operator sets one). */
export async function fourEyesThresholdMinor(db: Kysely<Database>): Promise<number> {
  return ((await getSetting<FourEyesContent>(db, CONTENT_KEYS.fourEyes)) ?? DEFAULT_FOUR_EYES).thresholdMinor;
}

/**
 * The operator's switch and minimum per QR gateway (back office, money settings). A gateway the
 * setting does not name is offered from its SPEC §9 minimum (or the environment's override), as
 * before the setting existed; a gateway also needs its PAYMENT account in content.deposit.
 */
export type QrGatewaysContent = Partial<Record<QrBankCode, { enabled: boolean; minimumMinor: number }>>;

export async function qrGatewaySettings(db: Kysely<Database>): Promise<QrGatewaysContent> {
  return (await getSetting<QrGatewaysContent>(db, CONTENT_KEYS.qrGateways)) ?? {};
}

/** Each QR gateway's minimum (minor units) before an operator sets one: SPEC §9, with the environment's overrides. */
export function qrDefaultMinimumsMinor(
  overrides: Partial<Record<QrBankCode, number | undefined>>,
): Record<QrBankCode, number> {
  return Object.fromEntries(QR_BANK_CODES.map((code) => [code, toMinor(qrMinimum(code, overrides[code]))])) as Record<
    QrBankCode,
    number
  >;
}

/** The smallest amount (minor units) a gateway takes now: the operator's, else its default. */
export function qrGatewayMinimumMinor(
  settings: QrGatewaysContent,
  defaultsMinor: Record<QrBankCode, number>,
  bankCode: QrBankCode,
): number {
  return settings[bankCode]?.minimumMinor ?? defaultsMinor[bankCode];
}

/** Whether the operator left this gateway on (a gateway never switched off is on). */
export function qrGatewayEnabled(settings: QrGatewaysContent, bankCode: string): boolean {
  return settings[bankCode as QrBankCode]?.enabled !== false;
}
