import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import { csvRecords, csvRows } from '../../../test/csv.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';

/** The players desk's and staff's CSV exports: what the list shows, filtered the same, safe in a spreadsheet. */
describe.each(testDialects())('back-office CSV exports (%s)', (dialect) => {
  let ctx: TestContext;
  let owner: ReturnType<typeof operatorCaller>;
  const as: Partial<Record<OperatorRole, ReturnType<typeof operatorCaller>>> = {};
  // A player whose name a spreadsheet would run as a formula, and a suspended one.
  let hostile: { id: string; phone: string; token: string; password: string };
  let suspended: { id: string; phone: string };

  const idOf = async (token: string) =>
    (await playerCaller(ctx.app, token)('GET', '/api/account/profile')).json()._id as string;
  const csvOf = async (url: string, caller = owner) => {
    const res = await caller('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return res;
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const ownerToken = await ownerLogin(ctx.app);
    owner = operatorCaller(ctx.app, ownerToken);
    for (const role of ['finance', 'support', 'marketing'] as const) {
      as[role] = operatorCaller(ctx.app, (await staffMember(ctx.app, ownerToken, role)).token);
    }
    const first = await registerPlayer(ctx.app);
    hostile = {
      id: await idOf(first.token),
      phone: first.phone,
      token: first.token,
      password: first.payload.password as string,
    };
    await ctx.db.kysely
      .updateTable('users')
      .set({ name: '=HYPERLINK("http://evil","x")' })
      .where('id', '=', hostile.id)
      .execute();
    const second = await registerPlayer(ctx.app);
    suspended = { id: await idOf(second.token), phone: second.phone };
    const res = await owner('POST', `/api/backoffice/players/${suspended.id}/suspend`, { reason: '+SUM(A1)' });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => ctx?.close());

  it('players.csv: the search, every match in the list order, the name cell neutralised', async () => {
    const res = await csvOf(`/api/backoffice/players.csv?q=${hostile.phone}&page=3&limit=1`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="players.csv"');
    const [header, ...rows] = csvRecords(res.body);
    expect(header).toEqual([
      'id',
      'username',
      'name',
      'status',
      'bankCode',
      'bankAccountNo',
      'currency',
      'wallet',
      'createdAt',
    ]);
    expect(rows).toHaveLength(1);
    expect(csvRows(res.body)[0]).toMatchObject({
      id: hostile.id,
      username: hostile.phone,
      name: `'=HYPERLINK("http://evil","x")`,
      status: 'active',
    });
    // The status filter, and the same order as the page the screen shows.
    const list = (await owner('GET', '/api/backoffice/players?status=suspended&limit=100')).json();
    const file = csvRows((await csvOf('/api/backoffice/players.csv?status=suspended')).body);
    expect(file.map((row) => row.id)).toEqual(list.items.map((item: { id: string }) => item.id));
    expect(file.map((row) => row.id)).toContain(suspended.id);
    expect(file.every((row) => row.status === 'suspended')).toBe(true);
  });

  it("a player's records, history and adjustments: one tab each, that player only", async () => {
    await fundWallet(ctx.app, hostile.phone, 100);
    const deposits = csvRows((await csvOf(`/api/backoffice/players/${hostile.id}/records.csv?kind=deposits`)).body);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ type: 'deposit', amount: '100' });
    const slips = await csvOf(`/api/backoffice/players/${hostile.id}/records.csv?kind=slips`);
    expect(csvRecords(slips.body)).toEqual([
      ['id', 'createdAt', 'type', 'amount', 'currency', 'status', 'from', 'to', 'note'],
    ]);

    const history = csvRows((await csvOf(`/api/backoffice/players/${suspended.id}/audit.csv`)).body);
    expect(history.map((row) => [row.action, row.targetId, row.reason])).toContainEqual([
      'player.suspend',
      suspended.id,
      "'+SUM(A1)",
    ]);
    expect(history.every((row) => row.targetId === suspended.id)).toBe(true);
    expect((await owner('GET', '/api/backoffice/players/NOSUCHPLAYER/records.csv?kind=slips')).statusCode).toBe(404);
  });

  it('bank-changes.csv: the requests of the status asked for', async () => {
    const player = playerCaller(ctx.app, hostile.token);
    const newAccount = `77${String(Date.now()).slice(-8)}`;
    const filed = await player('POST', '/api/account/bank-change-request', {
      bankCode: 'KBANK',
      bankAccountName: 'Somsak Test',
      bankAccountNo: newAccount,
      password: hostile.password,
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const pending = csvRows((await csvOf('/api/backoffice/bank-changes.csv', as.support)).body);
    expect(pending.find((row) => row.userId === hostile.id)).toMatchObject({
      status: 'pending',
      name: `'=HYPERLINK("http://evil","x")`,
      newBankCode: 'KBANK',
      newBankAccountNo: newAccount,
    });
    const refused = csvRows((await csvOf('/api/backoffice/bank-changes.csv?status=refused')).body);
    expect(refused.some((row) => row.userId === hostile.id)).toBe(false);
  });

  it('adjustments.csv: the four-eyes queue and a player page, filtered by status, reasons neutralised', async () => {
    const credit = await ctx.app.inject({
      method: 'POST',
      url: `/api/backoffice/players/${suspended.id}/adjustments`,
      headers: { ...bearer((await staffMember(ctx.app, await ownerLogin(ctx.app), 'finance')).token) },
      payload: { direction: 'credit', amount: 10, reason: '=1+1' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const booked = csvRows((await csvOf('/api/backoffice/adjustments.csv?status=booked', as.finance)).body);
    expect(booked.find((row) => row.id === credit.json().adjustment.id)).toMatchObject({
      userId: suspended.id,
      direction: 'credit',
      amount: '10',
      status: 'booked',
      reason: "'=1+1",
    });
    expect(csvRows((await csvOf('/api/backoffice/adjustments.csv?status=pending')).body)).toEqual([]);
    const ofPlayer = csvRows((await csvOf(`/api/backoffice/players/${suspended.id}/adjustments.csv`)).body);
    expect(ofPlayer.map((row) => row.userId)).toEqual([suspended.id]);
    expect(csvRows((await csvOf(`/api/backoffice/players/${hostile.id}/adjustments.csv`)).body)).toEqual([]);
  });

  it('staff.csv: every operator account, never a password', async () => {
    const res = await csvOf('/api/backoffice/staff.csv');
    const list = (await owner('GET', '/api/backoffice/staff')).json();
    const rows = csvRows(res.body);
    expect(rows.map((row) => row.username)).toEqual(list.items.map((item: { username: string }) => item.username));
    expect(csvRecords(res.body)[0]).toEqual([
      'id',
      'username',
      'role',
      'status',
      'totpEnabled',
      'createdAt',
      'lastLoginAt',
    ]);
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it.each([
    ['marketing', '/api/backoffice/players.csv'],
    ['marketing', '/api/backoffice/bank-changes.csv'],
    ['marketing', '/api/backoffice/players/PLAYER00001/records.csv?kind=statement'],
    ['marketing', '/api/backoffice/players/PLAYER00001/audit.csv'],
    ['support', '/api/backoffice/adjustments.csv'],
    ['finance', '/api/backoffice/staff.csv'],
  ] as const)('as %s, %s is refused like its list', async (role, url) => {
    const res = await (as[role] as ReturnType<typeof operatorCaller>)('GET', url);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('NO_PERMISSION');
    expect(res.body).not.toContain('username');
  });
});
