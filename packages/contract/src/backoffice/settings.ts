import { z } from 'zod';
import { text } from '../common.ts';
import { QR_BANK_CODES } from '../constants.ts';
import { bankDepositAccount, walletDepositAccount } from '../deposit.ts';
import { apiAmount } from '../money.ts';

/** Why an operator changed a setting; kept in the audit log. */
const reason = text().trim().max(500).optional();

export const SERVICE_STATES = ['active', 'terminated'] as const;
export type ServiceStateValue = (typeof SERVICE_STATES)[number];

/**
 * POST /api/backoffice/settings/service: the same switch as `npm run service -- terminate|activate`.
 * A reason is required: switching every player off is never routine.
 */
export const serviceStatePayload = z.object({
  state: z.enum(SERVICE_STATES),
  reason: text().trim().min(1).max(500),
});
export type ServiceStatePayload = z.input<typeof serviceStatePayload>;

/** An amount above zero, in baht. */
const positiveAmount = apiAmount.refine((n) => n > 0, { message: 'KEY_INVALID' });

/** HH:mm on the 24-hour clock, Bangkok wall time. */
export const wallClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'KEY_INVALID' });

/** One QR gateway as the operator sets it: offered or not, and the smallest amount it takes (baht). */
export const qrGatewaySetting = z.object({ enabled: z.boolean(), minimum: positiveAmount });
export type QrGatewaySetting = z.infer<typeof qrGatewaySetting>;

const depositAccountInput = bankDepositAccount.extend({
  bankCode: text().trim().min(2).max(20),
  bankAccountName: text().trim().min(1).max(100),
  bankAccountNo: text()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,30}$/),
  currency: text().trim().max(10).nullable(),
  bank: z.object({ nameTH: text().trim().max(100), nameEN: text().trim().max(100) }),
});
const walletAccountInput = walletDepositAccount.extend({
  walletAccountName: text().trim().min(1).max(100),
  mode: text().trim().min(1).max(20),
});

/**
 * The money settings as one form: where players send money (content.deposit), which QR gateways are
 * offered and from what amount, the withdraw limits, manual-deposit mode, the daily slip-closed window
 * and the four-eyes threshold. Amounts in baht here, minor units once stored.
 */
export const moneySettings = z.object({
  banks: z.array(depositAccountInput).max(30),
  wallets: z.array(walletAccountInput).max(10),
  isManual: z.boolean(),
  qrGateways: z.record(z.enum(QR_BANK_CODES), qrGatewaySetting),
  withdrawMin: positiveAmount,
  withdrawMax: positiveAmount,
  slipClosedFrom: wallClockTime,
  slipClosedTo: wallClockTime,
  fourEyesThreshold: positiveAmount,
});
export type MoneySettings = z.infer<typeof moneySettings>;

export const moneySettingsPayload = moneySettings.extend({ reason });
export type MoneySettingsPayload = z.input<typeof moneySettingsPayload>;

/**
 * POST /api/backoffice/settings/chat: support chat (the player widget, its calls and the agents' console)
 * on or off. ENABLE_CHAT_WIDGET=true in the environment keeps it on whatever is saved here.
 */
export const chatSettingPayload = z.object({ enabled: z.boolean(), reason: text().trim().min(1).max(500) });
export type ChatSettingPayload = z.input<typeof chatSettingPayload>;

/** GET /api/backoffice/settings: the service state, support chat and the money settings in force. */
export const settingsResponse = z.object({
  service: z.object({ state: z.enum(SERVICE_STATES) }),
  chat: z.object({ enabled: z.boolean(), forcedByEnvironment: z.boolean() }),
  money: moneySettings,
});
export type SettingsResponse = z.infer<typeof settingsResponse>;
