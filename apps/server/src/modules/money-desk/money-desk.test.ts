import type { MoneyQueueCounts, MoneyQueuePage } from '@wallet/contract/backoffice/money-desk';
import { CLAIM_IDLE_MS } from '@wallet/contract/backoffice/money-desk';
import {
  MONEY_QUEUES_EVENT,
  SOCKET_PATH,
  WALLET_CHANGED_EVENT,
  type WalletChangedEvent,
} from '@wallet/contract/realtime';
import type { WalletResponse } from '@wallet/contract/wallet';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import { csvRows } from '../../../test/csv.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { CONTENT_KEYS } from '../../db/content-settings.ts';
import { putSetting } from '../../db/settings.repo.ts';
import { checkLedger } from '../../ledger/check.ts';
import { OPERATOR_AUTO_ACCOUNT } from '../deposit/bank-feed.fixtures.ts';

type Caller = ReturnType<typeof operatorCaller>;
const sockets: Socket[] = [];

describe.each(testDialects())('money desk (%s)', (dialect) => {
  let ctx: TestContext;
  let owner: Caller;
  let financeA: Caller;
  let financeB: Caller;
  let financeAName: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { SANDBOX_PAYOUT_DELAY_MS: '0' });
    const ownerToken = await ownerLogin(ctx.app);
    owner = operatorCaller(ctx.app, ownerToken);
    const a = await staffMember(ctx.app, ownerToken, 'finance');
    const b = await staffMember(ctx.app, ownerToken, 'finance');
    financeA = operatorCaller(ctx.app, a.token);
    financeB = operatorCaller(ctx.app, b.token);
    financeAName = a.username;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => ctx.close());

  async function player(funds = 0) {
    const registered = await registerPlayer(ctx.app);
    if (funds > 0) await fundWallet(ctx.app, registered.phone, funds);
    const user = await ctx.db.kysely
      .selectFrom('users')
      .select(['id', 'bank_account_no'])
      .where('username', '=', registered.phone)
      .executeTakeFirstOrThrow();
    const call = playerCaller(ctx.app, registered.token);
    return {
      ...registered,
      id: user.id,
      accountNo: user.bank_account_no,
      call,
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
    };
  }

  /** A transfer to the operator's account from an account no player has: it waits in the queue. */
  async function unmatchedTransfer(amount: number): Promise<string> {
    const from = `9${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-9)}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfer',
      payload: { to: OPERATOR_AUTO_ACCOUNT.accountNo, from, fromBank: 'SCB', amount },
    });
    expect(res.json()).toMatchObject({ status: 'UNMATCHED' });
    const row = await ctx.db.kysely
      .selectFrom('bank_transfers')
      .select('id')
      .where('reference', '=', res.json<{ reference: string }>().reference)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function withdrawalOf(p: Awaited<ReturnType<typeof player>>, amount: number): Promise<string> {
    const res = await p.call('POST', '/api/wallet/withdraw', { amount });
    expect(res.json()).toMatchObject({ message: 'WITHDRAW_PENDING' });
    const row = await ctx.db.kysely
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', p.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const withdrawal = (id: string) =>
    ctx.db.kysely.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function settledSoon(id: string) {
    for (let i = 0; i < 100 && (await withdrawal(id)).status === 'PENDING'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return withdrawal(id);
  }

  async function expectLedgerHealthy() {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }

  it('queues an unmatched transfer with its age, finds it, and credits it to a player found by phone, name or account', async () => {
    const p = await player();
    const id = await unmatchedTransfer(321.5);
    ctx.clock.advance(90_000);
    const page = (await owner('GET', '/api/backoffice/money/transfers?limit=100&order=desc')).json<MoneyQueuePage>();
    const item = page.items.find((entry) => entry.id === id);
    expect(item).toMatchObject({ queue: 'transfers', amount: 321.5, reason: 'NO_PLAYER', player: null, claim: null });
    expect(item?.ageSeconds).toBeGreaterThanOrEqual(90);
    expect(page.total).toBeGreaterThanOrEqual(1);
    const byReference = await owner('GET', `/api/backoffice/money/transfers?q=${item?.reference?.toLowerCase()}`);
    expect(byReference.json<MoneyQueuePage>().items.map((entry) => entry.id)).toEqual([id]);

    for (const q of [p.phone, p.accountNo.slice(-6)]) {
      const found = await owner('GET', `/api/backoffice/money/players?q=${encodeURIComponent(q)}`);
      expect(found.json<{ items: { id: string }[] }>().items.map((entry) => entry.id)).toContain(p.id);
    }
    expect((await owner('GET', '/api/backoffice/money/players?q=x')).statusCode).toBe(400);

    const credited = await financeA('POST', `/api/backoffice/money/transfers/${id}/credit`, {
      userId: p.id,
      reason: 'sender phoned support',
    });
    expect(credited.json()).toEqual({ id, outcome: 'CREDITED' });
    expect(await p.wallet()).toBe(321.5);
    const again = await financeB('POST', `/api/backoffice/money/transfers/${id}/credit`, { userId: p.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'ALREADY_DECIDED' });
    expect(await p.wallet()).toBe(321.5);

    const [row] = await auditRows(ctx.app, { action: 'transfer.credit', targetId: id });
    expect(row).toMatchObject({
      operatorUsername: financeAName,
      operatorRole: 'finance',
      targetType: 'transfer',
      before: expect.objectContaining({ amount: 321.5, reason: 'NO_PLAYER' }),
      after: { outcome: 'CREDITED' },
      reason: 'sender phoned support',
      requestId: expect.any(String),
      ip: expect.any(String),
    });
    await expectLedgerHealthy();
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const id = await unmatchedTransfer(10);
    const cases: Array<[string, object, number]> = [
      [`/api/backoffice/money/transfers/${id}/credit`, {}, 400],
      [`/api/backoffice/money/transfers/${id}/credit`, { userId: 'NO-SUCH-PLAYER' }, 400],
      [`/api/backoffice/money/transfers/${id}/return`, {}, 400],
      [`/api/backoffice/money/transfers/${id}/return`, { reason: '   ' }, 400],
      [`/api/backoffice/money/transfers/${id}/return`, { reason: 'x'.repeat(501) }, 400],
      ['/api/backoffice/money/transfers/NO-SUCH/return', { reason: 'gone' }, 404],
      ['/api/backoffice/money/slips/NO-SUCH/reject', { note: 'NOT_A_CODE' }, 400],
      ['/api/backoffice/money/withdrawals/NO-SUCH/approve', {}, 404],
      ['/api/backoffice/money/manual-deposits/NO-SUCH/reject', { reason: 'no' }, 404],
    ];
    for (const [url, payload, status] of cases) {
      const res = await owner('POST', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
    }
    expect(
      await ctx.db.kysely.selectFrom('bank_transfers').select('status').where('id', '=', id).executeTakeFirst(),
    ).toEqual({ status: 'UNMATCHED' });
    expect(await auditRows(ctx.app, { targetId: id })).toEqual([]);
  });

  it('marks an unmatched transfer returned to its sender, with the reason, once', async () => {
    const id = await unmatchedTransfer(55);
    const res = await financeA('POST', `/api/backoffice/money/transfers/${id}/return`, { reason: 'wrong account' });
    expect(res.json()).toEqual({ id, outcome: 'RETURNED' });
    expect(
      await ctx.db.kysely
        .selectFrom('bank_transfers')
        .select(['status', 'decision_reason', 'resolved_by'])
        .where('id', '=', id)
        .executeTakeFirst(),
    ).toEqual({ status: 'RETURNED', decision_reason: 'wrong account', resolved_by: financeAName });
    expect((await financeB('POST', `/api/backoffice/money/transfers/${id}/return`, { reason: 'x' })).json()).toEqual({
      message: 'ALREADY_DECIDED',
    });
    const [row] = await auditRows(ctx.app, { action: 'transfer.return', targetId: id });
    expect(row).toMatchObject({ reason: 'wrong account', after: { outcome: 'RETURNED' } });
    await expectLedgerHealthy();
  });

  it('exports each queue as CSV: the filter and sort of the screen, every row, formula cells neutralised', async () => {
    const ids = [await unmatchedTransfer(41.25), await unmatchedTransfer(97.5), await unmatchedTransfer(63)];
    const query = 'sort=amount&order=desc';
    const res = await financeA('GET', `/api/backoffice/money/transfers.csv?${query}&page=2&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transfers.csv"');
    const page = (await financeA('GET', `/api/backoffice/money/transfers?${query}&limit=100`)).json<MoneyQueuePage>();
    const rows = csvRows(res.body);
    expect(rows.map((row) => row.id)).toEqual(page.items.map((item) => item.id));
    expect(rows.map((row) => Number(row.amount))).toEqual(page.items.map((item) => item.amount));
    expect(rows.filter((row) => ids.includes(row.id ?? '')).map((row) => row.amount)).toEqual(['97.5', '63', '41.25']);

    const reference = page.items.find((item) => item.id === ids[1])?.reference as string;
    const found = csvRows((await financeA('GET', `/api/backoffice/money/transfers.csv?q=${reference}`)).body);
    expect(found.map((row) => [row.id, row.queue, row.reason, row.playerId])).toEqual([
      [ids[1], 'transfers', 'NO_PLAYER', ''],
    ]);

    await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 200_00 });
    try {
      const p = await player(1_000);
      await ctx.db.kysely.updateTable('users').set({ name: '@SUM(A1)' }).where('id', '=', p.id).execute();
      const id = await withdrawalOf(p, 300);
      const held = csvRows((await owner('GET', `/api/backoffice/money/withdrawals.csv?q=${p.phone}`)).body);
      expect(held).toEqual([
        expect.objectContaining({
          id,
          playerId: p.id,
          playerName: "'@SUM(A1)",
          amount: '300',
          needsTwoApprovals: 'true',
        }),
      ]);
      expect(
        (await owner('POST', `/api/backoffice/money/withdrawals/${id}/reject`, { reason: 'test over' })).statusCode,
      ).toBe(200);
    } finally {
      await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 50_000_00 });
    }
  });

  it('lets one operator claim an item at a time, shows who holds it, and frees it on release or after 15 idle minutes', async () => {
    const p = await player();
    const id = await unmatchedTransfer(20);
    const claimed = await financeA('POST', `/api/backoffice/money/transfers/${id}/claim`);
    expect(claimed.json()).toMatchObject({ claim: { operatorUsername: financeAName, mine: true } });
    const seen = (await financeB('GET', '/api/backoffice/money/transfers?limit=100')).json<MoneyQueuePage>();
    expect(seen.items.find((item) => item.id === id)?.claim).toMatchObject({
      operatorUsername: financeAName,
      mine: false,
    });
    const taken = await financeB('POST', `/api/backoffice/money/transfers/${id}/claim`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'CLAIMED_BY_OTHER' });
    const decided = await financeB('POST', `/api/backoffice/money/transfers/${id}/credit`, { userId: p.id });
    expect(decided.json()).toEqual({ message: 'CLAIMED_BY_OTHER' });
    expect(await p.wallet()).toBe(0);
    // Someone else's claim is not theirs to release.
    expect((await financeB('POST', `/api/backoffice/money/transfers/${id}/release`)).statusCode).toBe(409);

    const [claimRow] = await auditRows(ctx.app, { action: 'money.claim', targetId: id });
    expect(claimRow).toMatchObject({ operatorUsername: financeAName, targetType: 'transfer' });

    // Idle past the claim's life: anyone may take it.
    ctx.clock.advance(CLAIM_IDLE_MS + 1);
    expect((await financeB('POST', `/api/backoffice/money/transfers/${id}/claim`)).statusCode).toBe(200);
    expect((await financeB('POST', `/api/backoffice/money/transfers/${id}/release`)).json()).toEqual({ claim: null });
    const [releaseRow] = await auditRows(ctx.app, { action: 'money.release', targetId: id });
    expect(releaseRow).toMatchObject({ targetType: 'transfer' });
    expect((await financeA('POST', `/api/backoffice/money/transfers/${id}/claim`)).statusCode).toBe(200);
    // The holder decides; the claim goes with the decision.
    expect((await financeA('POST', `/api/backoffice/money/transfers/${id}/credit`, { userId: p.id })).statusCode).toBe(
      200,
    );
    expect(await ctx.db.kysely.selectFrom('operator_claims').selectAll().where('item_id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('pays once when two operators decide the same transfer or notice at the same moment', async () => {
    const a = await player();
    const b = await player();
    const id = await unmatchedTransfer(77);
    const answers = await Promise.all([
      financeA('POST', `/api/backoffice/money/transfers/${id}/credit`, { userId: a.id }),
      financeB('POST', `/api/backoffice/money/transfers/${id}/credit`, { userId: b.id }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json()).toEqual({ message: 'ALREADY_DECIDED' });
    expect((await a.wallet()) + (await b.wallet())).toBe(77);
    expect(await auditRows(ctx.app, { action: 'transfer.credit', targetId: id })).toHaveLength(1);

    await ctx.db.kysely
      .updateTable('settings')
      .set({
        value: JSON.stringify({ ...JSON.parse((await settingValue(CONTENT_KEYS.deposit)) ?? '{}'), isManual: true }),
      })
      .where('key', '=', CONTENT_KEYS.deposit)
      .execute();
    expect((await a.call('POST', '/api/wallet/add', { amount: 40 })).json()).toMatchObject({
      message: 'DEPOSIT_PENDING',
    });
    const notice = await ctx.db.kysely
      .selectFrom('manual_deposits')
      .select('id')
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    const queued = (await financeA('GET', '/api/backoffice/money/manual-deposits?limit=100')).json<MoneyQueuePage>();
    expect(queued.items.find((item) => item.id === notice.id)).toMatchObject({
      amount: 40,
      player: { id: a.id, username: a.phone },
    });
    const walletBefore = await a.wallet();
    const confirms = await Promise.all([
      financeA('POST', `/api/backoffice/money/manual-deposits/${notice.id}/confirm`, {}),
      financeB('POST', `/api/backoffice/money/manual-deposits/${notice.id}/reject`, { reason: 'not seen' }),
      owner('POST', `/api/backoffice/money/manual-deposits/${notice.id}/confirm`, {}),
    ]);
    expect(
      confirms.filter((res) => res.statusCode === 200),
      confirms.map((res) => res.body).join(' | '),
    ).toHaveLength(1);
    expect(
      confirms.filter((res) => res.statusCode === 409),
      confirms.map((res) => res.body).join(' | '),
    ).toHaveLength(2);
    expect(confirms.filter((res) => res.statusCode === 409)).toHaveLength(2);
    const decided = await ctx.db.kysely
      .selectFrom('manual_deposits')
      .select('status')
      .where('id', '=', notice.id)
      .executeTakeFirstOrThrow();
    expect(['CONFIRMED', 'REJECTED']).toContain(decided.status);
    expect(await a.wallet()).toBe(walletBefore + (decided.status === 'CONFIRMED' ? 40 : 0));
    const actions = [
      ...(await auditRows(ctx.app, { action: 'manual_deposit.confirm', targetId: notice.id })),
      ...(await auditRows(ctx.app, { action: 'manual_deposit.reject', targetId: notice.id })),
    ];
    expect(actions).toHaveLength(1);
    await expectLedgerHealthy();
  });

  async function settingValue(key: string): Promise<string | undefined> {
    const row = await ctx.db.kysely.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value as string | undefined;
  }

  it('needs two different operators above the four-eyes threshold; the first cannot be the second', async () => {
    await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 200_00 });
    try {
      const p = await player(1_000);
      const id = await withdrawalOf(p, 300);
      expect(await withdrawal(id)).toMatchObject({ status: 'PENDING', review: 'AWAITING' });
      const listed = (await financeA('GET', '/api/backoffice/money/withdrawals?limit=100')).json<MoneyQueuePage>();
      expect(listed.items.find((item) => item.id === id)).toMatchObject({
        stage: 'awaiting-approval',
        needsTwoApprovals: true,
        player: { id: p.id },
      });

      expect((await financeA('POST', `/api/backoffice/money/withdrawals/${id}/approve`, {})).json()).toEqual({
        id,
        outcome: 'FIRST_APPROVAL',
      });
      const second = (await financeB('GET', '/api/backoffice/money/withdrawals?limit=100')).json<MoneyQueuePage>();
      expect(second.items.find((item) => item.id === id)).toMatchObject({
        stage: 'awaiting-second-approval',
        firstApprovedBy: financeAName,
      });
      expect((await financeA('GET', '/api/backoffice/money/counts')).json<MoneyQueueCounts>()).toMatchObject({
        awaitingSecondApproval: 1,
      });
      const same = await financeA('POST', `/api/backoffice/money/withdrawals/${id}/approve`, {});
      expect(same.statusCode).toBe(409);
      expect(same.json()).toEqual({ message: 'SECOND_APPROVER_REQUIRED' });
      expect((await withdrawal(id)).review).toBe('AWAITING');

      // Two second approvers at once: one sends it, once.
      const answers = await Promise.all([
        financeB('POST', `/api/backoffice/money/withdrawals/${id}/approve`, {}),
        owner('POST', `/api/backoffice/money/withdrawals/${id}/approve`, {}),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((res) => res.statusCode === 200)?.json()).toEqual({ id, outcome: 'APPROVED' });
      expect(await settledSoon(id)).toMatchObject({ status: 'PAID', review: 'APPROVED' });
      expect(await p.wallet()).toBe(700);
      expect(await auditRows(ctx.app, { action: 'withdrawal.first_approval', targetId: id })).toHaveLength(1);
      expect(await auditRows(ctx.app, { action: 'withdrawal.approve', targetId: id })).toHaveLength(1);

      // Below the threshold nothing waits.
      const small = await withdrawalOf(p, 150);
      expect(await settledSoon(small)).toMatchObject({ status: 'PAID', review: null });
      await expectLedgerHealthy();
    } finally {
      await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 50_000_00 });
    }
  });

  it('rejects a held withdrawal with the money back and the reason on the statement; marks held payouts paid or failed', async () => {
    await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 100_00 });
    try {
      const p = await player(1_000);
      const id = await withdrawalOf(p, 400);
      expect((await financeA('POST', `/api/backoffice/money/withdrawals/${id}/reject`, {})).statusCode).toBe(400);
      const rejected = await financeA('POST', `/api/backoffice/money/withdrawals/${id}/reject`, {
        reason: 'Please call support first',
      });
      expect(rejected.json()).toEqual({ id, outcome: 'REJECTED' });
      expect(await p.wallet()).toBe(1_000);
      expect(await withdrawal(id)).toMatchObject({ status: 'FAILED', decision_reason: 'Please call support first' });
      // The player reads the operator's reason on the statement line of that withdrawal.
      const statement = await p.call('POST', '/api/statement', { page: 1, limit: 20 });
      expect(
        statement.json<{ statements: { _id: string }[] }>().statements.find((row) => row._id === id),
      ).toMatchObject({
        statementType: 'withdraw',
        status: 'FAILED',
        reason: 'Please call support first',
      });
      const [row] = await auditRows(ctx.app, { action: 'withdrawal.reject', targetId: id });
      expect(row).toMatchObject({ reason: 'Please call support first', after: { outcome: 'REJECTED' } });
    } finally {
      await putSetting(ctx.db.kysely, CONTENT_KEYS.fourEyes, { thresholdMinor: 50_000_00 });
    }

    // The payout bank holds what it gets: finance learns the outcome from the bank and records it.
    await ctx.app.inject({ method: 'POST', url: '/sandbox/payouts/faults', payload: { mode: 'hold' } });
    try {
      const p = await player(1_000);
      const failing = await withdrawalOf(p, 300);
      const paying = await withdrawalOf(p, 200);
      const listed = (await financeA('GET', '/api/backoffice/money/withdrawals?limit=100')).json<MoneyQueuePage>();
      expect(listed.items.find((item) => item.id === failing)).toMatchObject({ stage: 'at-payout' });
      expect((await financeA('POST', `/api/backoffice/money/withdrawals/${failing}/failed`, {})).statusCode).toBe(400);
      expect(
        (
          await financeA('POST', `/api/backoffice/money/withdrawals/${failing}/failed`, { reason: 'account closed' })
        ).json(),
      ).toEqual({ id: failing, outcome: 'FAILED' });
      expect((await financeB('POST', `/api/backoffice/money/withdrawals/${paying}/paid`, {})).json()).toEqual({
        id: paying,
        outcome: 'PAID',
      });
      expect(
        (await financeB('POST', `/api/backoffice/money/withdrawals/${paying}/failed`, { reason: 'x' })).json(),
      ).toEqual({ message: 'ALREADY_DECIDED' });
      expect(await p.wallet()).toBe(800);
      expect(await auditRows(ctx.app, { action: 'withdrawal.failed', targetId: failing })).toHaveLength(1);
      expect(await auditRows(ctx.app, { action: 'withdrawal.paid', targetId: paying })).toHaveLength(1);
      // The bank's own late report changes nothing.
      expect((await ctx.app.inject({ method: 'POST', url: `/sandbox/payouts/${paying}/failed` })).json()).toMatchObject(
        {
          settled: false,
        },
      );
      expect(await p.wallet()).toBe(800);
      await expectLedgerHealthy();
    } finally {
      await ctx.app.inject({ method: 'POST', url: '/sandbox/payouts/faults', payload: { mode: 'ok' } });
    }
  });

  describe('live queue sizes', () => {
    async function url(): Promise<string> {
      const address = ctx.app.server.address();
      if (address && typeof address !== 'string') return `http://127.0.0.1:${address.port}`;
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      return url();
    }
    function connect(base: string, auth: object): Socket {
      const socket = io(base, { path: SOCKET_PATH, auth, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      return socket;
    }
    const outcome = (socket: Socket) =>
      new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(error.message));
      });

    it('pushes the counts to signed-in operators, never to players, and refuses tokens of the wrong kind', async () => {
      const base = await url();
      const ownerToken = await ownerLogin(ctx.app);
      const p = await player();
      const operatorSocket = connect(base, { token: ownerToken, audience: 'operator' });
      expect(await outcome(operatorSocket)).toBe('connected');
      const playerSocket = connect(base, { token: p.token });
      expect(await outcome(playerSocket)).toBe('connected');
      const playerHeard: unknown[] = [];
      playerSocket.on(MONEY_QUEUES_EVENT, (counts) => playerHeard.push(counts));

      // A player's token is no operator's, and an operator's is no player's.
      expect(await outcome(connect(base, { token: p.token, audience: 'operator' }))).toBe('invalid-token');
      expect(await outcome(connect(base, { token: ownerToken }))).toBe('invalid-token');

      const before = (await owner('GET', '/api/backoffice/money/counts')).json<MoneyQueueCounts>();
      const heard = new Promise<MoneyQueueCounts>((resolve) => {
        operatorSocket.on(MONEY_QUEUES_EVENT, (counts: MoneyQueueCounts) => {
          if (counts.transfers === before.transfers + 1) resolve(counts);
        });
      });
      await unmatchedTransfer(12);
      expect((await heard).transfers).toBe(before.transfers + 1);

      // The credited player's open app hears of the money at once.
      const id = await unmatchedTransfer(13);
      const walletEvent = new Promise<WalletChangedEvent>((resolve) =>
        playerSocket.once(WALLET_CHANGED_EVENT, resolve),
      );
      await owner('POST', `/api/backoffice/money/transfers/${id}/credit`, { userId: p.id });
      expect((await walletEvent).wallet.amount).toBe(13);
      expect(playerHeard).toEqual([]);
    });

    it('lets support read slips but not the other queues; marketing reads none of them', async () => {
      const ownerToken = await ownerLogin(ctx.app);
      const support = operatorCaller(ctx.app, (await staffMember(ctx.app, ownerToken, 'support')).token);
      expect((await support('GET', '/api/backoffice/money/slips')).statusCode).toBe(200);
      expect((await support('GET', '/api/backoffice/money/transfers')).statusCode).toBe(403);
      expect((await support('GET', '/api/backoffice/money/slips.csv')).statusCode).toBe(200);
      for (const queue of ['transfers', 'manual-deposits', 'withdrawals']) {
        const res = await support('GET', `/api/backoffice/money/${queue}.csv`);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('NO_PERMISSION');
      }
      const marketing = operatorCaller(ctx.app, (await staffMember(ctx.app, ownerToken, 'marketing')).token);
      expect((await marketing('GET', '/api/backoffice/money/slips')).statusCode).toBe(403);
      expect((await marketing('GET', '/api/backoffice/money/slips.csv')).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/backoffice/money/counts', headers: bearer('x') })).statusCode,
      ).toBe(401);
    });
  });
});
