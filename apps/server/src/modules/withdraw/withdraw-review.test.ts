import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCaller, ownerLogin } from '../../../test/backoffice-helpers.ts';
import {
  createTestContext,
  fundWallet,
  newBankAccountNo,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { createDomainEvents } from '../../events/domain-events.ts';
import { checkLedger } from '../../ledger/check.ts';
import { createSystemAccounts } from '../../ledger/ledger.ts';
import type { PayoutAdapter } from '../../providers/payments/payout.ts';
import { createWithdrawals } from './withdraw.service.ts';

const HOUR = 3600 * 1000;

// Issue 12 item 5: a token was enough to move the payout account and withdraw to it at once. A
// withdrawal within 24 h of a change now waits for an operator instead of going to the bank.
describe.each(testDialects())('withdrawals after a bank account change (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { SANDBOX_PAYOUT_DELAY_MS: '0' });
    await ctx.app.inject({ method: 'POST', url: '/sandbox/payouts/faults', payload: { mode: 'ok' } });
  });
  afterAll(() => ctx.close());

  // The operator's decisions are the back office's money desk (a rejection needs a reason).
  const decide = async (id: string, decision: 'approve' | 'reject') =>
    operatorCaller(ctx.app, await ownerLogin(ctx.app))(
      'POST',
      `/api/backoffice/money/withdrawals/${id}/${decision}`,
      decision === 'reject' ? { reason: 'not the player' } : {},
    );
  const withdrawal = (id: string) =>
    ctx.db.kysely.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const settledSoon = async (id: string) => {
    for (let i = 0; i < 100 && (await withdrawal(id)).status === 'PENDING'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return withdrawal(id);
  };

  /** A funded player who then moves the payout account to a new one (their request, approved by an operator). */
  async function playerWithNewAccount(funds: number) {
    const registered = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, registered.phone, funds);
    const call = playerCaller(ctx.app, registered.token);
    const newAccountNo = newBankAccountNo();
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { authorization: `Bearer ${registered.token}` },
      payload: {
        name: 'Somsak Test',
        bankCode: 'KBANK',
        bankAccountName: 'SOMSAK TEST',
        bankAccountNo: newAccountNo,
        password: registered.payload.password,
      },
    });
    // The change is a request now; an operator approves it and the new account takes effect then.
    expect(changed.json()).toEqual({ message: 'BANK_CHANGE_REQUESTED' });
    const operator = operatorCaller(ctx.app, await ownerLogin(ctx.app));
    const requests = (await operator('GET', '/api/backoffice/bank-changes')).json().items as Array<{
      id: string;
      new: { bankAccountNo: string };
    }>;
    const filed = requests.find((request) => request.new.bankAccountNo === newAccountNo);
    const approved = await operator('POST', `/api/backoffice/bank-changes/${filed?.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    return {
      newAccountNo,
      withdraw: async (amount: number) => {
        const res = await call('POST', '/api/wallet/withdraw', { amount });
        expect(res.json()).toMatchObject({ message: 'WITHDRAW_PENDING' });
        const row = await ctx.db.kysely
          .selectFrom('withdrawals')
          .select('id')
          .where('bank_account_no', '=', newAccountNo)
          .executeTakeFirstOrThrow();
        return row.id;
      },
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
    };
  }

  it('holds a withdrawal to the new account for review: pending, not sent to the bank', async () => {
    const p = await playerWithNewAccount(1_000);
    const id = await p.withdraw(300);
    // The sandbox bank pays what it receives at once (delay 0); a held withdrawal never reaches it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await withdrawal(id)).toMatchObject({
      status: 'PENDING',
      review: 'AWAITING',
      bank_code: 'KBANK',
      bank_account_no: p.newAccountNo,
    });
    expect(await p.wallet()).toBe(700);
    // The bank cannot have paid a payout it never received.
    const paid = await ctx.app.inject({ method: 'POST', url: `/sandbox/payouts/${id}/paid` });
    expect(paid.statusCode).toBe(409);
    expect((await withdrawal(id)).status).toBe('PENDING');
    const listed = await ctx.app.inject({ method: 'GET', url: '/sandbox/payouts?status=PENDING' });
    expect(listed.json().withdrawals.find((w: { id: string }) => w.id === id)).toMatchObject({ review: 'AWAITING' });
  });

  it('sends it to the bank once an operator approves, exactly once', async () => {
    const p = await playerWithNewAccount(1_000);
    const id = await p.withdraw(200);
    const approved = await decide(id, 'approve');
    expect(approved.json()).toEqual({ id, outcome: 'APPROVED' });
    expect(await settledSoon(id)).toMatchObject({ status: 'PAID', review: 'APPROVED' });
    expect((await decide(id, 'approve')).json()).toEqual({ message: 'ALREADY_DECIDED' });
    expect((await decide(id, 'reject')).statusCode).toBe(409);
    expect(await p.wallet()).toBe(800);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('returns the money to the wallet when an operator rejects it', async () => {
    const p = await playerWithNewAccount(1_000);
    const id = await p.withdraw(400);
    expect(await p.wallet()).toBe(600);
    const rejected = await decide(id, 'reject');
    expect(rejected.json()).toEqual({ id, outcome: 'REJECTED' });
    expect(await withdrawal(id)).toMatchObject({
      status: 'FAILED',
      failure_reason: 'REVIEW_REJECTED',
      decision_reason: 'not the player',
    });
    expect(await p.wallet()).toBe(1_000);
    expect((await decide(id, 'reject')).json()).toEqual({ message: 'ALREADY_DECIDED' });
    expect((await decide(id, 'approve')).statusCode).toBe(409);
    expect(await p.wallet()).toBe(1_000);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    expect((await decide('NO-SUCH-WITHDRAWAL', 'approve')).statusCode).toBe(404);
  });

  it('does not send a held withdrawal when pending payouts are sent again at start', async () => {
    const p = await playerWithNewAccount(1_000);
    const id = await p.withdraw(100);
    const sent: string[] = [];
    const recording: PayoutAdapter = {
      connect() {},
      async send(order) {
        sent.push(order.payoutId);
      },
      async close() {},
    };
    const restarted = createWithdrawals({
      db: ctx.db.kysely,
      clock: ctx.clock,
      systemAccount: createSystemAccounts(ctx.db.kysely),
      payouts: recording,
      events: createDomainEvents(() => {}),
      reviewAfterBankChangeMs: 24 * HOUR,
    });
    await restarted.redispatchPending();
    expect(sent).not.toContain(id);
  });

  it('sends withdrawals to the bank again 24 hours after the change', async () => {
    const p = await playerWithNewAccount(1_000);
    // A day has passed since the change (moving the clock would also end the session).
    await ctx.db.kysely
      .updateTable('bank_account_changes')
      .set((eb) => ({ changed_at: eb('changed_at', '-', 24 * HOUR + 1) }))
      .where('new_bank_account_no', '=', p.newAccountNo)
      .execute();
    const id = await p.withdraw(100);
    const row = await settledSoon(id);
    expect(row).toMatchObject({ status: 'PAID', review: null });
  });
});
