import type { DepositLookupResponse } from '@wallet/contract/deposit';
import type { ContactResponse, InfoResponse } from '@wallet/contract/lookup';

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
  withdrawLimits: 'content.withdraw_limits',
  slipWindow: 'content.slip_window',
  deposit: 'content.deposit',
} as const;

export type InfoContent = InfoResponse;
export type ContactContent = ContactResponse;
export type WithdrawLimitsContent = { withdrawMinMinor: number; withdrawMaxMinor: number };
/** Daily window (Bangkok wall-clock HH:mm) during which slip upload is closed; may cross midnight. */
export type SlipWindowContent = { closedFrom: string; closedTo: string };
export type DepositContent = DepositLookupResponse;
