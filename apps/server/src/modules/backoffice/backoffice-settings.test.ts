import type { MoneySettings, SettingsResponse } from '@wallet/contract/backoffice/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { fourEyesThresholdMinor } from '../../db/content-settings.ts';
import { DEMO_OPERATOR } from '../../db/seed/seed.ts';

describe.each(testDialects())('back-office settings (%s)', (dialect) => {
  let ctx: TestContext;
  let owner: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    owner = await ownerLogin(ctx.app);
  });
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = owner) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const settings = async () => (await call('GET', '/api/backoffice/settings')).json<SettingsResponse>();
  const saveMoney = (money: Partial<MoneySettings> & { reason?: string }, base?: MoneySettings) =>
    settings().then((current) =>
      call('PUT', '/api/backoffice/settings/money', { ...(base ?? current.money), ...money }),
    );
  /** The service gate re-reads the state once a second; step past it. */
  const nextSecond = () => ctx.clock.advance(1_100);

  it('answers the settings in force: the seeded money settings and the service on', async () => {
    const res = await settings();
    expect(res.service.state).toBe('active');
    expect(res.money).toMatchObject({
      withdrawMin: 100,
      withdrawMax: 50_000,
      isManual: false,
      slipClosedFrom: '23:50',
      slipClosedTo: '00:10',
      fourEyesThreshold: 50_000,
      qrGateways: { KBANK: { enabled: true, minimum: 0.01 }, WW: { enabled: true, minimum: 100 } },
    });
    expect(res.money.banks.some((bank) => bank.bankType === 'PAYMENT' && bank.bankCode === 'WW')).toBe(true);
  });

  it('the owner switches support chat off and on from settings, with a reason, logged; other roles may not', async () => {
    const lookup = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/lookup/enableChatWidget' })).json().enableChatWidget;
    expect((await settings()).chat).toEqual({ enabled: true, forcedByEnvironment: false });
    const off = await call('POST', '/api/backoffice/settings/chat', { enabled: false, reason: 'no agents tonight' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().chat.enabled).toBe(false);
    expect(await lookup()).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/chat/config' })).statusCode).not.toBe(200);
    const [row] = await auditRows(ctx.app, { action: 'settings.chat' });
    expect(row).toMatchObject({ before: { enabled: true }, after: { enabled: false }, reason: 'no agents tonight' });
    const finance = await staffMember(ctx.app, owner, 'finance');
    const refused = await call('POST', '/api/backoffice/settings/chat', { enabled: true, reason: 'x' }, finance.token);
    expect(refused.statusCode).toBe(403);
    const on = await call('POST', '/api/backoffice/settings/chat', { enabled: true, reason: 'agents back' });
    expect(on.json().chat.enabled).toBe(true);
    expect(await lookup()).toBe(true);
  });

  it('switches the whole service off (players get 410 gone) and on again, with a reason, logging both', async () => {
    const player = await registerPlayer(ctx.app);
    const wallet = () => playerCaller(ctx.app, player.token)('GET', '/api/wallet');
    expect((await wallet()).statusCode).toBe(200);

    const off = await call('POST', '/api/backoffice/settings/service', {
      state: 'terminated',
      reason: 'licence audit',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().service.state).toBe('terminated');
    nextSecond();
    const refused = await wallet();
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe('gone');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lookup/active' })).statusCode).toBe(410);
    // The back office itself stays open, or nobody could switch the service back on.
    expect((await call('GET', '/api/backoffice/settings')).json().service.state).toBe('terminated');

    const on = await call('POST', '/api/backoffice/settings/service', { state: 'active', reason: 'audit done' });
    expect(on.json().service.state).toBe('active');
    nextSecond();
    expect((await wallet()).statusCode).toBe(200);

    const rows = await auditRows(ctx.app, { action: 'settings.service' });
    expect(rows.map((row) => [row.before, row.after, row.reason])).toEqual([
      [{ state: 'terminated' }, { state: 'active' }, 'audit done'],
      [{ state: 'active' }, { state: 'terminated' }, 'licence audit'],
    ]);
    expect(rows[0]).toMatchObject({ operatorId: DEMO_OPERATOR.id, operatorRole: 'owner', targetType: 'setting' });

    // Asking for the state in force changes nothing and logs nothing.
    await call('POST', '/api/backoffice/settings/service', { state: 'active', reason: 'again' });
    expect(await auditRows(ctx.app, { action: 'settings.service' })).toHaveLength(2);
  });

  it('switches once when two owners switch the service off at the same moment', async () => {
    const second = await ownerLogin(ctx.app);
    const before = (await auditRows(ctx.app, { action: 'settings.service' })).length;
    const answers = await Promise.all([
      call('POST', '/api/backoffice/settings/service', { state: 'terminated', reason: 'first' }),
      call('POST', '/api/backoffice/settings/service', { state: 'terminated', reason: 'second' }, second),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const rows = await auditRows(ctx.app, { action: 'settings.service' });
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ before: { state: 'active' }, after: { state: 'terminated' } });
    await call('POST', '/api/backoffice/settings/service', { state: 'active', reason: 'back on' });
    nextSecond();
  });

  it('refuses a service switch without a reason or with an unknown state, changing nothing', async () => {
    for (const body of [
      { state: 'terminated' },
      { state: 'terminated', reason: '   ' },
      { state: 'paused', reason: 'x' },
    ]) {
      const res = await call('POST', '/api/backoffice/settings/service', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await settings()).service.state).toBe('active');
  });

  it('applies new withdraw limits to players at once: below the new minimum is refused', async () => {
    const player = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, player.phone, 1_000);
    const p = playerCaller(ctx.app, player.token);
    const res = await saveMoney({ withdrawMin: 300, withdrawMax: 800, reason: 'new limits' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lookup/withdraw' })).json()).toEqual({
      withdrawMin: 300,
      withdrawMax: 800,
    });
    const low = await p('POST', '/api/wallet/withdraw', { amount: 200 }, { 'idempotency-key': crypto.randomUUID() });
    expect(low.json()).toEqual({ message: 'WITHDRAW_MIN', field: 'amount' });
    const high = await p('POST', '/api/wallet/withdraw', { amount: 900 }, { 'idempotency-key': crypto.randomUUID() });
    expect(high.json()).toEqual({ message: 'WITHDRAW_MAX', field: 'amount' });

    const [row] = await auditRows(ctx.app, { action: 'settings.money' });
    expect(row).toMatchObject({
      targetType: 'setting',
      targetId: 'money',
      before: { withdrawMin: 100, withdrawMax: 50_000 },
      after: { withdrawMin: 300, withdrawMax: 800 },
      reason: 'new limits',
    });
    await saveMoney({ withdrawMin: 100, withdrawMax: 50_000 });
  });

  it('stops offering a QR gateway switched off, and holds QR deposits to an edited minimum', async () => {
    const player = await registerPlayer(ctx.app);
    const p = playerCaller(ctx.app, player.token);
    const current = (await settings()).money;
    const res = await saveMoney({
      qrGateways: {
        ...current.qrGateways,
        WW: { enabled: false, minimum: 100 },
        KBANK: { enabled: true, minimum: 50 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);

    const lookup = (await p('GET', '/api/lookup/deposit')).json<{
      banks: Array<{ bankCode: string; bankType: string }>;
      qrMinimums: Record<string, number>;
    }>();
    const gateways = lookup.banks.filter((bank) => bank.bankType === 'PAYMENT').map((bank) => bank.bankCode);
    expect(gateways).not.toContain('WW');
    expect(gateways).toContain('KBANK');
    // The player's QR form is told the minimum the create call enforces: the operator's, else the default.
    expect(lookup.qrMinimums).toEqual({
      KBANK: 50,
      WW: 100,
      PAYTIMZ: current.qrGateways.PAYTIMZ.minimum,
      PAYONEX: current.qrGateways.PAYONEX.minimum,
      ZPAY: current.qrGateways.ZPAY.minimum,
    });
    const ww = await p('POST', '/api/qrcode/WW', { amount: 500 }, { 'idempotency-key': crypto.randomUUID() });
    expect(ww.json()).toMatchObject({ message: 'NO_BANK' });
    const small = await p('POST', '/api/qrcode/KBANK', { amount: 20 }, { 'idempotency-key': crypto.randomUUID() });
    expect(small.json()).toEqual({ message: 'QR_MINIMUM', field: 'amount' });
    const enough = await p('POST', '/api/qrcode/KBANK', { amount: 50 }, { 'idempotency-key': crypto.randomUUID() });
    expect(enough.json()).toMatchObject({ hasQrcode: true, amount: 50 });
    // The account of a gateway switched off stays on file, so switching it on needs no retyping.
    expect((await settings()).money.banks.some((bank) => bank.bankCode === 'WW' && bank.bankType === 'PAYMENT')).toBe(
      true,
    );
    await saveMoney({ qrGateways: current.qrGateways });
  });

  it('turns manual-deposit mode on and off for players, and moves the slip window and the four-eyes threshold', async () => {
    const player = await registerPlayer(ctx.app);
    const p = playerCaller(ctx.app, player.token);
    const add = () => p('POST', '/api/wallet/add', { amount: 100 }, { 'idempotency-key': crypto.randomUUID() });
    expect((await add()).json().message).toBe('MANUAL_DEPOSIT_OFF');
    // The test clock reads 10:00 in Bangkok.
    await saveMoney({ isManual: true, slipClosedFrom: '09:30', slipClosedTo: '10:30', fourEyesThreshold: 20_000 });
    expect((await p('GET', '/api/lookup/deposit')).json().isManual).toBe(true);
    expect((await add()).json().message).toBe('DEPOSIT_PENDING');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lookup/slip' })).json()).toEqual({ isOpen: false });
    expect(await fourEyesThresholdMinor(ctx.db.kysely)).toBe(20_000_00);

    await saveMoney({ isManual: false, slipClosedFrom: '23:50', slipClosedTo: '00:10', fourEyesThreshold: 50_000 });
    expect((await add()).json().message).toBe('MANUAL_DEPOSIT_OFF');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lookup/slip' })).json()).toEqual({ isOpen: true });
  });

  it('refuses bad money settings with a 4xx naming the field, and changes nothing', async () => {
    const before = await settings();
    const auditBefore = (await auditRows(ctx.app, { action: 'settings.money' })).length;
    const payment = before.money.banks.find((bank) => bank.bankType === 'PAYMENT');
    const cases: Array<[Partial<MoneySettings>, string | undefined]> = [
      [{ withdrawMin: 900, withdrawMax: 800 }, 'withdrawMax'],
      [{ withdrawMin: 0 }, undefined],
      [{ withdrawMin: 10.001 }, undefined],
      [{ slipClosedFrom: '24:00' }, undefined],
      [{ slipClosedTo: '7:5' }, undefined],
      [{ fourEyesThreshold: -5 }, undefined],
      [{ banks: [...before.money.banks, { ...(payment as MoneySettings['banks'][number]) }] }, 'banks.'],
      [{ banks: [{ ...(payment as MoneySettings['banks'][number]), bankCode: 'NOPE' }] }, 'banks.0.bankCode'],
      [{ banks: [{ ...(payment as MoneySettings['banks'][number]), bankAccountName: '' }] }, undefined],
    ];
    for (const [change, field] of cases) {
      const res = await saveMoney(change, before.money);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      if (field) expect(res.json().field, JSON.stringify(change)).toContain(field);
    }
    expect(await settings()).toEqual(before);
    expect(await auditRows(ctx.app, { action: 'settings.money' })).toHaveLength(auditBefore);
  });

  it('lets marketing and the auditor read nothing they may not: 403 on settings changes', async () => {
    const marketing = await staffMember(ctx.app, owner, 'marketing');
    const auditor = await staffMember(ctx.app, owner, 'auditor');
    expect((await call('GET', '/api/backoffice/settings', undefined, marketing.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/backoffice/settings', undefined, auditor.token)).statusCode).toBe(200);
    const off = await call(
      'POST',
      '/api/backoffice/settings/service',
      { state: 'terminated', reason: 'x' },
      auditor.token,
    );
    expect(off.statusCode).toBe(403);
    expect((await settings()).service.state).toBe('active');
  });
});
