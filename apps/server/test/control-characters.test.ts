import type { ProfileResponse } from '@wallet/contract/account';
import type { QrcodeRecord } from '@wallet/contract/qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signQrWebhook } from '../src/providers/payments/qr-webhook-signature.ts';
import {
  bearer,
  createTestContext,
  newPhone,
  registerPlayer,
  registration,
  type TestContext,
  testDialects,
  verifyPhone,
} from './helpers.ts';

const SECRET = 'control-characters-webhook-secret-01';
/** NUL (PostgreSQL refuses it in text), another C0 control, and DEL. */
const CONTROLS = ['\u0000', '\u001b', '\u007f'];

// A NUL in any text input used to reach PostgreSQL, which refuses it in text and answered 500. Every
// text input is now refused at the contract, so the request is a clear 400 naming the field.
describe.each(testDialects())('control characters in text inputs (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { QR_WEBHOOK_SECRET_KBANK: SECRET });
  });
  afterAll(() => ctx.close());

  function expectRefused(res: { statusCode: number; json<T>(): T }, field?: string) {
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; field?: string }>();
    expect(body.message).toBe('KEY_INVALID');
    if (field) expect(body.field).toBe(field);
  }

  it('login refuses a username or password with a control character', async () => {
    for (const c of CONTROLS) {
      const username = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `08123${c}45678`, password: 'demo1234' },
      });
      expectRefused(username, 'username');
      const password = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: '0812345678', password: `demo${c}1234` },
      });
      expectRefused(password, 'password');
    }
    // A request whose whole body is wrong names the body, as every validation failure names its field.
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/login' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toMatchObject({ field: 'body' });
    const demo = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '0812345678', password: 'demo1234' },
    });
    expect(demo.statusCode).toBe(200);
  });

  it('registration and its validate call refuse a control character in any field and create nobody', async () => {
    const phone = newPhone();
    await verifyPhone(ctx.app, phone);
    for (const c of CONTROLS) {
      for (const field of ['name', 'bankAccountName', 'sourceCode', 'inviteCode', 'password'] as const) {
        const payload = registration(phone, { [field]: `ab${c}cd` });
        for (const url of ['/api/account/validate', '/api/account']) {
          expectRefused(await ctx.app.inject({ method: 'POST', url, payload }), field);
        }
      }
    }
    const user = await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).executeTakeFirst();
    expect(user).toBeUndefined();
    // Thai and Lao text is still welcome.
    const fine = await ctx.app.inject({
      method: 'POST',
      url: '/api/account',
      payload: registration(phone, { name: 'ສົມສັກ ທົດສອບ', bankAccountName: 'สมศักดิ์ ทดสอบ' }),
    });
    expect(fine.statusCode).toBe(200);
  });

  it('profile updates refuse a control character and leave the profile as it was', async () => {
    const { token, payload } = await registerPlayer(ctx.app);
    const headers = bearer(token);
    const profile = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers })).json<ProfileResponse>();
    const before = await profile();
    const update = {
      name: 'Somsak',
      bankCode: payload.bankCode,
      bankAccountName: 'SOMSAK TEST',
      bankAccountNo: payload.bankAccountNo,
      // A bank-detail change needs the current password.
      password: payload.password as string,
    };
    for (const c of CONTROLS) {
      for (const field of ['name', 'bankAccountName', 'bankAccountNo', 'bankCode'] as const) {
        const res = await ctx.app.inject({
          method: 'PUT',
          url: '/api/account/profile',
          headers,
          payload: { ...update, [field]: `${update[field]}${c}` },
        });
        expectRefused(res, field);
      }
      const nameFix = await ctx.app.inject({
        method: 'PUT',
        url: '/api/account/bankAccountName',
        headers,
        payload: { bankCode: 'KTB', bankAccountName: `SOMSAK${c}` },
      });
      expectRefused(nameFix, 'bankAccountName');
      const changePwd = await ctx.app.inject({
        method: 'PUT',
        url: '/api/account/changepwd',
        headers,
        payload: { oldPassword: payload.password, newPassword: `new${c}password` },
      });
      expectRefused(changePwd, 'newPassword');
    }
    expect(await profile()).toEqual(before);
    const thai = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers,
      payload: { ...update, name: 'สมศักดิ์ ໃຈດີ' },
    });
    expect(thai.statusCode).toBe(200);
    expect((await profile()).name).toBe('สมศักดิ์ ໃຈດີ');
  });

  it('path parameters with a control character answer 400: QR cancel and slip reference', async () => {
    const { token } = await registerPlayer(ctx.app);
    const headers = bearer(token);
    const qr = (
      await ctx.app.inject({ method: 'POST', url: '/api/qrcode/KBANK', headers, payload: { amount: 50 } })
    ).json<QrcodeRecord>();
    expect(qr.hasQrcode).toBe(true);
    for (const c of ['%00', '%1B', '%7F']) {
      const cancel = await ctx.app.inject({ method: 'DELETE', url: `/api/qrcode/${c}`, headers });
      expectRefused(cancel, 'qrcodeId');
      const cancelTail = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/qrcode/${qr.hasQrcode ? qr.qrcodeId : ''}${c}`,
        headers,
      });
      expectRefused(cancelTail, 'qrcodeId');
      const slip = await ctx.app.inject({ method: 'GET', url: `/api/statement/slip/reference/${c}`, headers });
      expectRefused(slip, 'reference');
    }
    const current = (await ctx.app.inject({ method: 'GET', url: '/api/qrcode/KBANK', headers })).json<QrcodeRecord>();
    expect(current).toEqual(qr);
    // A Thai reference is merely unknown.
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/statement/slip/reference/${encodeURIComponent('อ้างอิง')}`,
      headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a signed QR paid webhook with a control character in a reference answers 400 and credits nothing', async () => {
    const { token } = await registerPlayer(ctx.app);
    const headers = bearer(token);
    const qr = (
      await ctx.app.inject({ method: 'POST', url: '/api/qrcode/KBANK', headers, payload: { amount: 50 } })
    ).json<QrcodeRecord>();
    if (!qr.hasQrcode) throw new Error('no QR');
    const { gateway_ref: gatewayRef } = await ctx.db.kysely
      .selectFrom('qrcodes')
      .select('gateway_ref')
      .where('id', '=', qr.qrcodeId)
      .executeTakeFirstOrThrow();
    const paymentsBefore = await ctx.db.kysely.selectFrom('qr_payments').select('payment_ref').execute();
    for (const c of CONTROLS) {
      const rawBody = JSON.stringify({
        event: 'qr.paid',
        gatewayRef: `${gatewayRef}${c}`,
        paymentRef: `T${Date.now()}`,
        amount: 50,
        paidAt: ctx.clock.now(),
      });
      const delivery = signQrWebhook(SECRET, rawBody, ctx.clock.now());
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/qr/KBANK',
        payload: delivery.rawBody,
        headers: delivery.headers as Record<string, string>,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await ctx.db.kysely.selectFrom('qr_payments').select('payment_ref').execute()).toEqual(paymentsBefore);
    const wallet = await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers });
    expect(wallet.json<{ wallet: { amount: number } }>().wallet.amount).toBe(0);
  });
});
