import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  login,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { CONTENT_KEYS } from '../../db/content-settings.ts';
import { putSetting } from '../../db/settings.repo.ts';
import { checkLedger } from '../../ledger/check.ts';

describe.each(testDialects())('back-office players desk (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  const asOwner = async () => operatorCaller(ctx.app, await ownerLogin(ctx.app));
  const playerId = async (token: string) =>
    (await playerCaller(ctx.app, token)('GET', '/api/account/profile')).json()._id as string;
  const outbox = async (phone: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` })).json().messages as {
      text: string;
    }[];

  it('finds a player by phone, name, bank account number or id, paged on the server', async () => {
    const { phone, token, payload } = await registerPlayer(ctx.app, { name: 'Kanokwan Searchable' });
    const id = await playerId(token);
    const support = operatorCaller(ctx.app, (await staffMember(ctx.app, await ownerLogin(ctx.app), 'support')).token);
    for (const q of [phone, phone.slice(2, 8), 'kanokwan search', payload.bankAccountNo as string, id]) {
      const res = await support('GET', `/api/backoffice/players?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().items.map((p: { id: string }) => p.id),
        q,
      ).toContain(id);
    }
    const page = await support('GET', '/api/backoffice/players?limit=1&page=1');
    expect(page.json()).toMatchObject({ page: 1, limit: 1 });
    expect(page.json().items).toHaveLength(1);
    expect(page.json().total).toBeGreaterThanOrEqual(1);
    const none = await support('GET', '/api/backoffice/players?q=nobody-like-this');
    expect(none.json()).toMatchObject({ items: [], total: 0 });
    // A wildcard typed by an operator is a character, not "everything".
    expect((await support('GET', '/api/backoffice/players?q=%25')).json().total).toBe(0);
    expect((await support('GET', '/api/backoffice/players?limit=1000')).statusCode).toBe(400);
  });

  it('pages the statement tab exactly as the player sees the statement, newest first', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    const id = await playerId(token);
    for (let i = 1; i <= 7; i += 1) await fundWallet(ctx.app, phone, i);
    const owner = await asOwner();
    const pageOf = async (page: number) =>
      (await owner('GET', `/api/backoffice/players/${id}/records?kind=statement&limit=3&page=${page}`)).json();
    const pages = [await pageOf(1), await pageOf(2), await pageOf(3), await pageOf(4)];
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect(pages.map((p) => p.items.map((item: { amount: number }) => item.amount))).toEqual([
      [7, 6, 5],
      [4, 3, 2],
      [1],
      [],
    ]);
    const player = await playerCaller(ctx.app, token)('POST', '/api/statement', { page: 2, limit: 3 });
    expect(player.json().statements.map((line: { _id: string }) => line._id)).toEqual(
      pages[1].items.map((item: { id: string }) => item.id),
    );
  });

  it('shows the player page: profile, bank, balances, records, sessions and audit history', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    const id = await playerId(token);
    await fundWallet(ctx.app, phone, 150);
    const owner = await asOwner();
    const res = await owner('GET', `/api/backoffice/players/${id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.player).toMatchObject({ id, username: phone, status: 'active', wallet: 150 });
    expect(detail.bankAccount).toMatchObject({ bankCode: 'SCB' });
    expect(detail.balances).toMatchObject({ wallet: 150, coin: expect.any(Number) });
    expect(detail.sessions.length).toBeGreaterThanOrEqual(1);
    const statement = await owner('GET', `/api/backoffice/players/${id}/records?kind=statement`);
    const [deposit] = statement.json().items;
    expect(deposit).toMatchObject({ type: 'deposit', amount: 150, status: 'SUCCESS', to: 'WALLET', toName: null });
    // The sandbox bank credits from the player's own bank (SCB): operators read its name, not the code.
    expect(deposit.fromName).toBe(
      (await ctx.db.kysely.selectFrom('banks').select('name_th').where('code', '=', deposit.from).executeTakeFirst())
        ?.name_th ?? null,
    );
    expect(deposit.fromName).not.toBeNull();
    const deposits = await owner('GET', `/api/backoffice/players/${id}/records?kind=deposits&limit=5`);
    expect(deposits.json().total).toBe(1);
    for (const kind of ['withdrawals', 'slips']) {
      const r = await owner('GET', `/api/backoffice/players/${id}/records?kind=${kind}`);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ items: [], total: 0 });
    }
    expect((await owner('GET', `/api/backoffice/players/${id}/records?kind=bonus`)).statusCode).toBe(400);
    expect((await owner('GET', '/api/backoffice/players/NOSUCH')).statusCode).toBe(404);
    const audit = await owner('GET', `/api/backoffice/players/${id}/audit`);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().items).toEqual([]);
  });

  it('suspends a player (INACTIVE_USER, every session ended) and reactivates them, logging both', async () => {
    const { phone, token, payload } = await registerPlayer(ctx.app);
    const id = await playerId(token);
    const support = await staffMember(ctx.app, await ownerLogin(ctx.app), 'support');
    const call = operatorCaller(ctx.app, support.token);

    const noReason = await call('POST', `/api/backoffice/players/${id}/suspend`, {});
    expect(noReason.statusCode).toBe(400);
    expect((await playerCaller(ctx.app, token)('GET', '/api/account/profile')).statusCode).toBe(200);

    const res = await call('POST', `/api/backoffice/players/${id}/suspend`, { reason: 'fraud check' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().player.status).toBe('suspended');
    expect((await playerCaller(ctx.app, token)('GET', '/api/account/profile')).statusCode).toBe(401);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: phone, password: payload.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('INACTIVE_USER');
    const [row] = await auditRows(ctx.app, { action: 'player.suspend', targetId: id });
    expect(row).toMatchObject({
      operatorId: support.id,
      operatorRole: 'support',
      targetType: 'player',
      before: { status: 'active' },
      after: { status: 'suspended', sessionsEnded: 1 },
      reason: 'fraud check',
    });
    const again = await call('POST', `/api/backoffice/players/${id}/suspend`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('ALREADY_DECIDED');

    const back = await call('POST', `/api/backoffice/players/${id}/reactivate`, { reason: 'cleared' });
    expect(back.json().player.status).toBe('active');
    await login(ctx.app, phone, payload.password as string);
    expect(await auditRows(ctx.app, { action: 'player.reactivate', targetId: id })).toMatchObject([
      { before: { status: 'suspended' }, after: { status: 'active' }, reason: 'cleared' },
    ]);
    // The player page's history holds both, for support who cannot read the whole audit log.
    const history = await call('GET', `/api/backoffice/players/${id}/audit`);
    expect(history.json().items.map((r: { action: string }) => r.action)).toEqual([
      'player.reactivate',
      'player.suspend',
    ]);
  });

  it('signs a player out everywhere, logged', async () => {
    const { phone, token, payload } = await registerPlayer(ctx.app);
    const second = await login(ctx.app, phone, payload.password as string);
    const id = await playerId(token);
    const owner = await asOwner();
    const res = await owner('POST', `/api/backoffice/players/${id}/sign-out`, { reason: 'lost phone' });
    expect(res.statusCode).toBe(200);
    for (const t of [token, second]) {
      expect((await playerCaller(ctx.app, t)('GET', '/api/account/profile')).statusCode).toBe(401);
    }
    expect(await auditRows(ctx.app, { action: 'player.sign_out', targetId: id })).toMatchObject([
      { after: { sessionsEnded: 2 }, reason: 'lost phone' },
    ]);
    await login(ctx.app, phone, payload.password as string);
  });

  it('resets the password: sent by SMS, never shown to the operator, and the player logs in with it', async () => {
    const { phone, token, payload } = await registerPlayer(ctx.app);
    const id = await playerId(token);
    const owner = await asOwner();
    const res = await owner('POST', `/api/backoffice/players/${id}/reset-password`, { reason: 'forgot it' });
    expect(res.statusCode).toBe(200);
    const [sms] = await outbox(phone);
    const password = /New password: (\S+)/.exec(sms?.text ?? '')?.[1] as string;
    expect(password).toMatch(/^[a-z0-9]{10}$/);
    expect(res.body).not.toContain(password);
    expect((await playerCaller(ctx.app, token)('GET', '/api/account/profile')).statusCode).toBe(401);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: phone, password: payload.password },
    });
    expect(old.json().message).toBe('WRONG_CREDENTIAL');
    await login(ctx.app, phone, password);
    const [row] = await auditRows(ctx.app, { action: 'player.reset_password', targetId: id });
    expect(row).toMatchObject({ reason: 'forgot it', targetType: 'player' });
    expect(JSON.stringify(row)).not.toContain(password);
  });

  it('turns a bank change into a request an operator refuses (reason shown to the player) or approves', async () => {
    const { phone, token, payload } = await registerPlayer(ctx.app);
    const id = await playerId(token);
    const player = playerCaller(ctx.app, token);
    const support = operatorCaller(ctx.app, (await staffMember(ctx.app, await ownerLogin(ctx.app), 'support')).token);
    const newAccount = `77${String(Date.now()).slice(-8)}`;
    const request = { bankCode: 'KBANK', bankAccountName: 'Somsak Test', bankAccountNo: newAccount };

    // SPEC's profile update no longer changes the bank account: it files the request.
    const viaProfile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: bearer(token),
      payload: { name: 'Somsak Renamed', ...request, password: payload.password },
    });
    expect(viaProfile.json()).toEqual({ message: 'BANK_CHANGE_REQUESTED' });
    const profile = (await player('GET', '/api/account/profile')).json();
    expect(profile).toMatchObject({ name: 'Somsak Renamed', bankAccount: { bankAccountNo: payload.bankAccountNo } });
    const pending = (await player('GET', '/api/account/bank-change-request')).json().request;
    expect(pending).toMatchObject({ status: 'pending', bankCode: 'KBANK', bankAccountNo: newAccount, reason: null });

    const twice = await player('POST', '/api/account/bank-change-request', { ...request, password: payload.password });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('BANK_CHANGE_PENDING');

    const queue = (await support('GET', '/api/backoffice/bank-changes')).json();
    const item = queue.items.find((r: { userId: string }) => r.userId === id);
    expect(item).toMatchObject({
      username: phone,
      old: { bankAccountNo: payload.bankAccountNo },
      new: { bankAccountNo: newAccount },
    });

    const noReason = await support('POST', `/api/backoffice/bank-changes/${item.id}/refuse`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const refusedRes = await support('POST', `/api/backoffice/bank-changes/${item.id}/refuse`, {
      reason: 'Name does not match the ID card',
    });
    expect(refusedRes.json().request.status).toBe('refused');
    expect((await player('GET', '/api/account/bank-change-request')).json().request).toMatchObject({
      status: 'refused',
      reason: 'Name does not match the ID card',
    });
    const late = await support('POST', `/api/backoffice/bank-changes/${item.id}/approve`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('ALREADY_DECIDED');
    expect((await player('GET', '/api/account/profile')).json().bankAccount.bankAccountNo).toBe(payload.bankAccountNo);
    expect(await auditRows(ctx.app, { action: 'player.bank_change_refuse', targetId: id })).toMatchObject([
      { reason: 'Name does not match the ID card', after: { bankAccountNo: newAccount } },
    ]);

    const wrongPassword = await player('POST', '/api/account/bank-change-request', {
      ...request,
      password: 'nope-nope',
    });
    expect(wrongPassword.json().message).toBe('WRONG_PASSWORD');
    const filed = await player('POST', '/api/account/bank-change-request', { ...request, password: payload.password });
    expect(filed.statusCode, filed.body).toBe(200);
    const requestId = filed.json().request.id;
    const approved = await support('POST', `/api/backoffice/bank-changes/${requestId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved' });
    expect((await player('GET', '/api/account/profile')).json().bankAccount).toMatchObject({
      bankCode: 'KBANK',
      bankAccountNo: newAccount,
      bankAccountName: 'SOMSAK TEST',
    });
    expect((await player('GET', '/api/account/bank-change-request')).json().request.status).toBe('approved');
    expect(await auditRows(ctx.app, { action: 'player.bank_change_approve', targetId: id })).toMatchObject([
      { before: { bankAccountNo: payload.bankAccountNo }, after: { bankAccountNo: newAccount, requestId } },
    ]);
    expect((await outbox(phone))[0]?.text).toContain('x');
  });

  it('decides a bank change once when two operators click at once', async () => {
    const { token, payload } = await registerPlayer(ctx.app);
    const filed = await playerCaller(ctx.app, token)('POST', '/api/account/bank-change-request', {
      bankCode: 'KBANK',
      bankAccountName: 'Somsak Test',
      bankAccountNo: `33${String(Date.now()).slice(-8)}`,
      password: payload.password,
    });
    const id = filed.json().request.id;
    const owner = await ownerLogin(ctx.app);
    const support = (await staffMember(ctx.app, owner, 'support')).token;
    const results = await Promise.all([
      operatorCaller(ctx.app, owner)('POST', `/api/backoffice/bank-changes/${id}/approve`, {}),
      operatorCaller(ctx.app, support)('POST', `/api/backoffice/bank-changes/${id}/refuse`, { reason: 'too late' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const userId = await playerId(token);
    const decisions = [
      ...(await auditRows(ctx.app, { action: 'player.bank_change_approve', targetId: userId })),
      ...(await auditRows(ctx.app, { action: 'player.bank_change_refuse', targetId: userId })),
    ];
    expect(decisions).toHaveLength(1);
  });

  it('refuses to approve a bank change to an account another player got meanwhile (nothing changed)', async () => {
    const first = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    const player = playerCaller(ctx.app, first.token);
    const filed = await player('POST', '/api/account/bank-change-request', {
      bankCode: 'KBANK',
      bankAccountName: 'Somsak Test',
      bankAccountNo: `66${String(Date.now()).slice(-8)}`,
      password: first.payload.password,
    });
    const target = filed.json().request;
    // The other player takes the account through their own approved request first.
    const otherFiled = await playerCaller(ctx.app, other.token)('POST', '/api/account/bank-change-request', {
      bankCode: 'KBANK',
      bankAccountName: 'Somsak Test',
      bankAccountNo: target.bankAccountNo,
      password: other.payload.password,
    });
    const owner = await asOwner();
    await owner('POST', `/api/backoffice/bank-changes/${otherFiled.json().request.id}/approve`, {});
    const res = await owner('POST', `/api/backoffice/bank-changes/${target.id}/approve`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('EXISTING_BANK');
    expect((await player('GET', '/api/account/bank-change-request')).json().request.status).toBe('pending');
  });
});

describe.each(testDialects())('back-office manual adjustments (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  const playerId = async (token: string) =>
    (await playerCaller(ctx.app, token)('GET', '/api/account/profile')).json()._id as string;
  const walletOf = async (token: string) =>
    (await playerCaller(ctx.app, token)('GET', '/api/wallet')).json().wallet.amount as number;
  const finance = async () => staffMember(ctx.app, await ownerLogin(ctx.app), 'finance');
  const post = (token: string, url: string, payload: object, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  it('credits and debits a wallet through the ledger, as the player statement shows, logged', async () => {
    const { token } = await registerPlayer(ctx.app);
    const id = await playerId(token);
    const member = await finance();
    const credit = await post(member.token, `/api/backoffice/players/${id}/adjustments`, {
      direction: 'credit',
      amount: 120.5,
      reason: 'Compensation for outage',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().adjustment).toMatchObject({ status: 'booked', amount: 120.5, walletAfter: 120.5 });
    expect(await walletOf(token)).toBe(120.5);
    const debit = await post(member.token, `/api/backoffice/players/${id}/adjustments`, {
      direction: 'debit',
      amount: 20.25,
      reason: 'Double credit',
    });
    expect(debit.json().adjustment).toMatchObject({ status: 'booked', walletAfter: 100.25 });
    const statement = (await playerCaller(ctx.app, token)('POST', '/api/statement', { page: 1, limit: 10 })).json();
    expect(statement.statements).toMatchObject([
      { statementType: 'withdraw', from: 'WALLET', to: 'ADJUSTMENT', amount: 20.25, status: 'SUCCESS' },
      { statementType: 'deposit', from: 'ADJUSTMENT', to: 'WALLET', amount: 120.5, status: 'SUCCESS' },
    ]);
    expect(await auditRows(ctx.app, { action: 'player.adjustment_create', targetId: id })).toMatchObject([
      { operatorId: member.id, after: { direction: 'debit', amount: 20.25, status: 'booked', walletAfter: 100.25 } },
      { after: { direction: 'credit', amount: 120.5, status: 'booked' }, reason: 'Compensation for outage' },
    ]);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('never takes a wallet below zero, and refuses bad input, changing nothing', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    const id = await playerId(token);
    await fundWallet(ctx.app, phone, 10);
    const member = await finance();
    const url = `/api/backoffice/players/${id}/adjustments`;
    const tooMuch = await post(member.token, url, { direction: 'debit', amount: 10.01, reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ message: 'MONEY_NOT_ENOUGH', field: 'amount' });
    for (const body of [
      { direction: 'credit', amount: 1.005, reason: 'x' },
      { direction: 'credit', amount: -5, reason: 'x' },
      { direction: 'credit', amount: 0, reason: 'x' },
      { direction: 'credit', amount: 5, reason: '' },
      { direction: 'sideways', amount: 5, reason: 'x' },
      { direction: 'credit', amount: '5', reason: 'x' },
    ]) {
      expect((await post(member.token, url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await post(member.token, '/api/backoffice/players/NOSUCH/adjustments', {
          direction: 'credit',
          amount: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const support = await staffMember(ctx.app, await ownerLogin(ctx.app), 'support');
    expect((await post(support.token, url, { direction: 'credit', amount: 1, reason: 'x' })).statusCode).toBe(403);
    expect(await walletOf(token)).toBe(10);
    expect(await auditRows(ctx.app, { action: 'player.adjustment_create', targetId: id })).toEqual([]);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('is idempotent per Idempotency-Key: a retry moves nothing, another body with the key is a 409', async () => {
    const { token } = await registerPlayer(ctx.app);
    const id = await playerId(token);
    const member = await finance();
    const url = `/api/backoffice/players/${id}/adjustments`;
    const body = { direction: 'credit', amount: 50, reason: 'Goodwill' };
    const key = `adj-${Date.now()}`;
    const [a, b] = await Promise.all([post(member.token, url, body, key), post(member.token, url, body, key)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().adjustment.id).toBe(b.json().adjustment.id);
    const c = await post(member.token, url, body, key);
    expect(c.json().adjustment.id).toBe(a.json().adjustment.id);
    expect(await walletOf(token)).toBe(50);
    const other = await post(member.token, url, { ...body, amount: 60 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('KEY_INVALID');
    expect((await post(member.token, url, body, 'bad key!')).statusCode).toBe(400);
    expect(await auditRows(ctx.app, { action: 'player.adjustment_create', targetId: id })).toHaveLength(1);
  });

  it('needs a second, different operator above the four-eyes threshold; two approvers at once book once', async () => {
    await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 100_00 });
    try {
      const { token } = await registerPlayer(ctx.app);
      const id = await playerId(token);
      const creator = await finance();
      const [second, third] = [await finance(), await finance()];
      const owner = await ownerLogin(ctx.app);
      const atThreshold = await post(creator.token, `/api/backoffice/players/${id}/adjustments`, {
        direction: 'credit',
        amount: 100,
        reason: 'At the threshold',
      });
      expect(atThreshold.json().adjustment.status).toBe('booked');
      const res = await post(creator.token, `/api/backoffice/players/${id}/adjustments`, {
        direction: 'credit',
        amount: 100.01,
        reason: 'Big goodwill',
      });
      const adjustment = res.json().adjustment;
      expect(adjustment).toMatchObject({ status: 'pending', walletAfter: null, createdBy: creator.username });
      expect(await walletOf(token)).toBe(100);
      const queue = (await operatorCaller(ctx.app, owner)('GET', '/api/backoffice/adjustments?status=pending')).json();
      expect(queue.fourEyesThreshold).toBe(100);
      expect(queue.items.map((a: { id: string }) => a.id)).toContain(adjustment.id);

      const own = await post(creator.token, `/api/backoffice/adjustments/${adjustment.id}/approve`, {});
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('OWN_ADJUSTMENT');
      expect(await walletOf(token)).toBe(100);

      const results = await Promise.all([
        post(second.token, `/api/backoffice/adjustments/${adjustment.id}/approve`, {}),
        post(third.token, `/api/backoffice/adjustments/${adjustment.id}/approve`, {}),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json().message).toBe('ALREADY_DECIDED');
      expect(await walletOf(token)).toBe(200.01);
      expect(await auditRows(ctx.app, { action: 'player.adjustment_approve', targetId: id })).toMatchObject([
        { before: { status: 'pending' }, after: { status: 'booked', walletAfter: 200.01 } },
      ]);
      expect(await checkLedger(ctx.db.kysely)).toEqual([]);

      const debit = await post(creator.token, `/api/backoffice/players/${id}/adjustments`, {
        direction: 'debit',
        amount: 150,
        reason: 'Clawback',
      });
      const noReason = await post(second.token, `/api/backoffice/adjustments/${debit.json().adjustment.id}/refuse`, {});
      expect(noReason.statusCode).toBe(400);
      const refused = await post(second.token, `/api/backoffice/adjustments/${debit.json().adjustment.id}/refuse`, {
        reason: 'Not agreed with the player',
      });
      expect(refused.json().adjustment).toMatchObject({
        status: 'refused',
        decisionReason: 'Not agreed with the player',
      });
      const afterRefusal = await post(
        third.token,
        `/api/backoffice/adjustments/${debit.json().adjustment.id}/approve`,
        {},
      );
      expect(afterRefusal.statusCode).toBe(409);
      expect(await walletOf(token)).toBe(200.01);
      expect(await auditRows(ctx.app, { action: 'player.adjustment_refuse', targetId: id })).toMatchObject([
        { reason: 'Not agreed with the player', after: { status: 'refused' } },
      ]);
      const mine = (await operatorCaller(ctx.app, owner)('GET', `/api/backoffice/players/${id}/adjustments`)).json();
      expect(mine.items).toHaveLength(3);
    } finally {
      await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 50_000_00 });
    }
  });

  it('answers MONEY_NOT_ENOUGH when a pending debit no longer fits the wallet, and it stays pending', async () => {
    await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 1_00 });
    try {
      const { phone, token } = await registerPlayer(ctx.app);
      const id = await playerId(token);
      await fundWallet(ctx.app, phone, 5);
      const [creator, second] = [await finance(), await finance()];
      const res = await post(creator.token, `/api/backoffice/players/${id}/adjustments`, {
        direction: 'debit',
        amount: 6,
        reason: 'Clawback',
      });
      const approve = await post(second.token, `/api/backoffice/adjustments/${res.json().adjustment.id}/approve`, {});
      expect(approve.statusCode).toBe(400);
      expect(approve.json().message).toBe('MONEY_NOT_ENOUGH');
      const list = (
        await operatorCaller(ctx.app, second.token)('GET', `/api/backoffice/adjustments?status=pending`)
      ).json();
      expect(list.items.map((a: { id: string }) => a.id)).toContain(res.json().adjustment.id);
      expect(await walletOf(token)).toBe(5);
      expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    } finally {
      await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 50_000_00 });
    }
  });
});
