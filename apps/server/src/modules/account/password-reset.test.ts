import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  login,
  newClientAddress,
  newPhone,
  registerPlayer,
  registration,
  type TestContext,
  testDialects,
  verifyPhone,
} from '../../../test/helpers.ts';

const NEW_PASSWORD = 'Fresh-Start-2026';

/** Separators as a player pastes them from a contact card: "081-555-0101". */
const dashed = (phone: string) => `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;

function sendReset(app: FastifyInstance, phoneNumber: string, remoteAddress = newClientAddress()) {
  return app.inject({ method: 'POST', url: '/api/otp/send-reset', payload: { phoneNumber }, remoteAddress });
}

async function lastCode(app: FastifyInstance, phone: string): Promise<string> {
  const outbox = await app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` });
  return outbox.json<{ messages: { code: string }[] }>().messages[0]?.code as string;
}

const verify = (app: FastifyInstance, otpToken: string, otpCode: string) =>
  app.inject({ method: 'POST', url: '/api/otp/verify', payload: { otpToken, otpCode } });

const reset = (app: FastifyInstance, otpToken: string, newPassword: string) =>
  app.inject({ method: 'POST', url: '/api/account/reset-password', payload: { otpToken, newPassword } });

/** A registered player who asked for a reset code and proved it: what the screens do up to the new password. */
async function verifiedReset(app: FastifyInstance, clock: TestContext['clock']) {
  const player = await registerPlayer(app);
  clock.advance(31_000);
  const sent = await sendReset(app, player.phone);
  expect(sent.statusCode).toBe(200);
  const { otpToken } = sent.json<{ otpToken: string }>();
  expect((await verify(app, otpToken, await lastCode(app, player.phone))).statusCode).toBe(200);
  return { ...player, otpToken };
}

describe.each(testDialects())('forgot password on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx.close());

  it('sends a code to a registered phone pasted with dashes, sets the new password and signs every session out', async () => {
    const { phone, token, payload } = await registerPlayer(ctx.app);
    const otherDevice = await login(ctx.app, phone, payload.password as string);
    // Registration's code went to this phone just now: a new one may go 30 s later.
    ctx.clock.advance(31_000);
    const sent = await sendReset(ctx.app, dashed(phone));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ code: 'OK', expireIn: 300 });
    const { otpToken } = sent.json<{ otpToken: string }>();
    expect((await verify(ctx.app, otpToken, await lastCode(ctx.app, phone))).json()).toEqual({
      message: 'OTP_CODE_VALID',
    });

    const done = await reset(ctx.app, otpToken, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'SUCCESS' });
    for (const ended of [token, otherDevice]) {
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(ended) });
      expect(profile.statusCode).toBe(401);
    }
    const oldPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: phone, password: payload.password },
    });
    expect(oldPassword.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(await login(ctx.app, phone, NEW_PASSWORD)).toBeTruthy();
    // The code works once.
    expect((await reset(ctx.app, otpToken, 'Yet-Another-2026')).json()).toEqual({
      message: 'UNVERIFIED_OTP',
      field: 'otpToken',
    });
  });

  it('refuses a weak password without spending the code, and names the rule', async () => {
    const { phone, otpToken } = await verifiedReset(ctx.app, ctx.clock);
    const samePhone = await reset(ctx.app, otpToken, `${phone}`);
    expect(samePhone.statusCode).toBe(400);
    expect(samePhone.json()).toMatchObject({ message: 'WEAK_PASSWORD' });
    const common = await reset(ctx.app, otpToken, 'password');
    expect(common.json()).toMatchObject({ message: 'WEAK_PASSWORD' });
    expect((await reset(ctx.app, otpToken, NEW_PASSWORD)).json()).toEqual({ message: 'SUCCESS' });
  });

  it('refuses a wrong code, an expired code and a code that was never verified', async () => {
    const { phone } = await registerPlayer(ctx.app);
    ctx.clock.advance(31_000);
    const { otpToken } = (await sendReset(ctx.app, phone)).json<{ otpToken: string }>();
    const code = await lastCode(ctx.app, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await verify(ctx.app, otpToken, wrong)).json()).toEqual({ message: 'OTP_CODE_INVALID', field: 'otpCode' });
    expect((await reset(ctx.app, otpToken, NEW_PASSWORD)).json()).toEqual({
      message: 'UNVERIFIED_OTP',
      field: 'otpToken',
    });
    ctx.clock.advance(5 * 60 * 1000 + 1);
    expect((await verify(ctx.app, otpToken, code)).json()).toEqual({ message: 'OTP_EXPIRED', field: 'otpCode' });
    expect((await reset(ctx.app, 'not-a-token', NEW_PASSWORD)).json()).toEqual({
      message: 'UNVERIFIED_OTP',
      field: 'otpToken',
    });
  });

  it('a verified reset code goes stale after 30 minutes', async () => {
    const { otpToken } = await verifiedReset(ctx.app, ctx.clock);
    ctx.clock.advance(30 * 60 * 1000 + 1);
    expect((await reset(ctx.app, otpToken, NEW_PASSWORD)).json()).toEqual({
      message: 'UNVERIFIED_OTP',
      field: 'otpToken',
    });
  });

  it('sends nothing to a phone nobody registered, and refuses a bad one', async () => {
    const phone = newPhone();
    expect((await sendReset(ctx.app, phone)).json()).toEqual({ message: 'NO_USER', field: 'phoneNumber' });
    const outbox = await ctx.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` });
    expect(outbox.json().messages).toEqual([]);
    expect((await sendReset(ctx.app, '0812')).json()).toEqual({
      message: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
      field: 'phoneNumber',
    });
  });

  it('a reset code never counts as the phone proof registration asks for', async () => {
    const { phone } = await verifiedReset(ctx.app, ctx.clock);
    const stored = await ctx.db.kysely
      .selectFrom('otp_requests')
      .select(['purpose', 'verified_at'])
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('reset');
    // Registration's proof of that phone was spent when it registered; the verified reset code is not one.
    const registrationCode = await ctx.app.inject({
      method: 'POST',
      url: '/api/otp/send',
      payload: { phoneNumber: phone },
      remoteAddress: newClientAddress(),
    });
    expect(registrationCode.json()).toEqual({ message: 'EXISTING_USER', field: 'phoneNumber' });
  });

  it('limits reset codes per phone like registration codes: 30 s apart', async () => {
    const { phone } = await registerPlayer(ctx.app);
    ctx.clock.advance(31_000);
    expect((await sendReset(ctx.app, phone)).statusCode).toBe(200);
    const tooSoon = await sendReset(ctx.app, phone);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });
});

describe.each(testDialects())('forgot password SMS budgets on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { OTP_SENDS_PER_IP_PER_HOUR: '2', OTP_SENDS_PER_HOUR: '50' });
  });
  afterAll(async () => ctx.close());

  it('counts reset codes in the per-address SMS budget', async () => {
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await registerPlayer(ctx.app));
    ctx.clock.advance(31_000);
    const address = newClientAddress();
    expect((await sendReset(ctx.app, players[0]?.phone as string, address)).statusCode).toBe(200);
    expect((await sendReset(ctx.app, players[1]?.phone as string, address)).statusCode).toBe(200);
    const third = await sendReset(ctx.app, players[2]?.phone as string, address);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });
});

describe.each(testDialects())('phone numbers as players paste them on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx.close());

  it('logs in with the phone written with dashes, spaces or +66', async () => {
    const { phone, payload } = await registerPlayer(ctx.app);
    for (const written of [dashed(phone), `+66 ${phone.slice(1, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: written, password: payload.password },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('registers a pasted "+66 (0)81-555-0101" under its local form', async () => {
    const phone = newPhone();
    const pasted = `+66 (0)${phone.slice(1, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
    await verifyPhone(ctx.app, phone);
    const payload = registration(pasted);
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/account', payload });
    expect(registered.json()).toEqual({ message: 'SUCCESS' });
    const user = await ctx.db.kysely
      .selectFrom('users')
      .select('username')
      .where('username', '=', phone)
      .executeTakeFirst();
    expect(user?.username).toBe(phone);
    expect(await login(ctx.app, phone, payload.password as string)).toBeTruthy();
  });
});
