import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, newPhone, type TestContext, testDialects } from '../../../test/helpers.ts';
import { DEMO_PLAYER } from '../../db/seed/seed.ts';

describe.each(testDialects())('OTP on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx.close());

  const send = (phoneNumber: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber } });
  const verify = (otpToken: string, otpCode: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { otpToken, otpCode } });
  const lastCode = async (phone: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` })).json().messages[0]
      .code as string;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a code by SMS and verifies it once; the code is stored only as a hash', async () => {
    const phone = newPhone();
    const res = await send(phone);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 'OK', expireIn: 300 });
    expect(body.otpRef).toMatch(/^[A-Z]{4}$/);
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await ctx.db.kysely
      .selectFrom('otp_requests')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirst();
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(body.otpToken);

    expect((await verify(body.otpToken, code)).json()).toEqual({ message: 'OTP_CODE_VALID' });
    expect((await verify(body.otpToken, code)).json()).toEqual({ message: 'OTP_VERIFIED' });
    // The wizard skips the OTP step for a phone that is already verified.
    expect((await send(phone)).json()).toMatchObject({ code: 'OTP_VERIFIED', otpToken: '' });
  });

  it('refuses a wrong code and blocks after five guesses, even with the right code', async () => {
    const phone = newPhone();
    const { otpToken } = (await send(phone)).json();
    const code = await lastCode(phone);
    for (let i = 0; i < 4; i++) {
      expect((await verify(otpToken, wrongCode(code))).json()).toEqual({
        message: 'OTP_CODE_INVALID',
        field: 'otpCode',
      });
    }
    const fifth = await verify(otpToken, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ message: 'OTP_BLOCK' });
    expect((await verify(otpToken, code)).json()).toEqual({ message: 'OTP_BLOCK' });
  });

  it('expires a code after 5 minutes', async () => {
    const phone = newPhone();
    const { otpToken } = (await send(phone)).json();
    const code = await lastCode(phone);
    ctx.clock.advance(5 * 60 * 1000 + 1);
    expect((await verify(otpToken, code)).json()).toEqual({ message: 'OTP_EXPIRED', field: 'otpCode' });
  });

  it('limits resends: 30 s apart and at most five an hour', async () => {
    const phone = newPhone();
    expect((await send(phone)).statusCode).toBe(200);
    const tooSoon = await send(phone);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ message: 'REQUEST_LIMIT' });
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(31_000);
      expect((await send(phone)).statusCode).toBe(200);
    }
    ctx.clock.advance(31_000);
    expect((await send(phone)).json()).toEqual({ message: 'OTP_BLOCK' });
    ctx.clock.advance(3600 * 1000);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('refuses an unknown token, a short phone and a registered phone', async () => {
    expect((await verify('nope', '123456')).json()).toEqual({ message: 'OTP_TOKEN_INVALID', field: 'otpToken' });
    expect((await send('12345')).json()).toEqual({ message: 'PHONE_NUMBER_REQUIRE_10_DIGIT', field: 'phoneNumber' });
    expect((await send(DEMO_PLAYER.username)).json()).toEqual({ message: 'EXISTING_USER', field: 'phoneNumber' });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: {} })).json()).toEqual({
      message: 'KEY_MISSING',
      field: 'phoneNumber',
    });
  });

  it('writes the registration and reset SMS in the language the app asks for, Thai by default', async () => {
    const textTo = async (phone: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` })).json().messages[0]
        .text as string;
    const sent = async (lang: string | null) => {
      const phone = newPhone();
      const url = lang ? `/api/otp/send?lang=${lang}` : '/api/otp/send';
      expect((await ctx.app.inject({ method: 'POST', url, payload: { phoneNumber: phone } })).statusCode).toBe(200);
      return { phone, text: await textTo(phone) };
    };
    const lao = await sent('lo');
    expect(lao.text).toContain('ລະຫັດ OTP');
    expect(lao.text).toContain(await lastCode(lao.phone));
    expect((await sent('en')).text).toMatch(/ OTP \d{6} \(ref [A-Z]{4}\), valid 5 min\.$/);
    expect((await sent('th')).text).toContain('รหัส OTP');
    expect((await sent(null)).text).toContain('รหัส OTP');

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/otp/send-reset?lang=lo',
      payload: { phoneNumber: DEMO_PLAYER.username },
    });
    expect(reset.statusCode).toBe(200);
    const resetText = await textTo(DEMO_PLAYER.username);
    expect(resetText).toContain('ລະຫັດຕັ້ງລະຫັດຜ່ານໃໝ່');
    expect(resetText).toMatch(/\b\d{6}\b/);
  });

  it('answers OTP_SEND_FAIL when the SMS gateway fails, and stores nothing', async () => {
    const failing = await createTestContext(dialect);
    try {
      const app = failing.app;
      // A gateway outage is simulated by dropping the outbox table the sandbox provider writes to.
      await failing.db.kysely.schema.dropTable('sandbox_sms').execute();
      const phone = newPhone();
      const res = await app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: phone } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'OTP_SEND_FAIL' });
      const rows = await failing.db.kysely.selectFrom('otp_requests').select('id').where('phone', '=', phone).execute();
      expect(rows).toHaveLength(0);
    } finally {
      await failing.close();
    }
  });
});
