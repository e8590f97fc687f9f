import { QR_BANK_CODES, type QrBankCode } from '@wallet/contract/constants';
import type { QrcodeRecord, QrcodeStatus } from '@wallet/contract/qrcode';
import type { StatementListResponse } from '@wallet/contract/statement';
import type { WalletResponse } from '@wallet/contract/wallet';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { parse } from 'promptparse';
import { anyId } from 'promptparse/validate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  registerPlayer,
  type TestContext,
  testDialects,
  withDepositContent,
} from '../../../test/helpers.ts';
import { checkLedger } from '../../ledger/check.ts';

const EXPIRY_SECONDS = 600;
/** Minimums as this suite configures them: PAYTIMZ overridden to 20, ZPAY left at SPEC's 10. */
const MINIMUMS: Record<QrBankCode, number> = { KBANK: 0.01, WW: 100, PAYONEX: 100, PAYTIMZ: 20, ZPAY: 10 };

describe.each(testDialects())('QR deposit API (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      QR_EXPIRY_SECONDS: String(EXPIRY_SECONDS),
      PAYTIMZ_MIN_DEPOSIT: '20',
    });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.app.inject({ method: 'DELETE', url: '/sandbox/qr/faults' });
  });

  async function player() {
    const { phone, token } = await registerPlayer(ctx.app);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = {}) =>
      ctx.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
    return {
      phone,
      call,
      create: (bankCode: string, amount: unknown, headers = {}) =>
        call('POST', `/api/qrcode/${bankCode}`, { amount }, headers),
      current: async (bankCode: string) => (await call('GET', `/api/qrcode/${bankCode}`)).json<QrcodeRecord>(),
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
      statements: async () =>
        (await call('POST', '/api/statement', { page: 1, limit: 50 })).json<StatementListResponse>().statements,
    };
  }

  /** Creates a QR and returns its record, failing the test if the gateway gave none. */
  async function liveQr(p: Awaited<ReturnType<typeof player>>, bankCode: QrBankCode, amount: number) {
    const res = await p.create(bankCode, amount);
    expect(res.statusCode).toBe(200);
    const record = res.json<QrcodeRecord>();
    if (!record.hasQrcode) throw new Error(`no QR: ${res.body}`);
    return record;
  }

  const pay = (qrcodeId: string) => ctx.app.inject({ method: 'POST', url: `/sandbox/qr/${qrcodeId}/pay` });

  const statusOf = async (qrcodeId: string) =>
    (await ctx.db.kysely.selectFrom('qrcodes').select('status').where('id', '=', qrcodeId).executeTakeFirstOrThrow())
      .status;

  async function expectLedgerHealthy() {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }

  it('issues a QR at each gateway minimum: a valid PromptPay payload for the amount, drawn as SVG', async () => {
    const p = await player();
    for (const bankCode of QR_BANK_CODES) {
      const record = await liveQr(p, bankCode, MINIMUMS[bankCode]);
      expect(record.amount).toBe(MINIMUMS[bankCode]);
      expect(record.qrcode).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(new Date(record.expireIn).getTime()).toBe(ctx.clock.now() + EXPIRY_SECONDS * 1000);

      const { payload } = await ctx.db.kysely
        .selectFrom('qrcodes')
        .select('payload')
        .where('id', '=', record.qrcodeId)
        .executeTakeFirstOrThrow();
      const emv = parse(payload, true, true);
      expect(emv).not.toBeNull();
      expect(emv?.validate('63')).toBe(true);
      expect(emv?.getTagValue('29', '00')).toBe('A000000677010111');
      expect(emv?.getTagValue('54')).toBe(MINIMUMS[bankCode].toFixed(2));
      expect(anyId(payload)).toMatchObject({ type: 'EWALLETID', amount: MINIMUMS[bankCode] });
      // A corrupted checksum is caught: the test above could fail.
      expect(parse(`${payload.slice(0, -1)}${payload.endsWith('0') ? '1' : '0'}`, true)).toBeNull();

      expect(await p.current(bankCode)).toEqual(record);
    }
  });

  it('gives the QR as a PNG too, which a camera reads as the same payload (banking apps cannot scan a saved SVG)', async () => {
    const p = await player();
    const record = await liveQr(p, 'ZPAY', 150);
    if (!record.hasQrcode) throw new Error('no QR');
    expect(record.qrcodePng).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(record.qrcodePng?.split(',')[1] ?? '', 'base64'));
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const { payload } = await ctx.db.kysely
      .selectFrom('qrcodes')
      .select('payload')
      .where('id', '=', record.qrcodeId)
      .executeTakeFirstOrThrow();
    expect(read?.data).toBe(payload);
  });

  it("tells the player's app what became of a QR: pending, then paid with the amount credited", async () => {
    const p = await player();
    const record = await liveQr(p, 'WW', 250);
    const status = async (owner: typeof p, bankCode: string, id: string) =>
      owner.call('GET', `/api/qrcode/${bankCode}/${id}`);
    expect((await status(p, 'WW', record.qrcodeId)).json<QrcodeStatus>()).toEqual({
      qrcodeId: record.qrcodeId,
      status: 'PENDING',
      amount: 250,
    });
    expect((await pay(record.qrcodeId)).json()).toMatchObject({ outcome: 'CREDITED' });
    const paid = await status(p, 'WW', record.qrcodeId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json<QrcodeStatus>()).toEqual({ qrcodeId: record.qrcodeId, status: 'PAID', amount: 250 });

    // Another player, another gateway's path or an unknown id learn nothing.
    const other = await player();
    expect((await status(other, 'WW', record.qrcodeId)).statusCode).toBe(404);
    expect((await status(p, 'ZPAY', record.qrcodeId)).statusCode).toBe(404);
    expect((await status(p, 'WW', 'NO-SUCH-QR')).json()).toEqual({ message: 'NO_DATA' });
  });

  it('reports a run-out QR as expired and a cancelled one as cancelled', async () => {
    const p = await player();
    const cancelled = await liveQr(p, 'KBANK', 30);
    expect((await p.call('DELETE', `/api/qrcode/${cancelled.qrcodeId}`)).statusCode).toBe(200);
    expect((await p.call('GET', `/api/qrcode/KBANK/${cancelled.qrcodeId}`)).json<QrcodeStatus>().status).toBe(
      'CANCELLED',
    );
    const expiring = await liveQr(p, 'KBANK', 40);
    ctx.clock.advance(EXPIRY_SECONDS * 1000);
    expect((await p.call('GET', `/api/qrcode/KBANK/${expiring.qrcodeId}`)).json<QrcodeStatus>()).toEqual({
      qrcodeId: expiring.qrcodeId,
      status: 'EXPIRED',
      amount: 40,
    });
  });

  it('refuses amounts below a gateway minimum (QR_MINIMUM) and bad amounts (KEY_INVALID), creating nothing', async () => {
    const p = await player();
    const below: Array<[QrBankCode, number]> = [
      ['WW', 99.99],
      ['PAYONEX', 99],
      ['PAYTIMZ', 19.99],
      ['ZPAY', 9.99],
    ];
    for (const [bankCode, amount] of below) {
      const res = await p.create(bankCode, amount);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'QR_MINIMUM', field: 'amount' });
    }
    for (const amount of [0, -5, 10.001, '10']) {
      const res = await p.create('KBANK', amount);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'KEY_INVALID', field: 'amount' });
    }
    for (const bankCode of QR_BANK_CODES) expect(await p.current(bankCode)).toEqual({ hasQrcode: false });
    // KBANK takes any amount above 0.
    expect((await liveQr(p, 'KBANK', 0.01)).amount).toBe(0.01);
    expect((await liveQr(p, 'KBANK', 12345.67)).amount).toBe(12345.67);
  });

  it('refuses a bank code that is not a QR gateway', async () => {
    const p = await player();
    for (const res of [
      await p.call('GET', '/api/qrcode/SCB'),
      await p.create('SCB', 100),
      await p.create('kbank', 100),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'KEY_INVALID', field: 'bankCode' });
    }
  });

  it('refuses a gateway the operator has not set up as a PAYMENT account (NO_BANK)', async () => {
    const p = await player();
    await withDepositContent(
      ctx.db.kysely,
      (content) => ({ ...content, banks: content.banks.filter((bank) => bank.bankCode !== 'ZPAY') }),
      async () => {
        const res = await p.create('ZPAY', 50);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'NO_BANK', field: 'bankCode' });
        expect((await p.create('PAYTIMZ', 50)).json<QrcodeRecord>().hasQrcode).toBe(true);
      },
    );
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/qrcode/KBANK'],
      ['POST', '/api/qrcode/KBANK'],
      ['DELETE', '/api/qrcode/abc'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: { amount: 10 } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('keeps one live QR per gateway: a second create replaces the first, other gateways are untouched', async () => {
    const p = await player();
    const kbank = await liveQr(p, 'KBANK', 50);
    const first = await liveQr(p, 'WW', 100);
    const second = await liveQr(p, 'WW', 200);
    expect(second.qrcodeId).not.toBe(first.qrcodeId);
    expect(await p.current('WW')).toEqual(second);
    expect(await p.current('KBANK')).toEqual(kbank);
    expect(await statusOf(first.qrcodeId)).toBe('CANCELLED');
    // The gateway was told: the replaced QR can no longer be paid there.
    const paid = await pay(first.qrcodeId);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: 'QR_FAIL' });
    expect(await p.wallet()).toBe(0);
  });

  it('leaves exactly one live QR when creates for one gateway race', async () => {
    const p = await player();
    const results = await Promise.all([100, 200, 300, 400, 500, 600].map((amount) => p.create('PAYONEX', amount)));
    for (const res of results) expect(res.statusCode).toBe(200);
    const live = await ctx.db.kysely
      .selectFrom('qrcodes as q')
      .innerJoin('users as u', 'u.id', 'q.user_id')
      .select(['q.id', 'q.amount'])
      .where('u.username', '=', p.phone)
      .where('q.bank_code', '=', 'PAYONEX')
      .where('q.status', '=', 'PENDING')
      .execute();
    expect(live).toHaveLength(1);
    const current = await p.current('PAYONEX');
    expect(current).toMatchObject({ hasQrcode: true, qrcodeId: live[0]?.id });
  });

  it('returns the same QR for a repeated Idempotency-Key instead of replacing it', async () => {
    const p = await player();
    const headers = { 'idempotency-key': 'qr-create-key-0001' };
    const first = await p.create('ZPAY', 10, headers);
    const again = await p.create('ZPAY', 10, headers);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await statusOf(first.json<{ qrcodeId: string }>().qrcodeId)).toBe('PENDING');
  });

  it('drops the QR once it expires', async () => {
    const p = await player();
    const record = await liveQr(p, 'KBANK', 20);
    ctx.clock.advance(EXPIRY_SECONDS * 1000 - 1000);
    expect(await p.current('KBANK')).toEqual(record);
    ctx.clock.advance(1000);
    expect(await p.current('KBANK')).toEqual({ hasQrcode: false });
    expect(await statusOf(record.qrcodeId)).toBe('EXPIRED');
    const cancel = await p.call('DELETE', `/api/qrcode/${record.qrcodeId}`);
    expect(cancel.statusCode).toBe(404);
    // And the sandbox gateway refuses to take money for it.
    expect((await pay(record.qrcodeId)).statusCode).toBe(409);
    expect(await p.wallet()).toBe(0);
  });

  it("cancels the player's own live QR only", async () => {
    const owner = await player();
    const other = await player();
    const record = await liveQr(owner, 'WW', 300);

    const foreign = await other.call('DELETE', `/api/qrcode/${record.qrcodeId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'NO_DATA' });
    expect(await owner.current('WW')).toEqual(record);

    const unknown = await owner.call('DELETE', '/api/qrcode/NO-SUCH-QR');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'NO_DATA' });

    const cancelled = await owner.call('DELETE', `/api/qrcode/${record.qrcodeId}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: 'SUCCESS' });
    expect(await owner.current('WW')).toEqual({ hasQrcode: false });
    expect((await owner.call('DELETE', `/api/qrcode/${record.qrcodeId}`)).statusCode).toBe(404);
    expect((await pay(record.qrcodeId)).statusCode).toBe(409);
  });

  it('answers QR_FAIL when the gateway issues no QR, keeping the live one', async () => {
    const p = await player();
    const live = await liveQr(p, 'PAYTIMZ', 50);
    const fault = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/qr/faults',
      payload: { bankCode: 'PAYTIMZ', mode: 'fail' },
    });
    expect(fault.json()).toEqual({ message: 'OK', failing: ['PAYTIMZ'] });

    const failed = await p.create('PAYTIMZ', 100);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ hasQrcode: false, message: 'QR_FAIL' });
    expect(await p.current('PAYTIMZ')).toEqual(live);
    // Other gateways still work.
    expect((await p.create('ZPAY', 50)).json<QrcodeRecord>().hasQrcode).toBe(true);

    await ctx.app.inject({ method: 'POST', url: '/sandbox/qr/faults', payload: { bankCode: 'PAYTIMZ', mode: 'ok' } });
    expect((await p.create('PAYTIMZ', 100)).json<QrcodeRecord>()).toMatchObject({ hasQrcode: true, amount: 100 });
  });

  it('credits the wallet once when the QR is paid, with a deposit statement from the gateway', async () => {
    const p = await player();
    const record = await liveQr(p, 'WW', 500.5);
    const paid = await pay(record.qrcodeId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ message: 'OK', outcome: 'CREDITED' });
    expect(await p.wallet()).toBe(500.5);
    expect(await p.current('WW')).toEqual({ hasQrcode: false });
    expect(await statusOf(record.qrcodeId)).toBe('PAID');

    const statements = await p.statements();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({
      statementType: 'deposit',
      from: 'WW',
      to: 'WALLET',
      amount: 500.5,
      status: 'SUCCESS',
    });

    // The gateway delivering the same payment again moves nothing.
    const again = await pay(record.qrcodeId);
    expect(again.json()).toMatchObject({
      outcome: 'DUPLICATE',
      paymentRef: paid.json<{ paymentRef: string }>().paymentRef,
    });
    expect(await p.wallet()).toBe(500.5);
    expect(await p.statements()).toHaveLength(1);
    await expectLedgerHealthy();
  });

  it('credits once when the same payment is delivered many times at once', async () => {
    const p = await player();
    const record = await liveQr(p, 'ZPAY', 75);
    const results = await Promise.all(Array.from({ length: 6 }, () => pay(record.qrcodeId)));
    const outcomes = results.map((res) => res.json<{ outcome: string }>().outcome).sort();
    expect(outcomes).toEqual(['CREDITED', 'DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'DUPLICATE']);
    expect(await p.wallet()).toBe(75);
    expect(await p.statements()).toHaveLength(1);
    await expectLedgerHealthy();
  });
});
