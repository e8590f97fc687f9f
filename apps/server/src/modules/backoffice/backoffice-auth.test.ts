import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  newOperatorName,
  operatorAddress,
  operatorCaller,
  operatorLogin,
  ownerLogin,
  staffMember,
  totpCodeAt,
} from '../../../test/backoffice-helpers.ts';
import { bearer, createTestContext, registerPlayer, type TestContext, testDialects } from '../../../test/helpers.ts';
import { DEMO_OPERATOR } from '../../db/seed/seed.ts';
import { OPERATOR_LOGIN_LIMITS } from './auth.service.ts';

const MINUTE = 60_000;

describe.each(testDialects())('back-office sign-in (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  // A fresh owner session per use: tests move the clock past the idle limit.
  const owner = () => ownerLogin(ctx.app);
  afterAll(async () => ctx?.close());

  const login = (payload: object, remoteAddress = operatorAddress()) =>
    ctx.app.inject({ method: 'POST', url: '/api/backoffice/login', payload, remoteAddress });

  it('signs the demo owner in and answers who they are', async () => {
    const res = await login({ username: 'ADMIN', password: DEMO_OPERATOR.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.operator).toEqual({ id: DEMO_OPERATOR.id, username: 'admin', role: 'owner' });
    const me = await operatorCaller(ctx.app, body.token)('GET', '/api/backoffice/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'admin',
      role: 'owner',
      totpEnabled: false,
      totpEnrolmentRequired: false,
    });
    expect(me.json().permissions).toContain('staff.manage');
    const [row] = await auditRows(ctx.app, { action: 'operator.login', operatorId: DEMO_OPERATOR.id });
    expect(row).toMatchObject({ operatorUsername: 'admin', operatorRole: 'owner', targetType: 'operator' });
  });

  it('keeps operator and player tokens apart, both ways', async () => {
    const player = await registerPlayer(ctx.app);
    const ownerToken = await owner();
    for (const url of ['/api/backoffice/me', '/api/backoffice/staff', '/api/backoffice/audit']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(player.token) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('invalid-token');
    }
    for (const url of ['/api/account/profile', '/api/wallet']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(ownerToken) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('invalid-token');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/me' })).statusCode).toBe(401);
  });

  it('refuses a wrong password or an unknown username alike, and logs both', async () => {
    const wrong = await login({ username: 'admin', password: 'not-the-password' });
    const unknown = await login({ username: 'nobody-here', password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('WRONG_CREDENTIAL');
    }
    const failed = await auditRows(ctx.app, { action: 'operator.login_failed' });
    expect(failed.find((r) => r.operatorUsername === 'nobody-here')).toMatchObject({
      operatorId: null,
      after: { cause: 'unknown-username' },
    });
    expect(failed.find((r) => r.operatorId === DEMO_OPERATOR.id)).toMatchObject({ after: { cause: 'wrong-password' } });
  });

  it('locks a username against the addresses its guesses came from, never against its operator at a clean address', async () => {
    const member = await staffMember(ctx.app, await owner(), 'support');
    const started = ctx.clock.now();
    const lockSeen = async () => {
      const staff = (await operatorCaller(ctx.app, await owner())('GET', '/api/backoffice/staff')).json();
      return staff.items.find((item: { id: string }) => item.id === member.id)?.loginLock;
    };
    const attackers = Array.from({ length: OPERATOR_LOGIN_LIMITS.perUsername + 3 }, () => operatorAddress());
    for (const address of attackers) {
      expect((await login({ username: member.username, password: 'wrong-password' }, address)).statusCode).toBe(400);
    }
    const locked = await login({ username: member.username, password: member.password }, attackers[0]);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('REQUEST_LIMIT');
    const until = new Date(started + OPERATOR_LOGIN_LIMITS.windowMs).toISOString();
    const rows = await auditRows(ctx.app, { action: 'operator.login_failed', operatorId: member.id });
    expect(rows[0]?.after).toEqual({ cause: 'locked', lockedUntil: until });
    expect(await lockSeen()).toEqual({ failures: attackers.length, addresses: attackers.length, lockedUntil: until });
    // From an address with no recent failure, the right password still signs in.
    expect((await login({ username: member.username, password: member.password })).statusCode).toBe(200);
    expect((await login({ username: member.username, password: member.password }, attackers[2])).statusCode).toBe(429);
    ctx.clock.advance(OPERATOR_LOGIN_LIMITS.windowMs + 1000);
    expect(await lockSeen()).toBeNull();
    expect((await login({ username: member.username, password: member.password }, attackers[0])).statusCode).toBe(200);
  });

  it('locks one address out after failures across many usernames; other addresses still sign in', async () => {
    const address = operatorAddress();
    for (let i = 0; i < OPERATOR_LOGIN_LIMITS.perIp; i++) {
      const res = await login({ username: newOperatorName('guess'), password: 'wrong-password' }, address);
      expect(res.statusCode).toBe(400);
    }
    const locked = await login({ username: 'admin', password: DEMO_OPERATOR.password }, address);
    expect(locked.statusCode).toBe(429);
    expect((await login({ username: 'admin', password: DEMO_OPERATOR.password })).statusCode).toBe(200);
    ctx.clock.advance(OPERATOR_LOGIN_LIMITS.windowMs + 1000);
  });

  it('refuses a disabled operator even with the right password', async () => {
    const member = await staffMember(ctx.app, await owner(), 'marketing');
    await operatorCaller(ctx.app, await owner())('POST', `/api/backoffice/staff/${member.id}/disable`, {});
    const res = await login({ username: member.username, password: member.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('INACTIVE_USER');
  });

  it('ends a session after 30 minutes idle', async () => {
    const token = await ownerLogin(ctx.app);
    const me = () => operatorCaller(ctx.app, token)('GET', '/api/backoffice/me');
    ctx.clock.advance(29 * MINUTE);
    expect((await me()).statusCode).toBe(200);
    ctx.clock.advance(29 * MINUTE);
    expect((await me()).statusCode).toBe(200);
    ctx.clock.advance(30 * MINUTE + 1);
    const idle = await me();
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe('invalid-token');
  });

  it('ends a busy session 12 hours after sign-in', async () => {
    const token = await ownerLogin(ctx.app);
    const me = () => operatorCaller(ctx.app, token)('GET', '/api/backoffice/me');
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      ctx.clock.advance(20 * MINUTE);
      expect((await me()).statusCode, `${minutes + 20} minutes`).toBe(200);
    }
    ctx.clock.advance(20 * MINUTE);
    expect((await me()).statusCode).toBe(401);
  });

  it('signs out: the token stops working and the sign-out is logged', async () => {
    const token = await ownerLogin(ctx.app);
    const call = operatorCaller(ctx.app, token);
    expect((await call('POST', '/api/backoffice/logout')).statusCode).toBe(200);
    expect((await call('GET', '/api/backoffice/me')).statusCode).toBe(401);
    const [row] = await auditRows(ctx.app, { action: 'operator.logout' });
    expect(row).toMatchObject({ operatorId: DEMO_OPERATOR.id, targetId: DEMO_OPERATOR.id });
  });

  it('changes an operator’s own password, ending their other sessions', async () => {
    const member = await staffMember(ctx.app, await owner(), 'auditor');
    const other = await operatorLogin(ctx.app, member.username, member.password);
    const call = operatorCaller(ctx.app, member.token);
    const wrong = await call('POST', '/api/backoffice/me/password', {
      currentPassword: 'not-it-at-all',
      newPassword: 'Quiet-River-58',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'WRONG_PASSWORD', field: 'currentPassword' });
    const weak = await call('POST', '/api/backoffice/me/password', {
      currentPassword: member.password,
      newPassword: 'password123',
    });
    expect(weak.json().message).toBe('WEAK_PASSWORD');
    const ok = await call('POST', '/api/backoffice/me/password', {
      currentPassword: member.password,
      newPassword: 'Quiet-River-58',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/backoffice/me')).statusCode).toBe(200);
    expect((await operatorCaller(ctx.app, other)('GET', '/api/backoffice/me')).statusCode).toBe(401);
    await operatorLogin(ctx.app, member.username, 'Quiet-River-58');
    const [row] = await auditRows(ctx.app, { action: 'operator.password_change', operatorId: member.id });
    expect(row).toMatchObject({ targetType: 'operator', targetId: member.id, operatorRole: 'auditor' });
    expect(JSON.stringify(row)).not.toContain('Quiet-River-58');
  });

  describe('a password an owner made must be replaced first', () => {
    it('flags the demo owner never: the login answer and me say so', async () => {
      const res = await login({ username: 'admin', password: DEMO_OPERATOR.password });
      expect(res.json().mustChangePassword).toBe(false);
      const me = await operatorCaller(ctx.app, res.json().token)('GET', '/api/backoffice/me');
      expect(me.json().mustChangePassword).toBe(false);
    });

    it('refuses every route but me, me/password and logout until a new account chooses its own password', async () => {
      const ownerToken = await owner();
      const member = await staffMember(ctx.app, ownerToken, 'auditor', { keepTemporary: true });
      const res = await login({ username: member.username, password: member.password });
      expect(res.json().mustChangePassword).toBe(true);
      const call = operatorCaller(ctx.app, member.token);
      expect((await call('GET', '/api/backoffice/me')).json()).toMatchObject({ mustChangePassword: true });
      // An auditor may read the audit log and staff, and enrol two-factor: none of it before the change.
      for (const [method, url] of [
        ['GET', '/api/backoffice/audit'],
        ['GET', '/api/backoffice/audit.csv'],
        ['GET', '/api/backoffice/staff'],
        ['POST', '/api/backoffice/me/totp/setup'],
      ] as const) {
        const refused = await call(method, url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json(), url).toMatchObject({ message: 'PASSWORD_CHANGE_REQUIRED' });
      }
      const head = await ctx.app.inject({
        method: 'HEAD',
        url: '/api/backoffice/audit',
        headers: bearer(member.token),
      });
      expect(head.statusCode).toBe(403);

      const changed = await call('POST', '/api/backoffice/me/password', {
        currentPassword: member.password,
        newPassword: 'Quiet-Harbour-73',
      });
      expect(changed.statusCode).toBe(200);
      expect((await call('GET', '/api/backoffice/me')).json()).toMatchObject({ mustChangePassword: false });
      expect((await call('GET', '/api/backoffice/audit')).statusCode).toBe(200);
      const again = await login({ username: member.username, password: 'Quiet-Harbour-73' });
      expect(again.json().mustChangePassword).toBe(false);
      expect((await call('POST', '/api/backoffice/logout')).statusCode).toBe(200);
    });

    it('flags an account again when an owner resets its password; logout still works meanwhile', async () => {
      const ownerToken = await owner();
      const member = await staffMember(ctx.app, ownerToken, 'auditor');
      expect((await operatorCaller(ctx.app, member.token)('GET', '/api/backoffice/audit')).statusCode).toBe(200);
      const reset = await operatorCaller(ctx.app, ownerToken)(
        'POST',
        `/api/backoffice/staff/${member.id}/reset-password`,
        { resetTotp: false },
      );
      const { temporaryPassword } = reset.json();
      const res = await login({ username: member.username, password: temporaryPassword });
      expect(res.json().mustChangePassword).toBe(true);
      const call = operatorCaller(ctx.app, res.json().token);
      expect((await call('GET', '/api/backoffice/audit')).json()).toMatchObject({
        message: 'PASSWORD_CHANGE_REQUIRED',
      });
      expect((await call('POST', '/api/backoffice/logout')).statusCode).toBe(200);
      expect((await call('GET', '/api/backoffice/me')).statusCode).toBe(401);
    });
  });

  describe('two-factor', () => {
    it('enrols from the operator’s own page, then requires the code at sign-in', async () => {
      const member = await staffMember(ctx.app, await owner(), 'finance');
      const call = operatorCaller(ctx.app, member.token);
      const early = await call('POST', '/api/backoffice/me/totp/enable', { otp: '123456' });
      expect(early.json()).toMatchObject({ message: 'TOTP_NOT_SET_UP', field: 'otp' });

      const setup = await call('POST', '/api/backoffice/me/totp/setup');
      expect(setup.statusCode).toBe(200);
      const { secret, uri, qrSvg } = setup.json();
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      expect(uri).toContain(`secret=${secret}`);
      expect(qrSvg).toMatch(/^<svg/);

      const wrongCode = (await totpCodeAt(secret, ctx.clock.now())) === '000000' ? '111111' : '000000';
      const wrong = await call('POST', '/api/backoffice/me/totp/enable', { otp: wrongCode });
      expect(wrong.json()).toMatchObject({ message: 'OTP_CODE_INVALID', field: 'otp' });
      const enabled = await call('POST', '/api/backoffice/me/totp/enable', {
        otp: await totpCodeAt(secret, ctx.clock.now()),
      });
      expect(enabled.statusCode).toBe(200);
      expect((await call('GET', '/api/backoffice/me')).json().totpEnabled).toBe(true);
      expect((await call('POST', '/api/backoffice/me/totp/setup')).statusCode).toBe(409);

      const noCode = await login({ username: member.username, password: member.password });
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json()).toMatchObject({ message: 'TOTP_REQUIRED', field: 'otp' });
      // The code used to enrol is spent; the next step's code signs in, once.
      ctx.clock.advance(30_000);
      const code = await totpCodeAt(secret, ctx.clock.now());
      const ok = await login({ username: member.username, password: member.password, otp: code });
      expect(ok.statusCode).toBe(200);
      const replay = await login({ username: member.username, password: member.password, otp: code });
      expect(replay.json()).toMatchObject({ message: 'OTP_CODE_INVALID', field: 'otp' });

      const setupRow = await auditRows(ctx.app, { action: 'operator.totp_setup', operatorId: member.id });
      expect(setupRow).toHaveLength(1);
      expect(JSON.stringify(setupRow)).not.toContain(secret);
      const [enableRow] = await auditRows(ctx.app, { action: 'operator.totp_enable', operatorId: member.id });
      expect(enableRow).toMatchObject({ before: { totpEnabled: false }, after: { totpEnabled: true } });
      const failed = await auditRows(ctx.app, { action: 'operator.login_failed', operatorId: member.id });
      expect(failed[0]?.after).toEqual({ cause: 'wrong-otp' });
    });

    it('counts wrong codes toward the sign-in lockout', async () => {
      const member = await staffMember(ctx.app, await owner(), 'support');
      const call = operatorCaller(ctx.app, member.token);
      const { secret } = (await call('POST', '/api/backoffice/me/totp/setup')).json();
      await call('POST', '/api/backoffice/me/totp/enable', { otp: await totpCodeAt(secret, ctx.clock.now()) });
      ctx.clock.advance(30_000);
      const good = await totpCodeAt(secret, ctx.clock.now());
      const bad = good === '000000' ? '111111' : '000000';
      const attackers = Array.from({ length: OPERATOR_LOGIN_LIMITS.perUsername + 2 }, () => operatorAddress());
      for (const address of attackers) {
        const res = await login({ username: member.username, password: member.password, otp: bad }, address);
        expect(res.json().message).toBe('OTP_CODE_INVALID');
      }
      const locked = await login({ username: member.username, password: member.password, otp: good }, attackers[1]);
      expect(locked.statusCode).toBe(429);
      // A clean address with the right password and the right code signs in; without the code it is asked for.
      const clean = operatorAddress();
      const asked = await login({ username: member.username, password: member.password }, clean);
      expect(asked.json()).toMatchObject({ message: 'TOTP_REQUIRED', field: 'otp' });
      const wrongAtClean = await login(
        { username: member.username, password: 'wrong-password', otp: good },
        operatorAddress(),
      );
      expect(wrongAtClean.statusCode).toBe(400);
      const signedIn = await login({ username: member.username, password: member.password, otp: good }, clean);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      ctx.clock.advance(OPERATOR_LOGIN_LIMITS.windowMs + 1000);
    });
  });
});
