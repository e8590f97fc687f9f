import type { MoneySettings, ServiceStateValue, SettingsResponse } from '@wallet/contract/backoffice/settings';
import { QR_BANK_CODES, type QrBankCode } from '@wallet/contract/constants';
import { fromMinor, toMinor } from '@wallet/contract/money';
import type { Kysely, Transaction } from 'kysely';
import { CHAT_WIDGET_SETTING, chatWidgetEnabled } from '../../db/chat-settings.ts';
import {
  CONTENT_KEYS,
  DEFAULT_FOUR_EYES,
  type DepositContent,
  type FourEyesContent,
  type QrGatewaysContent,
  qrGatewaySettings,
  type SlipWindowContent,
  type WithdrawLimitsContent,
} from '../../db/content-settings.ts';
import type { Database } from '../../db/schema.ts';
import { readServiceState, writeServiceState } from '../../db/service-state.ts';
import { getSetting, putSetting, serializeSettingsWrites } from '../../db/settings.repo.ts';
import type { Clock } from '../../lib/clock.ts';
import { refused } from '../../lib/domain-error.ts';
import { type AuditActor, recordAudit } from './audit.service.ts';

export interface SettingsDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  clock: Clock;
  /** Each QR gateway's minimum before an operator sets one (SPEC §9 with the environment's overrides). */
  qrDefaultMinimumsMinor: Record<QrBankCode, number>;
  /** ENABLE_CHAT_WIDGET=true: chat stays on whatever the owner saves. */
  chatForcedOn: boolean;
}

/** Until an operator sets them: what the withdraw lookup and the withdraw rule use without a setting. */
const DEFAULT_WITHDRAW_LIMITS: WithdrawLimitsContent = { withdrawMinMinor: 100_00, withdrawMaxMinor: 50_000_00 };
const NO_SLIP_WINDOW: SlipWindowContent = { closedFrom: '00:00', closedTo: '00:00' };

/**
 * The owner's switches: the whole service off and on, and the money settings players feel (where to
 * send money, QR gateways, withdraw limits, manual deposits, the slip-closed window, four eyes). Each
 * change is written with its audit row (before and after) in one transaction; the features that
 * apply a setting read it from the settings table on every call, so a change holds at once.
 */
export function createSettingsService(deps: SettingsDeps) {
  const { db, clock } = deps;

  async function readMoney(k: Kysely<Database>): Promise<MoneySettings> {
    const deposit = (await getSetting<DepositContent>(k, CONTENT_KEYS.deposit)) ?? {
      banks: [],
      wallets: [],
      isManual: false,
    };
    const gateways = await qrGatewaySettings(k);
    const limits = (await getSetting<WithdrawLimitsContent>(k, CONTENT_KEYS.withdrawLimits)) ?? DEFAULT_WITHDRAW_LIMITS;
    const window = (await getSetting<SlipWindowContent>(k, CONTENT_KEYS.slipWindow)) ?? NO_SLIP_WINDOW;
    const fourEyes = (await getSetting<FourEyesContent>(k, CONTENT_KEYS.fourEyes)) ?? DEFAULT_FOUR_EYES;
    const qrGateways = Object.fromEntries(
      QR_BANK_CODES.map((code) => [
        code,
        {
          enabled: gateways[code]?.enabled !== false,
          minimum: fromMinor(gateways[code]?.minimumMinor ?? deps.qrDefaultMinimumsMinor[code]),
        },
      ]),
    ) as MoneySettings['qrGateways'];
    return {
      banks: deposit.banks,
      wallets: deposit.wallets,
      isManual: deposit.isManual,
      qrGateways,
      withdrawMin: fromMinor(limits.withdrawMinMinor),
      withdrawMax: fromMinor(limits.withdrawMaxMinor),
      slipClosedFrom: window.closedFrom,
      slipClosedTo: window.closedTo,
      fourEyesThreshold: fromMinor(fourEyes.thresholdMinor),
    };
  }

  async function get(): Promise<SettingsResponse> {
    return {
      service: { state: await readServiceState(db) },
      chat: { enabled: await chatWidgetEnabled(db, deps.chatForcedOn), forcedByEnvironment: deps.chatForcedOn },
      money: await readMoney(db),
    };
  }

  /** Support chat on or off; the chat calls and the lookup read the setting on every call. */
  async function setChat(actor: AuditActor, enabled: boolean, reason: string): Promise<SettingsResponse> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await serializeSettingsWrites(trx, deps.dialect);
      const before = (await getSetting<boolean>(trx, CHAT_WIDGET_SETTING)) === true;
      if (before === enabled) return;
      await putSetting(trx, CHAT_WIDGET_SETTING, enabled, now);
      await recordAudit(
        trx,
        actor,
        {
          action: 'settings.chat',
          targetType: 'setting',
          targetId: CHAT_WIDGET_SETTING,
          before: { enabled: before },
          after: { enabled },
          reason,
        },
        now,
      );
    });
    return get();
  }

  /** The back office's `npm run service -- terminate|activate`; asking for the state in force changes nothing. */
  async function setService(actor: AuditActor, state: ServiceStateValue, reason: string): Promise<SettingsResponse> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await serializeSettingsWrites(trx, deps.dialect);
      const before = await readServiceState(trx);
      if (before === state) return;
      await writeServiceState(trx, state);
      await recordAudit(
        trx,
        actor,
        {
          action: 'settings.service',
          targetType: 'setting',
          targetId: 'service_state',
          before: { state: before },
          after: { state },
          reason,
        },
        now,
      );
    });
    return get();
  }

  /** Rules a form cannot state in its schema; each refusal names the field, and nothing is written. */
  function check(input: MoneySettings): void {
    if (toMinor(input.withdrawMin) > toMinor(input.withdrawMax)) throw refused('KEY_INVALID', 'withdrawMax');
    const gatewayAccounts = new Set<string>();
    input.banks.forEach((bank, index) => {
      if (bank.bankType !== 'PAYMENT') return;
      // A PAYMENT account is a QR gateway's: one each, and only gateways the server knows.
      if (!(QR_BANK_CODES as readonly string[]).includes(bank.bankCode) || gatewayAccounts.has(bank.bankCode)) {
        throw refused('KEY_INVALID', `banks.${index}.bankCode`);
      }
      gatewayAccounts.add(bank.bankCode);
    });
  }

  async function writeMoney(trx: Transaction<Database>, input: MoneySettings, now: number): Promise<void> {
    const deposit: DepositContent = { banks: input.banks, wallets: input.wallets, isManual: input.isManual };
    const gateways: QrGatewaysContent = {};
    for (const code of QR_BANK_CODES) {
      const gateway = input.qrGateways[code];
      if (gateway) gateways[code] = { enabled: gateway.enabled, minimumMinor: toMinor(gateway.minimum) };
    }
    await putSetting(trx, CONTENT_KEYS.deposit, deposit, now);
    await putSetting(trx, CONTENT_KEYS.qrGateways, gateways, now);
    await putSetting(
      trx,
      CONTENT_KEYS.withdrawLimits,
      { withdrawMinMinor: toMinor(input.withdrawMin), withdrawMaxMinor: toMinor(input.withdrawMax) },
      now,
    );
    await putSetting(
      trx,
      CONTENT_KEYS.slipWindow,
      { closedFrom: input.slipClosedFrom, closedTo: input.slipClosedTo },
      now,
    );
    await putSetting(trx, CONTENT_KEYS.fourEyes, { thresholdMinor: toMinor(input.fourEyesThreshold) }, now);
  }

  /** Saves the money settings as one form: all of it or, on any refusal, none of it. */
  async function saveMoney(actor: AuditActor, input: MoneySettings, reason?: string): Promise<SettingsResponse> {
    check(input);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await serializeSettingsWrites(trx, deps.dialect);
      const before = await readMoney(trx);
      await writeMoney(trx, input, now);
      const after = await readMoney(trx);
      if (JSON.stringify(before) === JSON.stringify(after)) return;
      await recordAudit(
        trx,
        actor,
        { action: 'settings.money', targetType: 'setting', targetId: 'money', before, after, reason },
        now,
      );
    });
    return get();
  }

  return { get, setService, setChat, saveMoney };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
