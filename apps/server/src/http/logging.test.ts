import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCapturedLog, type LoggedApp } from '../../test/captured-log.ts';
import { bearer, login, registerPlayer } from '../../test/helpers.ts';
import { DEMO_OPERATOR } from '../db/seed/seed.ts';
import { loggableUrl } from './logging.ts';

describe('server logs', () => {
  let logged: LoggedApp;
  let app: FastifyInstance;
  let lines: LoggedApp['lines'];
  const text = () => logged.text();

  beforeAll(async () => {
    logged = await appWithCapturedLog('sqlite');
    ({ app, lines } = logged);
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('name the player or operator and the request, and never show a password, token, OTP or bank account', async () => {
    const { phone, token, payload } = await registerPlayer(app);
    const outbox = await app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` });
    const otpCode = outbox.json<{ messages: { code: string }[] }>().messages[0]?.code as string;
    const player = await app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) });
    expect(player.statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/login', payload: { username: phone, password: 'not-my-Secret-77' } });
    const newPassword = 'Fresh-Secret-2026';
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/account/changepwd',
      headers: bearer(token),
      payload: { oldPassword: payload.password, newPassword },
    });
    expect(changed.statusCode).toBe(200);
    const laterToken = await login(app, phone, newPassword);
    const sessionSecret = 'game-session-secret-123456';
    await app.inject({ method: 'GET', url: `/sandbox/games/NOPE/play?session=${sessionSecret}&lang=th` });
    await app.inject({ method: 'GET', url: '/api/slips/image/abc?exp=1&sig=slip-signature-secret' });

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/backoffice/login',
      payload: { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
    });
    const operatorToken = signedIn.json<{ token: string }>().token;
    const me = await app.inject({ method: 'GET', url: '/api/backoffice/me', headers: bearer(operatorToken) });
    const operatorId = DEMO_OPERATOR.id;
    expect(me.statusCode).toBe(200);

    const all = text();
    for (const secret of [
      payload.password as string,
      'not-my-Secret-77',
      newPassword,
      token,
      laterToken,
      operatorToken,
      DEMO_OPERATOR.password,
      otpCode,
      payload.bankAccountNo as string,
      sessionSecret,
      'slip-signature-secret',
    ]) {
      expect(secret.length).toBeGreaterThan(3);
      expect(all).not.toContain(secret);
    }
    expect(
      lines.filter((line) => line.reqId === player.headers['x-request-id'] && line.msg === 'request completed'),
    ).toEqual([expect.objectContaining({ userId: expect.any(String) })]);
    expect(
      lines.filter((line) => line.reqId === me.headers['x-request-id'] && line.msg === 'request completed'),
    ).toEqual([expect.objectContaining({ operatorId })]);
  });

  it('mask the values of secret query parameters and keep the rest', () => {
    expect(loggableUrl('/api/slips/image/9?exp=17&sig=abc')).toBe('/api/slips/image/9?exp=17&sig=%5Bredacted%5D');
    expect(loggableUrl('/api/wallet')).toBe('/api/wallet');
  });
});
