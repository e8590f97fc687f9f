import { QR_BANK_CODES, QR_GATEWAYS, type QrBankCode } from '@wallet/contract/constants';
import type { BankDepositAccount } from '@wallet/contract/deposit';
import { fromMinor, MoneyFormatError, toMinor } from '@wallet/contract/money';
import { type QrcodeRecord, type QrcodeStatus, qrMinimum } from '@wallet/contract/qrcode';
import { type Kysely, sql, type Transaction } from 'kysely';
import QRCode from 'qrcode';
import {
  CONTENT_KEYS,
  type DepositContent,
  qrGatewayEnabled,
  qrGatewayMinimumMinor,
  qrGatewaySettings,
} from '../../db/content-settings.ts';
import type { Db } from '../../db/database.ts';
import { type MoneyTransactions, PLAIN_TRANSACTIONS } from '../../db/money-transactions.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import { playerLedgerAccounts } from '../../ledger/accounts.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, refused } from '../../lib/domain-error.ts';
import { orderedId } from '../../lib/ids.ts';
import type { IssuedQr, QrGateway, QrGateways } from '../../providers/payments/qr-gateway.ts';
import {
  cancelOwnQrcode,
  closePendingQrcodes,
  expireStaleQrcodes,
  findLiveQrcode,
  findOwnQrcode,
  insertQrcode,
  liveQrTotalElsewhere,
  type QrcodeRow,
} from './qrcode.repo.ts';

/** A gateway slower than this to issue a QR counts as failed (QR_FAIL); a late QR is cancelled. */
const GATEWAY_TIMEOUT_MS = 10_000;

export const QR_FAIL_RECORD: QrcodeRecord = { hasQrcode: false, message: 'QR_FAIL' };

/** What creating a QR ends in: the record the player sees, and why the gateway issued none, if it did not. */
export interface QrCreated {
  record: QrcodeRecord;
  failure?: string;
}
const NO_QRCODE: QrcodeRecord = { hasQrcode: false };

/**
 * Gateway minimums in minor units, with the operator's PAYTIMZ/ZPAY overrides. Computed at start, so
 * an override with more than 2 decimals stops the server with a clear message instead of a 500 later.
 */
export function qrMinimumsMinor(overrides: Partial<Record<QrBankCode, number | undefined>>) {
  const minimums = {} as Record<QrBankCode, number>;
  for (const code of QR_BANK_CODES) {
    const override = QR_GATEWAYS[code].minimumOverridable ? overrides[code] : undefined;
    try {
      minimums[code] = toMinor(qrMinimum(code, override));
    } catch (error) {
      if (error instanceof MoneyFormatError) throw new Error(`${code}_MIN_DEPOSIT must have at most 2 decimals`);
      throw error;
    }
  }
  return minimums;
}

/**
 * The QR as SPEC §3 shows it; the SVG and the PNG are drawn from the stored payload on every read. The PNG
 * is drawn here rather than in the browser so the player's app carries no QR encoder; its quiet zone of 4
 * modules is what cameras need once the image is saved and shown on another screen.
 */
async function toRecord(row: QrcodeRow): Promise<QrcodeRecord> {
  return {
    hasQrcode: true,
    qrcodeId: row.id,
    qrcode: await QRCode.toString(row.payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    qrcodePng: await QRCode.toDataURL(row.payload, {
      type: 'image/png',
      margin: 4,
      scale: 8,
      errorCorrectionLevel: 'M',
    }),
    amount: fromMinor(row.amount),
    expireIn: new Date(row.expires_at).toISOString(),
  };
}

export interface QrcodeServiceDeps {
  db: Kysely<Database>;
  dialect: Db['dialect'];
  clock: Clock;
  gateways: QrGateways;
  minimumsMinor: Record<QrBankCode, number>;
  /** Player protection: a timed-out or excluded player, or an amount over a deposit limit, gets no QR. */
  restrictions: PlayerRestrictions;
}

export function createQrcodeService(deps: QrcodeServiceDeps) {
  const { db, clock, gateways } = deps;

  /** The operator's PAYMENT account for this gateway (deposit settings); without one the gateway is off. */
  async function paymentAccount(bankCode: QrBankCode): Promise<BankDepositAccount | undefined> {
    const content = await getSetting<DepositContent>(db, CONTENT_KEYS.deposit);
    return content?.banks.find((bank) => bank.bankType === 'PAYMENT' && bank.bankCode === bankCode);
  }

  /** GET /api/qrcode/{bankCode}: the live QR, or none once it expired. */
  async function current(userId: string, bankCode: QrBankCode): Promise<QrcodeRecord> {
    const now = clock.now();
    const live = await findLiveQrcode(db, userId, bankCode, now);
    if (live) return toRecord(live);
    await expireStaleQrcodes(db, userId, bankCode, now);
    return NO_QRCODE;
  }

  /**
   * POST /api/qrcode/{bankCode}. Checks run cheapest first: amount form, gateway enabled, minimum.
   * The previous live QR is replaced only once the gateway has issued the new one, so a gateway
   * failure leaves the player's QR as it was. `failure` explains a QR_FAIL for the log.
   */
  /**
   * `tx` runs the transaction that writes the new QR, which settles the outcome (a caller keeps its
   * answer with the record). A gateway that issues no QR leaves nothing to keep: that outcome is plain.
   */
  async function create(
    userId: string,
    bankCode: QrBankCode,
    amount: number,
    tx: MoneyTransactions<QrCreated> = PLAIN_TRANSACTIONS,
  ): Promise<QrCreated> {
    const amountMinor = toMinor(amount);
    if (amountMinor <= 0) throw refused('KEY_INVALID', 'amount');
    const account = await paymentAccount(bankCode);
    const gateway = gateways[bankCode];
    // The operator's switch and minimum (back office, money settings) win over the built-in ones.
    const operatorSettings = await qrGatewaySettings(db);
    if (!account || !gateway || !qrGatewayEnabled(operatorSettings, bankCode)) throw refused('NO_BANK', 'bankCode');
    const { wallet } = await playerLedgerAccounts(db, userId);
    // A PromptPay QR collects the gateway account's currency; a wallet in another currency cannot take it.
    if (account.currency !== null && account.currency !== wallet.currency) throw refused('NO_BANK', 'bankCode');
    const minimumMinor = qrGatewayMinimumMinor(operatorSettings, deps.minimumsMinor, bankCode);
    // Live QRs at other gateways may all be paid: together with this one they must fit the limits.
    const elsewhere = await liveQrTotalElsewhere(db, userId, bankCode, clock.now());
    await deps.restrictions.assertDeposit(userId, amountMinor + elsewhere, 'qr');
    if (amountMinor < minimumMinor) throw refused('QR_MINIMUM', 'amount');

    const id = orderedId(clock.now());
    const issued = await issueQr(gateway, amountMinor, id);
    if (!issued.ok) return { record: QR_FAIL_RECORD, failure: issued.reason };

    const now = clock.now();
    const row: QrcodeRow = {
      id,
      user_id: userId,
      bank_code: bankCode,
      amount: amountMinor,
      currency: wallet.currency,
      payload: issued.qr.payload,
      gateway_ref: issued.qr.gatewayRef,
      status: 'PENDING',
      expires_at: issued.qr.expiresAt,
      cancelled_at: null,
      paid_at: null,
      payment_ref: null,
      statement_id: null,
      created_at: now,
      updated_at: now,
    };
    const record = await toRecord(row);
    let replaced: string[];
    try {
      ({ replaced } = await tx.finish(db, async (trx) => ({ record, replaced: await replaceLiveQrcode(trx, row) })));
    } catch (error) {
      await gateway.cancel(row.gateway_ref).catch(() => undefined);
      throw error;
    }
    // Best effort: a payment the gateway still takes for a replaced QR is held for the operator.
    for (const gatewayRef of replaced) await gateway.cancel(gatewayRef).catch(() => undefined);
    return { record };
  }

  /**
   * Closes the previous live QR and writes the new one in one transaction. Creates for the same player
   * and gateway take turns: SQLite runs one write transaction at a time anyway, and on PostgreSQL a
   * transaction-scoped advisory lock on (player, gateway) makes the next create see this one's row.
   * Without it, N racing creates would each fail on the one-live index and retry N times.
   */
  async function replaceLiveQrcode(trx: Transaction<Database>, row: QrcodeRow): Promise<string[]> {
    if (deps.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`qrcode:${row.user_id}:${row.bank_code}`}, 0))`.execute(
        trx,
      );
    }
    const replaced = await closePendingQrcodes(trx, row.user_id, row.bank_code, row.created_at);
    await insertQrcode(trx, row);
    return replaced;
  }

  /** GET /api/qrcode/{bankCode}/{qrcodeId}: the player's own QR only; a PENDING one past its time is EXPIRED. */
  async function status(userId: string, bankCode: QrBankCode, qrcodeId: string): Promise<QrcodeStatus> {
    const row = await findOwnQrcode(db, userId, bankCode, qrcodeId);
    if (!row) throw notFound('NO_DATA');
    const ranOut = row.status === 'PENDING' && row.expires_at <= clock.now();
    return {
      qrcodeId: row.id,
      status: ranOut ? 'EXPIRED' : (row.status as QrcodeStatus['status']),
      amount: fromMinor(row.amount),
    };
  }

  /** DELETE /api/qrcode/{qrcodeId}: only the player's own QR that is still payable. */
  async function cancel(userId: string, qrcodeId: string): Promise<void> {
    const cancelled = await cancelOwnQrcode(db, userId, qrcodeId, clock.now());
    if (!cancelled) throw notFound('NO_DATA');
    const gateway = gateways[cancelled.bank_code as QrBankCode];
    await gateway?.cancel(cancelled.gateway_ref).catch(() => undefined);
  }

  return { current, create, cancel, status };
}
export type QrcodeService = ReturnType<typeof createQrcodeService>;

type Issued = { ok: true; qr: IssuedQr } | { ok: false; reason: string };

/** Asks the gateway for a QR within GATEWAY_TIMEOUT_MS; an error or silence is a failure, not a 500. */
async function issueQr(gateway: QrGateway, amount: number, reference: string): Promise<Issued> {
  const call: Promise<Issued> = gateway
    .createQr({ amount, reference })
    .catch((error: unknown) => ({ ok: false, reason: `gateway error: ${String(error)}` }));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), GATEWAY_TIMEOUT_MS);
  });
  const result = await Promise.race([call, timeout]);
  clearTimeout(timer);
  if (result !== 'timeout') return result;
  // The QR may still arrive; nobody will show it, so it must not stay payable.
  void call.then((late) => (late.ok ? gateway.cancel(late.qr.gatewayRef) : undefined)).catch(() => undefined);
  return { ok: false, reason: 'gateway timeout' };
}
