import { QR_BANK_CODES, type QrBankCode } from '@wallet/contract/constants';
import type { QrcodeRecord } from '@wallet/contract/qrcode';
import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, registerPlayer, type TestContext, testDialects } from '../../../test/helpers.ts';
import { getSetting } from '../../db/settings.repo.ts';
import { checkLedger } from '../../ledger/check.ts';
import { randomId } from '../../lib/ids.ts';
import type { WebhookDelivery } from '../../providers/payments/qr-gateway.ts';
import {
  QR_SIGNATURE_HEADER,
  QR_TIMESTAMP_HEADER,
  signQrWebhook,
} from '../../providers/payments/qr-webhook-signature.ts';

const SECRET = 'qr-webhook-test-secret-0123456789';
const TOLERANCE_SECONDS = 300;
const EXPIRY_SECONDS = 600;

describe.each(testDialects())('QR paid webhook (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      // The same secret at every gateway keeps these tests about the webhook itself; the describe below
      // gives each gateway its own.
      ...Object.fromEntries(QR_BANK_CODES.map((code) => [`QR_WEBHOOK_SECRET_${code}`, SECRET])),
      WEBHOOK_TOLERANCE_SECONDS: String(TOLERANCE_SECONDS),
      QR_EXPIRY_SECONDS: String(EXPIRY_SECONDS),
    });
  });
  afterAll(() => ctx.close());

  /** A player with a live QR at `bankCode` for `amount`, and the gateway's ref of it. */
  async function playerWithQr(bankCode: QrBankCode, amount: number) {
    const { token } = await registerPlayer(ctx.app);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const record = (await call('POST', `/api/qrcode/${bankCode}`, { amount })).json<QrcodeRecord>();
    if (!record.hasQrcode) throw new Error('no QR');
    const { gateway_ref: gatewayRef } = await ctx.db.kysely
      .selectFrom('qrcodes')
      .select('gateway_ref')
      .where('id', '=', record.qrcodeId)
      .executeTakeFirstOrThrow();
    return {
      call,
      record,
      gatewayRef,
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
    };
  }

  function paidBody(gatewayRef: string, amount: number, overrides: Record<string, unknown> = {}) {
    return JSON.stringify({
      event: 'qr.paid',
      gatewayRef,
      paymentRef: `T${randomId(12)}`,
      amount,
      paidAt: ctx.clock.now(),
      ...overrides,
    });
  }

  const deliver = (bankCode: string, delivery: WebhookDelivery) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/qr/${bankCode}`,
      payload: delivery.rawBody,
      headers: delivery.headers as Record<string, string>,
    });

  const signed = (rawBody: string, at = ctx.clock.now(), secret = SECRET) => signQrWebhook(secret, rawBody, at);

  async function paymentOutcome(bankCode: string, rawBody: string) {
    const { paymentRef } = JSON.parse(rawBody) as { paymentRef: string };
    const row = await ctx.db.kysely
      .selectFrom('qr_payments')
      .select(['outcome', 'statement_id'])
      .where('bank_code', '=', bankCode)
      .where('payment_ref', '=', paymentRef)
      .executeTakeFirst();
    return row?.outcome;
  }

  it('credits a correctly signed paid notice once, whatever the number of deliveries', async () => {
    const p = await playerWithQr('KBANK', 250);
    const body = paidBody(p.gatewayRef, 250);
    const first = await deliver('KBANK', signed(body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'OK', outcome: 'CREDITED' });
    // A retry, signed afresh by the gateway a minute later.
    ctx.clock.advance(60_000);
    const retry = await deliver('KBANK', signed(body));
    expect(retry.json()).toEqual({ message: 'OK', outcome: 'DUPLICATE' });
    expect(await p.wallet()).toBe(250);
    expect(await paymentOutcome('KBANK', body)).toBe('CREDITED');
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('credits once when the same delivery arrives several times at the same moment', async () => {
    const p = await playerWithQr('PAYONEX', 100);
    const delivery = signed(paidBody(p.gatewayRef, 100));
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver('PAYONEX', delivery)));
    const outcomes = results.map((res) => res.json<{ outcome: string }>().outcome).sort();
    expect(outcomes).toEqual(['CREDITED', 'DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'DUPLICATE']);
    expect(await p.wallet()).toBe(100);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('credits one of two different payments of the same QR and holds the other', async () => {
    const p = await playerWithQr('WW', 100);
    const [a, b] = await Promise.all([
      deliver('WW', signed(paidBody(p.gatewayRef, 100))),
      deliver('WW', signed(paidBody(p.gatewayRef, 100))),
    ]);
    const outcomes = [a?.json<{ outcome: string }>().outcome, b?.json<{ outcome: string }>().outcome].sort();
    expect(outcomes).toEqual(['CREDITED', 'NOT_PAYABLE']);
    expect(await p.wallet()).toBe(100);
    const held = await ctx.db.kysely
      .selectFrom('qr_payments')
      .select(['outcome', 'amount'])
      .where('gateway_ref', '=', p.gatewayRef)
      .orderBy('outcome')
      .execute();
    expect(held.map((row) => [row.outcome, Number(row.amount)])).toEqual([
      ['CREDITED', 100_00],
      ['NOT_PAYABLE', 100_00],
    ]);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('refuses forged, tampered, unsigned and replayed deliveries, moving nothing', async () => {
    const p = await playerWithQr('ZPAY', 40);
    const body = paidBody(p.gatewayRef, 40);
    const valid = signed(body);
    const attempts: WebhookDelivery[] = [
      signed(body, ctx.clock.now(), 'some-other-secret-value-000000'),
      { rawBody: body.replace('"amount":40', '"amount":4000'), headers: valid.headers },
      { rawBody: body, headers: { 'content-type': 'application/json' } },
      { rawBody: body, headers: { ...valid.headers, [QR_SIGNATURE_HEADER]: 'sha256=00' } },
      { rawBody: body, headers: { ...valid.headers, [QR_SIGNATURE_HEADER]: 'not-a-signature' } },
      { rawBody: body, headers: { ...valid.headers, [QR_TIMESTAMP_HEADER]: 'yesterday' } },
      signed(body, ctx.clock.now() - (TOLERANCE_SECONDS + 5) * 1000),
      signed(body, ctx.clock.now() + (TOLERANCE_SECONDS + 5) * 1000),
    ];
    for (const attempt of attempts) {
      const res = await deliver('ZPAY', attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    // A valid delivery replayed after the tolerance window is refused too.
    ctx.clock.advance((TOLERANCE_SECONDS + 1) * 1000);
    expect((await deliver('ZPAY', valid)).statusCode).toBe(401);
    // Signed for another gateway's URL: that gateway has no such QR.
    expect((await deliver('KBANK', signed(body))).json()).toEqual({ message: 'OK', outcome: 'UNKNOWN_QR' });

    expect(await p.wallet()).toBe(0);
    expect(await p.call('GET', '/api/qrcode/ZPAY').then((res) => res.json<QrcodeRecord>().hasQrcode)).toBe(true);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('refuses a correctly signed body that is not a paid notice', async () => {
    const p = await playerWithQr('ZPAY', 40);
    for (const rawBody of ['{not json', JSON.stringify({ event: 'qr.paid', gatewayRef: p.gatewayRef }), '[]']) {
      const res = await deliver('ZPAY', signed(rawBody));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'KEY_INVALID' });
    }
    const tooPrecise = await deliver('ZPAY', signed(paidBody(p.gatewayRef, 40.001)));
    expect(tooPrecise.statusCode).toBe(400);
    const future = await deliver('ZPAY', signed(paidBody(p.gatewayRef, 40, { paidAt: ctx.clock.now() + 3600_000 })));
    expect(future.statusCode).toBe(400);
    const badCode = await deliver('SCB', signed(paidBody(p.gatewayRef, 40)));
    expect(badCode.statusCode).toBe(400);
    expect(await p.wallet()).toBe(0);
  });

  it('holds a payment of a different amount and keeps the QR payable', async () => {
    const p = await playerWithQr('PAYTIMZ', 100);
    const body = paidBody(p.gatewayRef, 99.99);
    expect((await deliver('PAYTIMZ', signed(body))).json()).toEqual({ message: 'OK', outcome: 'AMOUNT_MISMATCH' });
    // Delivered again, the held payment stays held and is not credited.
    expect((await deliver('PAYTIMZ', signed(body))).json()).toEqual({ message: 'OK', outcome: 'AMOUNT_MISMATCH' });
    expect(await p.wallet()).toBe(0);
    expect(await paymentOutcome('PAYTIMZ', body)).toBe('AMOUNT_MISMATCH');
    expect((await deliver('PAYTIMZ', signed(paidBody(p.gatewayRef, 100)))).json()).toMatchObject({
      outcome: 'CREDITED',
    });
    expect(await p.wallet()).toBe(100);
  });

  it('holds a payment made after the QR was cancelled, but credits one made before', async () => {
    const p = await playerWithQr('KBANK', 30);
    const paidBeforeCancel = ctx.clock.now();
    ctx.clock.advance(10_000);
    expect((await p.call('DELETE', `/api/qrcode/${p.record.qrcodeId}`)).statusCode).toBe(200);
    ctx.clock.advance(10_000);

    const late = paidBody(p.gatewayRef, 30);
    expect((await deliver('KBANK', signed(late))).json()).toEqual({ message: 'OK', outcome: 'NOT_PAYABLE' });
    expect(await p.wallet()).toBe(0);
    expect(await paymentOutcome('KBANK', late)).toBe('NOT_PAYABLE');

    // The gateway took this one while the QR was still live; its notice only arrives now.
    const inTime = paidBody(p.gatewayRef, 30, { paidAt: paidBeforeCancel });
    expect((await deliver('KBANK', signed(inTime))).json()).toEqual({ message: 'OK', outcome: 'CREDITED' });
    expect(await p.wallet()).toBe(30);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('holds a payment made after the QR expired', async () => {
    const p = await playerWithQr('WW', 200);
    ctx.clock.advance(EXPIRY_SECONDS * 1000);
    expect((await p.call('GET', '/api/qrcode/WW')).json()).toEqual({ hasQrcode: false });
    const body = paidBody(p.gatewayRef, 200);
    expect((await deliver('WW', signed(body))).json()).toEqual({ message: 'OK', outcome: 'NOT_PAYABLE' });
    expect(await p.wallet()).toBe(0);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('holds a payment for a QR it does not know', async () => {
    const body = paidBody('WW-NOSUCHREF', 100);
    expect((await deliver('WW', signed(body))).json()).toEqual({ message: 'OK', outcome: 'UNKNOWN_QR' });
    expect(await paymentOutcome('WW', body)).toBe('UNKNOWN_QR');
  });
});

describe.each(testDialects())('QR webhook secrets per gateway (%s)', (dialect) => {
  const secretOf = (code: QrBankCode) => `${SECRET}-${code.toLowerCase()}`;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      ...Object.fromEntries(QR_BANK_CODES.map((code) => [`QR_WEBHOOK_SECRET_${code}`, secretOf(code)])),
    });
  });
  afterAll(() => ctx.close());

  it("refuses at one gateway a payment signed with another gateway's secret, and credits its own", async () => {
    const { token } = await registerPlayer(ctx.app);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const record = (await call('POST', '/api/qrcode/WW', { amount: 100 })).json<QrcodeRecord>();
    if (!record.hasQrcode) throw new Error('no QR');
    const { gateway_ref: gatewayRef } = await ctx.db.kysely
      .selectFrom('qrcodes')
      .select('gateway_ref')
      .where('id', '=', record.qrcodeId)
      .executeTakeFirstOrThrow();
    const rawBody = JSON.stringify({
      event: 'qr.paid',
      gatewayRef,
      paymentRef: `T${randomId(12)}`,
      amount: 100,
      paidAt: ctx.clock.now(),
    });
    const deliver = (secret: string) => {
      const delivery = signQrWebhook(secret, rawBody, ctx.clock.now());
      return ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/qr/WW',
        payload: delivery.rawBody,
        headers: delivery.headers as Record<string, string>,
      });
    };
    const wallet = async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount;

    // KBANK holds its own secret; with it, it could otherwise credit any WW QR it learns of.
    expect((await deliver(secretOf('KBANK'))).statusCode).toBe(401);
    expect(await wallet()).toBe(0);
    const own = await deliver(secretOf('WW'));
    expect(own.json()).toEqual({ message: 'OK', outcome: 'CREDITED' });
    expect(await wallet()).toBe(100);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it("pays a sandbox QR with the paying gateway's own signature", async () => {
    const { token } = await registerPlayer(ctx.app);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const record = (await call('POST', '/api/qrcode/PAYONEX', { amount: 100 })).json<QrcodeRecord>();
    if (!record.hasQrcode) throw new Error('no QR');
    const paid = await ctx.app.inject({ method: 'POST', url: `/sandbox/qr/${record.qrcodeId}/pay` });
    expect(paid.statusCode).toBe(200);
    expect((await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount).toBe(100);
  });
});

describe('QR webhook secrets generated outside production', () => {
  it('are one per gateway, each different, kept in settings', async () => {
    const ctx = await createTestContext('sqlite');
    try {
      const secrets = await Promise.all(
        QR_BANK_CODES.map((code) => getSetting<string>(ctx.db.kysely, `qr_webhook_secret:${code}`)),
      );
      for (const secret of secrets) expect(secret).toMatch(/^[\w-]{43}$/);
      expect(new Set(secrets).size).toBe(QR_BANK_CODES.length);
    } finally {
      await ctx.close();
    }
  });
});
