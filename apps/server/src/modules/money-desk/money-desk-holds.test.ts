import type { MoneyQueuePage, MoneySlipDetail } from '@wallet/contract/backoffice/money-desk';
import type { ProtectionResponse } from '@wallet/contract/protection';
import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, operatorCaller, operatorLogin, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  registeredPlayer,
  type TestContext,
  testDialects,
  uploadSandboxSlip,
} from '../../../test/helpers.ts';
import { checkLedger } from '../../ledger/check.ts';
import { OPERATOR_AUTO_ACCOUNT } from '../deposit/bank-feed.fixtures.ts';

type Caller = ReturnType<typeof operatorCaller>;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Deposits the money desk holds for a reason of their own: a slip whose sender fits several players
 * (AMBIGUOUS_SENDER), and money held by the player's own protection (deposit limit, time-out,
 * exclusion). Who may be paid, with what reason and how many approvals.
 */
describe.each(testDialects())('money desk: held deposits (%s)', (dialect) => {
  let ctx: TestContext;
  let financeA: Caller;
  let financeB: Caller;
  let financeAName: string;
  let financeBName: string;
  let signInAgain: () => Promise<void>;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      RATE_LIMIT_PER_MINUTE: '100000',
      SLIP_UPLOADS_PER_IP_PER_MINUTE: '100000',
      SESSION_TTL_HOURS: '100000',
    });
    const ownerToken = await ownerLogin(ctx.app);
    const a = await staffMember(ctx.app, ownerToken, 'finance');
    const b = await staffMember(ctx.app, ownerToken, 'finance');
    financeA = operatorCaller(ctx.app, a.token);
    financeB = operatorCaller(ctx.app, b.token);
    financeAName = a.username;
    financeBName = b.username;
    // Operator sessions end after 30 idle minutes; the tests move the clock by days.
    signInAgain = async () => {
      financeA = operatorCaller(ctx.app, await operatorLogin(ctx.app, a.username, a.password));
      financeB = operatorCaller(ctx.app, await operatorLogin(ctx.app, b.username, b.password));
    };
  });

  /** Time passes for the players' limits; the operators sign in again. */
  async function dayPasses() {
    ctx.clock.advance(DAY + 1);
    await signInAgain();
  }
  afterAll(() => ctx.close());

  async function player(overrides: Record<string, unknown> = {}) {
    const registered = await registeredPlayer(ctx, overrides);
    const { id, call } = registered;
    return {
      ...registered,
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
      limits: (limits: { day: number | null; week: number | null; month: number | null }) =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/account/protection/limits',
          headers: bearer(registered.token),
          payload: limits,
        }),
      protection: async () => (await call('GET', '/api/account/protection')).json<ProtectionResponse>().protection,
      deposits: async () =>
        ctx.db.kysely
          .selectFrom('statements')
          .select(['amount', 'status'])
          .where('user_id', '=', id)
          .where('statement_type', '=', 'deposit')
          .execute(),
    };
  }
  type Player = Awaited<ReturnType<typeof player>>;

  async function expectLedgerHealthy() {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }

  async function uploadSlipOf(sender: Player, uploader: Player, amount: number): Promise<string> {
    const { res, reference } = await uploadSandboxSlip(ctx, uploader.call, sender.phone, amount);
    expect(res.statusCode, res.body).toBe(200);
    const slip = await ctx.db.kysely
      .selectFrom('slips')
      .select('id')
      .where('user_id', '=', uploader.id)
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    return slip.id;
  }

  const bankDeposit = (p: Player, amount: number) =>
    ctx.app.inject({ method: 'POST', url: '/sandbox/bank/credit', payload: { username: p.phone, amount } });

  async function heldTransferOf(p: Player): Promise<string> {
    const row = await ctx.db.kysely
      .selectFrom('bank_transfers')
      .select('id')
      .where('user_id', '=', p.id)
      .where('status', '=', 'UNMATCHED')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  function expectCode(res: { statusCode: number; json(): unknown }, status: number, body: object) {
    expect([res.statusCode, res.json()]).toEqual([status, body]);
  }

  describe('a slip whose sender fits several players (AMBIGUOUS_SENDER)', () => {
    /** Two players whose KBANK accounts print alike on a slip; A sent the money, B uploads A's slip. */
    async function lookAlikes(digits: string) {
      const a = await player({
        bankCode: 'KBANK',
        bankAccountNo: `70899${digits}9`,
        bankAccountName: 'สมชาย ใจดี',
      });
      const b = await player({
        bankCode: 'KBANK',
        bankAccountNo: `39265${digits}7`,
        bankAccountName: 'มานะ ขยันยิ่ง',
      });
      return { a, b };
    }

    it('shows every player whose account fits the masked sender, and the sender name the bank reports', async () => {
      const { a, b } = await lookAlikes('7013');
      const stranger = await player({ bankCode: 'KBANK', bankAccountNo: '3926571237' });
      const slipId = await uploadSlipOf(a, b, 500);
      const res = await financeA('GET', `/api/backoffice/money/slips/${slipId}`);
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json<MoneySlipDetail>();
      expect(detail.item).toMatchObject({ reason: 'AMBIGUOUS_SENDER', player: { id: b.id } });
      expect(detail.verifier).toMatchObject({ senderAccountNo: 'xxxxx7013x', senderName: 'สมชาย ใ.' });
      const candidates = detail.candidates.map(({ id, username, bankAccountName, nameFits }) => ({
        id,
        username,
        bankAccountName,
        nameFits,
      }));
      expect(candidates.sort((x, y) => x.username.localeCompare(y.username))).toEqual(
        [
          { id: a.id, username: a.phone, bankAccountName: 'สมชาย ใจดี', nameFits: true },
          { id: b.id, username: b.phone, bankAccountName: 'มานะ ขยันยิ่ง', nameFits: false },
        ].sort((x, y) => x.username.localeCompare(y.username)),
      );
      expect(candidates.map((c) => c.id)).not.toContain(stranger.id);
    });

    it('refuses an approval that names nobody, gives no reason, or names a player outside the list', async () => {
      const { a, b } = await lookAlikes('7023');
      const stranger = await player({ bankCode: 'KBANK' });
      const slipId = await uploadSlipOf(a, b, 300);
      const approve = (payload: object) => financeA('POST', `/api/backoffice/money/slips/${slipId}/approve`, payload);

      expectCode(await approve({}), 400, { message: 'KEY_MISSING', field: 'username' });
      expectCode(await approve({ reason: 'sender phoned' }), 400, { message: 'KEY_MISSING', field: 'username' });
      expectCode(await approve({ username: a.phone }), 400, { message: 'KEY_MISSING', field: 'reason' });
      expectCode(await approve({ username: stranger.phone, reason: 'x' }), 400, {
        message: 'KEY_INVALID',
        field: 'username',
      });
      expect([await a.wallet(), await b.wallet(), await stranger.wallet()]).toEqual([0, 0, 0]);
      expect(await auditRows(ctx.app, { targetId: slipId })).toEqual([]);
      const still = await ctx.db.kysely
        .selectFrom('slips')
        .select('status')
        .where('id', '=', slipId)
        .executeTakeFirst();
      expect(still).toEqual({ status: 'processing' });
    });

    it('credits the player the operator names from the list, once, with the reason in the audit log', async () => {
      const { a, b } = await lookAlikes('7033');
      const slipId = await uploadSlipOf(a, b, 420);
      const res = await financeA('POST', `/api/backoffice/money/slips/${slipId}/approve`, {
        username: a.phone,
        reason: 'A phoned from the registered number',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: slipId, outcome: 'CREDITED' });
      expect(await a.wallet()).toBe(420);
      expect(await b.wallet()).toBe(0);
      expect((await a.deposits()).map((d) => [Number(d.amount), d.status])).toEqual([[420_00, 'SUCCESS']]);

      const again = await financeB('POST', `/api/backoffice/money/slips/${slipId}/approve`, {
        username: a.phone,
        reason: 'again',
      });
      expect(again.statusCode).toBe(409);
      expect(await a.wallet()).toBe(420);

      const rows = await auditRows(ctx.app, { action: 'slip.approve', targetId: slipId });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        operatorUsername: financeAName,
        targetType: 'slip',
        reason: 'A phoned from the registered number',
        after: { outcome: 'CREDITED', player: a.phone },
      });
      await expectLedgerHealthy();
    });

    it('needs a second operator to credit the uploader when the sender name does not fit the uploader', async () => {
      const { a, b } = await lookAlikes('7043');
      const slipId = await uploadSlipOf(a, b, 250);
      const approve = (caller: Caller, username: string) =>
        caller('POST', `/api/backoffice/money/slips/${slipId}/approve`, { username, reason: 'uploader insists' });

      const first = await approve(financeA, b.phone);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ id: slipId, outcome: 'FIRST_APPROVAL' });
      expect(await b.wallet()).toBe(0);
      const listed = (await financeB('GET', '/api/backoffice/money/slips?limit=100')).json<MoneyQueuePage>();
      expect(listed.items.find((item) => item.id === slipId)).toMatchObject({
        stage: 'awaiting-second-approval',
        firstApprovedBy: financeAName,
        firstApproval: { player: b.phone, reason: 'uploader insists' },
      });

      expectCode(await approve(financeA, b.phone), 409, { message: 'SECOND_APPROVER_REQUIRED' });
      expect([await a.wallet(), await b.wallet()]).toEqual([0, 0]);

      const second = await approve(financeB, b.phone);
      expect(second.json()).toEqual({ id: slipId, outcome: 'CREDITED' });
      expect(await b.wallet()).toBe(250);
      expect(await a.wallet()).toBe(0);
      const firstRows = await auditRows(ctx.app, { action: 'slip.first_approval', targetId: slipId });
      expect(firstRows).toEqual([
        expect.objectContaining({
          operatorUsername: financeAName,
          after: { outcome: 'FIRST_APPROVAL', player: b.phone },
        }),
      ]);
      const [approved] = await auditRows(ctx.app, { action: 'slip.approve', targetId: slipId });
      expect(approved).toMatchObject({
        operatorUsername: financeBName,
        after: { outcome: 'CREDITED', player: b.phone },
      });
      await expectLedgerHealthy();
    });
  });

  describe('deposits held by the player’s own protection', () => {
    it('shows the player and the hold of a transfer over a deposit limit; crediting needs the limit to allow it, a reason and a second operator', async () => {
      const p = await player();
      expect((await p.limits({ day: 500, week: null, month: null })).statusCode).toBe(200);
      expect((await bankDeposit(p, 400)).statusCode).toBe(200);
      expect((await bankDeposit(p, 300)).statusCode).toBe(409);
      const id = await heldTransferOf(p);

      const page = (await financeA('GET', `/api/backoffice/money/transfers?q=${p.phone}`)).json<MoneyQueuePage>();
      expect(page.items.map((item) => [item.id, item.reason, item.player?.id, item.player?.username])).toEqual([
        [id, 'DEPOSIT_LIMIT', p.id, p.phone],
      ]);
      expect(page.items[0]?.needsTwoApprovals).toBe(true);

      const credit = (caller: Caller, payload: object) =>
        caller('POST', `/api/backoffice/money/transfers/${id}/credit`, { userId: p.id, ...payload });
      expectCode(await credit(financeA, {}), 400, { message: 'KEY_MISSING', field: 'reason' });
      // Still over the limit today: nobody may credit it.
      expectCode(await credit(financeA, { reason: 'player asked' }), 400, {
        message: 'DEPOSIT_LIMIT_EXCEEDED',
        field: 'amount',
      });
      expect(await p.wallet()).toBe(400);

      await dayPasses();
      const first = await credit(financeA, { reason: 'limit window passed' });
      expect(first.json()).toEqual({ id, outcome: 'FIRST_APPROVAL' });
      expect(await p.wallet()).toBe(400);
      expectCode(await credit(financeA, { reason: 'again' }), 409, { message: 'SECOND_APPROVER_REQUIRED' });
      const second = await credit(financeB, { reason: 'checked' });
      expect(second.json()).toEqual({ id, outcome: 'CREDITED' });
      expect(await p.wallet()).toBe(700);
      expect(await auditRows(ctx.app, { action: 'transfer.first_approval', targetId: id })).toHaveLength(1);
      expect(await auditRows(ctx.app, { action: 'transfer.credit', targetId: id })).toEqual([
        expect.objectContaining({ operatorUsername: financeBName, reason: 'checked' }),
      ]);
      await expectLedgerHealthy();
    });

    it('refuses to credit a held transfer into a timed-out or excluded account; the desk returns it to the sender', async () => {
      const p = await player();
      expect((await p.call('POST', '/api/account/protection/timeout', { days: 1 })).statusCode).toBe(200);
      expect((await bankDeposit(p, 80)).statusCode).toBe(409);
      const id = await heldTransferOf(p);
      const page = (await financeA('GET', `/api/backoffice/money/transfers?q=${p.phone}`)).json<MoneyQueuePage>();
      expect(page.items.map((item) => [item.reason, item.player?.id])).toEqual([['PLAYER_RESTRICTED', p.id]]);

      expectCode(
        await financeA('POST', `/api/backoffice/money/transfers/${id}/credit`, { userId: p.id, reason: 'asked' }),
        403,
        { message: 'PLAYER_TIMED_OUT' },
      );
      expect(await p.wallet()).toBe(0);
      const returned = await financeA('POST', `/api/backoffice/money/transfers/${id}/return`, { reason: 'timed out' });
      expect(returned.json()).toEqual({ id, outcome: 'RETURNED' });

      // Nor can any other transfer be credited into a self-excluded player's wallet.
      const q = await player();
      expect((await q.call('POST', '/api/account/protection/exclusion', { months: 6 })).statusCode).toBe(200);
      const other = await ctx.app.inject({
        method: 'POST',
        url: '/sandbox/bank/transfer',
        payload: { to: OPERATOR_AUTO_ACCOUNT.accountNo, from: '9876501234', fromBank: 'SCB', amount: 30 },
      });
      expect(other.json()).toMatchObject({ status: 'UNMATCHED' });
      const unmatched = await ctx.db.kysely
        .selectFrom('bank_transfers')
        .select('id')
        .where('reference', '=', other.json<{ reference: string }>().reference)
        .executeTakeFirstOrThrow();
      expectCode(
        await financeA('POST', `/api/backoffice/money/transfers/${unmatched.id}/credit`, {
          userId: q.id,
          reason: 'asked',
        }),
        403,
        { message: 'PLAYER_SELF_EXCLUDED' },
      );
      expect(await q.wallet()).toBe(0);
      await expectLedgerHealthy();
    });

    it('holds a slip over a limit until the limit allows it, then credits it with a reason and two operators', async () => {
      const p = await player({ bankCode: 'KBANK' });
      expect((await p.limits({ day: 100, week: null, month: null })).statusCode).toBe(200);
      const slipId = await uploadSlipOf(p, p, 250);
      const approve = (caller: Caller, payload: object) =>
        caller('POST', `/api/backoffice/money/slips/${slipId}/approve`, payload);
      expectCode(await approve(financeA, {}), 400, { message: 'KEY_MISSING', field: 'reason' });
      expectCode(await approve(financeA, { reason: 'asked' }), 400, {
        message: 'DEPOSIT_LIMIT_EXCEEDED',
        field: 'amount',
      });
      // A higher limit applies after 24 hours; the held slip still waits for two operators.
      await p.limits({ day: 1000, week: null, month: null });
      await dayPasses();
      await p.limits({ day: 1000, week: null, month: null });
      expect((await approve(financeA, { reason: 'limit raised' })).json()).toEqual({
        id: slipId,
        outcome: 'FIRST_APPROVAL',
      });
      expect(await p.wallet()).toBe(0);
      expect((await approve(financeB, { reason: 'ok' })).json()).toEqual({ id: slipId, outcome: 'CREDITED' });
      expect(await p.wallet()).toBe(250);
      await expectLedgerHealthy();
    });
  });

  describe('the player’s list of held deposits', () => {
    it('lists only deposits still held: a returned or credited one leaves it', async () => {
      const p = await player();
      expect((await p.limits({ day: 100, week: null, month: null })).statusCode).toBe(200);
      expect((await bankDeposit(p, 150)).statusCode).toBe(409);
      const returnedId = await heldTransferOf(p);
      expect((await bankDeposit(p, 160)).statusCode).toBe(409);
      expect((await p.protection()).heldDeposits.map((h) => h.amount).sort()).toEqual([150, 160]);

      expect(
        (await financeA('POST', `/api/backoffice/money/transfers/${returnedId}/return`, { reason: 'over limit' }))
          .statusCode,
      ).toBe(200);
      expect((await p.protection()).heldDeposits.map((h) => h.amount)).toEqual([160]);

      // The limit allows it a day later; two operators credit it and it is no longer waiting.
      await p.limits({ day: 1000, week: null, month: null });
      await dayPasses();
      await p.limits({ day: 1000, week: null, month: null });
      const creditedId = await heldTransferOf(p);
      const credit = (caller: Caller) =>
        caller('POST', `/api/backoffice/money/transfers/${creditedId}/credit`, { userId: p.id, reason: 'allowed now' });
      expect((await credit(financeA)).json()).toMatchObject({ outcome: 'FIRST_APPROVAL' });
      expect((await p.protection()).heldDeposits.map((h) => h.amount)).toEqual([160]);
      expect((await credit(financeB)).json()).toMatchObject({ outcome: 'CREDITED' });
      expect(await p.wallet()).toBe(160);
      expect((await p.protection()).heldDeposits).toEqual([]);
    });

    it('drops a held slip from the list once the operator decided it', async () => {
      const p = await player({ bankCode: 'KBANK' });
      expect((await p.limits({ day: 100, week: null, month: null })).statusCode).toBe(200);
      const slipId = await uploadSlipOf(p, p, 120);
      expect((await p.protection()).heldDeposits).toMatchObject([{ amount: 120, reason: 'DEPOSIT_LIMIT' }]);
      const rejected = await financeA('POST', `/api/backoffice/money/slips/${slipId}/reject`, { note: 'NOT_MATCH' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await p.protection()).heldDeposits).toEqual([]);
    });
  });
});
