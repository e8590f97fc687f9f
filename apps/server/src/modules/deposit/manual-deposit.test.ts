import type { MoneyQueuePage } from '@wallet/contract/backoffice/money-desk';
import type { StatementListResponse } from '@wallet/contract/statement';
import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ownerLogin } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { CONTENT_KEYS, type DepositContent } from '../../db/content-settings.ts';
import { getSetting, putSetting } from '../../db/settings.repo.ts';
import { checkLedger } from '../../ledger/check.ts';
import { newReference, OPERATOR_AUTO_ACCOUNT } from './bank-feed.fixtures.ts';

describe.each(testDialects())('manual deposits (%s)', (dialect) => {
  let ctx: TestContext;
  let seeded: DepositContent;
  let operatorToken: string;
  beforeAll(async () => {
    // One coin per 50 baht here, to see the rate is the configured one.
    ctx = await createTestContext(dialect, { DEPOSIT_BAHT_PER_COIN: '50' });
    seeded = (await getSetting<DepositContent>(ctx.db.kysely, CONTENT_KEYS.deposit)) as DepositContent;
    operatorToken = await ownerLogin(ctx.app);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await setManual(true);
  });

  const setManual = (isManual: boolean) => putSetting(ctx.db.kysely, CONTENT_KEYS.deposit, { ...seeded, isManual });

  async function player(funds = 0) {
    const registered = await registerPlayer(ctx.app);
    if (funds > 0) await fundWallet(ctx.app, registered.phone, funds);
    const call = playerCaller(ctx.app, registered.token);
    return {
      ...registered,
      add: (amount: unknown, key?: string) =>
        call('POST', '/api/wallet/add', { amount }, key ? { 'idempotency-key': key } : {}),
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
      coin: async () => (await call('GET', '/api/account/profile')).json<{ coin: number }>().coin,
      statements: async () =>
        (await call('POST', '/api/statement', { page: 1, limit: 100 })).json<StatementListResponse>().statements,
    };
  }

  // The operator decides at the back office's money desk; a rejection needs a reason.
  const decide = (id: string, decision: 'confirm' | 'reject', payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/backoffice/money/manual-deposits/${id}/${decision}`,
      headers: bearer(operatorToken),
      payload: payload ?? (decision === 'reject' ? { reason: 'no such transfer at the bank' } : {}),
    });

  async function notices(userId?: string) {
    let query = ctx.db.kysely.selectFrom('manual_deposits').selectAll();
    if (userId) query = query.where('user_id', '=', userId);
    return query.execute();
  }

  async function userId(phone: string) {
    return (
      await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).executeTakeFirstOrThrow()
    ).id;
  }

  async function expectLedgerHealthy() {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }

  it('refuses a notice while the operator has manual deposits off', async () => {
    await setManual(false);
    const p = await player();
    const res = await p.add(100);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'MANUAL_DEPOSIT_OFF' });
    expect(await notices(await userId(p.phone))).toEqual([]);
    expect(await p.statements()).toEqual([]);
  });

  it('refuses amounts that are not above zero or not money', async () => {
    const p = await player();
    for (const amount of [0, -5]) {
      const res = await p.add(amount);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'TRANSFER_MINIMUM', field: 'amount' });
    }
    expect((await p.add(1.005)).json()).toEqual({ message: 'KEY_INVALID', field: 'amount' });
    expect((await p.add('100')).json()).toMatchObject({ message: 'KEY_INVALID', field: 'amount' });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/add',
      headers: bearer(p.token),
      payload: {},
    });
    expect(missing.json()).toEqual({ message: 'KEY_MISSING', field: 'amount' });
    expect(await p.statements()).toEqual([]);
  });

  it('records a notice as a PENDING deposit that moves no money, once per idempotency key', async () => {
    const p = await player(10);
    const first = await p.add(275, 'manual-notice-0001');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'DEPOSIT_PENDING', wallet: { amount: 10 } });
    const replay = await p.add(275, 'manual-notice-0001');
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replay']).toBe('true');

    const rows = await notices(await userId(p.phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'PENDING', amount: 27500, from_bank_code: 'SCB', currency: 'THB' });
    const [line] = await p.statements();
    expect(line).toMatchObject({
      _id: rows[0]?.id,
      statementType: 'deposit',
      from: 'SCB',
      to: 'WALLET',
      status: 'PENDING',
    });
    expect(await p.wallet()).toBe(10);
    await expectLedgerHealthy();
  });

  it('credits a confirmed notice once: the same statement turns SUCCESS and coins are earned', async () => {
    const p = await player();
    await p.add(275);
    const [notice] = await notices(await userId(p.phone));
    const id = notice?.id as string;

    const confirmed = await decide(id, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ id, outcome: 'CONFIRMED' });
    expect(await p.wallet()).toBe(275);
    expect(await p.coin()).toBe(5);
    const lines = await p.statements();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ _id: id, status: 'SUCCESS', amount: 275 });

    for (const again of ['confirm', 'reject'] as const) {
      const res = await decide(id, again);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'ALREADY_DECIDED' });
    }
    expect(await p.wallet()).toBe(275);
    expect(await p.coin()).toBe(5);
    await expectLedgerHealthy();
  });

  it('pays a notice once when confirmations race', async () => {
    const p = await player();
    await p.add(60);
    const [notice] = await notices(await userId(p.phone));
    const answers = await Promise.all(Array.from({ length: 6 }, () => decide(notice?.id as string, 'confirm')));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(5);
    expect(await p.wallet()).toBe(60);
    await expectLedgerHealthy();
  });

  it('rejects a notice: the statement ends FAILED and nothing moves', async () => {
    const p = await player(20);
    await p.add(50);
    const [notice] = await notices(await userId(p.phone));
    const id = notice?.id as string;
    const rejected = await decide(id, 'reject');
    expect(rejected.json()).toEqual({ id, outcome: 'REJECTED' });
    expect((await p.statements())[0]).toMatchObject({ _id: id, status: 'FAILED' });
    expect((await decide(id, 'confirm')).statusCode).toBe(409);
    expect(await p.wallet()).toBe(20);
    expect((await decide('NOSUCHNOTICE', 'reject')).json()).toEqual({ message: 'NO_DATA' });
    expect((await decide('NOSUCHNOTICE', 'confirm')).statusCode).toBe(404);

    expect(await notices(await userId(p.phone))).toMatchObject([{ id, status: 'REJECTED' }]);
    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/backoffice/money/manual-deposits?limit=100',
      headers: bearer(operatorToken),
    });
    expect(queue.json<MoneyQueuePage>().items.map((item) => item.id)).not.toContain(id);
    await expectLedgerHealthy();
  });

  it('refuses to confirm against a bank reference the feed already paid, and leaves the notice pending', async () => {
    const p = await player();
    const reference = newReference();
    const fed = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfer',
      payload: {
        to: OPERATOR_AUTO_ACCOUNT.accountNo,
        from: p.payload.bankAccountNo,
        fromBank: 'SCB',
        amount: 70,
        reference,
      },
    });
    expect(fed.json()).toMatchObject({ status: 'CREDITED' });
    await p.add(70);
    const [notice] = await notices(await userId(p.phone));
    const res = await decide(notice?.id as string, 'confirm', { bankReference: reference });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'KEY_INVALID', field: 'bankReference' });
    expect(await p.wallet()).toBe(70);
    expect((await notices(await userId(p.phone)))[0]).toMatchObject({ status: 'PENDING' });
    expect((await decide(notice?.id as string, 'reject')).statusCode).toBe(200);
    await expectLedgerHealthy();
  });
});
