import type { MoneyQueuePage } from '@wallet/contract/backoffice/money-desk';
import type { StatementListResponse } from '@wallet/contract/statement';
import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  registerPlayer,
  type TestContext,
  testDialects,
  withDepositContent,
} from '../../../test/helpers.ts';
import { getSetting } from '../../db/settings.repo.ts';
import { checkLedger } from '../../ledger/check.ts';
import { writeServiceState } from '../service-state/service-state.ts';
import {
  deliver,
  longAccountNo,
  mask,
  newReference,
  OPERATOR_AUTO_ACCOUNT,
  OPERATOR_SMS_ACCOUNT,
  transferTo,
} from './bank-feed.fixtures.ts';

const SECRET = 'bank-feed-test-secret-0123456789';

describe.each(testDialects())('bank feed webhook (%s)', (dialect) => {
  let ctx: TestContext;
  let operatorToken: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { BANK_WEBHOOK_SECRET: SECRET, WEBHOOK_TOLERANCE_SECONDS: '300' });
    operatorToken = await ownerLogin(ctx.app);
  });
  afterAll(() => ctx.close());

  const send = (transfer: Parameters<typeof deliver>[3], options?: Parameters<typeof deliver>[4]) =>
    deliver(ctx.app, SECRET, ctx.clock.now(), transfer, options);

  async function player(overrides: Record<string, unknown> = {}) {
    const registered = await registerPlayer(ctx.app, overrides);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(registered.token) });
    return {
      ...registered,
      account: {
        accountNo: registered.payload.bankAccountNo as string,
        bankCode: registered.payload.bankCode as string,
      },
      wallet: async () => (await get('/api/wallet')).json<WalletResponse>().wallet.amount,
      coin: async () => (await get('/api/account/profile')).json<{ coin: number }>().coin,
      statements: async () =>
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/statement',
            headers: bearer(registered.token),
            payload: { page: 1, limit: 100 },
          })
        ).json<StatementListResponse>().statements,
    };
  }

  /** Runs `body` while deposits are notices the operator confirms by hand (manual mode). */
  const withManualDeposits = (body: () => Promise<void>) =>
    withDepositContent(ctx.db.kysely, (content) => ({ ...content, isManual: true }), body);

  /** The player files a deposit notice and the operator confirms it under `bankReference`: paid another way. */
  async function confirmManualDeposit(
    p: Awaited<ReturnType<typeof player>>,
    amount: number,
    bankReference: string,
  ): Promise<void> {
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/add',
      headers: bearer(p.token),
      payload: { amount },
    });
    expect(add.json()).toMatchObject({ message: 'DEPOSIT_PENDING' });
    const [notice] = await p.statements();
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/backoffice/money/manual-deposits/${notice?._id}/confirm`,
      headers: bearer(operatorToken),
      payload: { bankReference },
    });
    expect(confirmed.statusCode).toBe(200);
  }

  /** The operator credits a transfer at the back office's money desk to the player with this phone. */
  async function creditTransfer(transferId: string | undefined, phone: string, token = operatorToken) {
    const user = await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).executeTakeFirst();
    return ctx.app.inject({
      method: 'POST',
      url: `/api/backoffice/money/transfers/${transferId}/credit`,
      headers: bearer(token),
      payload: { userId: user?.id ?? 'NO-SUCH-PLAYER' },
    });
  }

  async function recorded(reference: string) {
    return ctx.db.kysely.selectFrom('bank_transfers').selectAll().where('reference', '=', reference).execute();
  }

  async function transferCount() {
    const row = await ctx.db.kysely
      .selectFrom('bank_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function expectLedgerHealthy() {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }

  it('credits a signed transfer from a registered account once, with a statement line and coins', async () => {
    const p = await player();
    const transfer = transferTo(p.account, 250.75);
    const res = await send(transfer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reference: transfer.reference, status: 'CREDITED', repeated: false });
    expect(await p.wallet()).toBe(250.75);
    // Default rate: one coin per 100 baht, rounded down.
    expect(await p.coin()).toBe(2);
    const [line] = await p.statements();
    expect(line).toMatchObject({
      statementType: 'deposit',
      from: 'SCB',
      to: 'WALLET',
      amount: 250.75,
      status: 'SUCCESS',
    });
    const [row] = await recorded(transfer.reference);
    expect(row).toMatchObject({
      status: 'CREDITED',
      mode: 'AUTO',
      to_account_no: '1234567890',
      statement_id: line?._id,
    });

    const again = await send(transfer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ reference: transfer.reference, status: 'CREDITED', repeated: true });
    expect(await p.wallet()).toBe(250.75);
    expect(await p.coin()).toBe(2);
    expect(await p.statements()).toHaveLength(1);
    await expectLedgerHealthy();
  });

  it('accepts account numbers printed with dashes', async () => {
    const p = await player();
    const digits = p.account.accountNo;
    const dashed = `${digits.slice(0, 3)}-${digits.slice(3, 4)}-${digits.slice(4, 9)}-${digits.slice(9)}`;
    const res = await send(
      transferTo({ accountNo: dashed, bankCode: 'SCB' }, 10, { to: { accountNo: '123-4-56789-0' } }),
    );
    expect(res.json()).toMatchObject({ status: 'CREDITED' });
    expect(await p.wallet()).toBe(10);
    await expectLedgerHealthy();
  });

  it.each([
    ['a forged signature', { headers: { 'x-bank-signature': `sha256=${'ab'.repeat(32)}` } }],
    ['a signature in the wrong format', { headers: { 'x-bank-signature': 'md5=abc' } }],
    ['no signature header', { headers: { 'x-bank-signature': undefined } }],
    ['no timestamp header', { headers: { 'x-bank-timestamp': undefined } }],
    ['a body altered after signing', { alterBody: (raw: string) => raw.replace('"amount":100', '"amount":900') }],
    ['a timestamp moved after signing', { moveTimestampSeconds: 5 }],
    ['a delivery older than the tolerance', { skewSeconds: -301 }],
    ['a delivery from the future', { skewSeconds: 301 }],
  ])('refuses %s with 401 and moves nothing', async (_label, options) => {
    const p = await player();
    const before = await transferCount();
    const res = await send(transferTo(p.account, 100), options);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
    expect(await p.wallet()).toBe(0);
    expect(await transferCount()).toBe(before);
    await expectLedgerHealthy();
  });

  it('accepts a delivery just inside the tolerance', async () => {
    const p = await player();
    const res = await send(transferTo(p.account, 5), { skewSeconds: -299 });
    expect(res.json()).toMatchObject({ status: 'CREDITED' });
  });

  it('refuses a delivery signed with another secret', async () => {
    const p = await player();
    const res = await deliver(ctx.app, 'some-other-secret-0123456789', ctx.clock.now(), transferTo(p.account, 100));
    expect(res.statusCode).toBe(401);
    expect(await p.wallet()).toBe(0);
  });

  it('refuses a signed body that is not JSON or not a transfer, with 400 and the field', async () => {
    const p = await player();
    const before = await transferCount();
    expect((await send('{"reference":')).json()).toEqual({ message: 'KEY_INVALID' });
    const zero = await send(transferTo(p.account, 0));
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ message: 'KEY_INVALID', field: 'amount' });
    const maskedAuto = await send(transferTo({ accountNo: 'xxx-x-x1234-x' }, 10));
    expect(maskedAuto.json()).toEqual({ message: 'KEY_INVALID', field: 'from.accountNo' });
    const noTime = await send(JSON.stringify({ ...transferTo(p.account, 10), transferredAt: 'yesterday' }));
    expect(noTime.json()).toEqual({ message: 'KEY_INVALID', field: 'transferredAt' });
    expect(await transferCount()).toBe(before);
    expect(await p.wallet()).toBe(0);
  });

  it('credits concurrent deliveries of one reference exactly once', async () => {
    const p = await player();
    const transfer = transferTo(p.account, 321);
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(transfer)));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const bodies = answers.map((res) => res.json<{ status: string; repeated: boolean }>());
    expect(bodies.filter((b) => !b.repeated)).toEqual([
      { reference: transfer.reference, status: 'CREDITED', repeated: false },
    ]);
    expect(bodies.every((b) => b.status === 'CREDITED')).toBe(true);
    expect(await p.wallet()).toBe(321);
    expect(await p.statements()).toHaveLength(1);
    expect(await recorded(transfer.reference)).toHaveLength(1);
    await expectLedgerHealthy();
  });

  it('takes a reference differing only by case for the same transfer, and claims it in one spelling', async () => {
    const p = await player();
    const reference = `t${newReference().slice(1).toLowerCase()}`;
    const first = await send(transferTo(p.account, 75, { reference }));
    const upper = reference.toUpperCase();
    expect(first.json()).toEqual({ reference: upper, status: 'CREDITED', repeated: false });
    const again = await send(transferTo(p.account, 75, { reference: upper }));
    expect(again.json()).toEqual({ reference: upper, status: 'CREDITED', repeated: true });
    expect(await p.wallet()).toBe(75);
    expect(await p.statements()).toHaveLength(1);
    const claims = await ctx.db.kysely
      .selectFrom('deposit_references')
      .select('reference')
      .where('reference', 'in', [`bank:${reference}`, `bank:${upper}`])
      .execute();
    expect(claims).toEqual([{ reference: `bank:${upper}` }]);
    await expectLedgerHealthy();
  });

  it('does not pay a transfer another route claimed under the same reference in other letters', async () => {
    await withManualDeposits(async () => {
      const p = await player();
      const reference = newReference();
      await confirmManualDeposit(p, 60, reference.toLowerCase());
      const res = await send(transferTo(p.account, 60, { reference }));
      expect(res.json()).toEqual({ reference, status: 'DUPLICATE', repeated: false });
      expect(await p.wallet()).toBe(60);
      await expectLedgerHealthy();
    });
  });

  it('keeps a transfer from an unknown sender as UNMATCHED until the operator credits it, once', async () => {
    const p = await player();
    const transfer = transferTo({ accountNo: '5550001112', bankCode: 'SCB' }, 500);
    expect((await send(transfer)).json()).toEqual({
      reference: transfer.reference,
      status: 'UNMATCHED',
      repeated: false,
    });
    const [row] = await recorded(transfer.reference);
    expect(row).toMatchObject({ status: 'UNMATCHED', reason: 'NO_PLAYER', user_id: null, amount: 50000 });
    expect(await p.wallet()).toBe(0);

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/backoffice/money/transfers?limit=100&order=desc',
      headers: bearer(operatorToken),
    });
    expect(listed.json<MoneyQueuePage>().items.map((t) => t.reference)).toContain(transfer.reference);

    const credit = (username: string) => creditTransfer(row?.id, username);
    expect((await credit('0000000000')).json()).toEqual({ message: 'NO_USER', field: 'userId' });
    const credited = await credit(p.phone);
    expect(credited.statusCode).toBe(200);
    expect(credited.json()).toEqual({ id: row?.id, outcome: 'CREDITED' });
    expect((await recorded(transfer.reference))[0]).toMatchObject({
      status: 'CREDITED',
      reason: null,
      resolved_by: 'admin',
    });
    expect(await p.wallet()).toBe(500);
    expect(await p.coin()).toBe(5);
    expect((await p.statements())[0]).toMatchObject({ statementType: 'deposit', from: 'SCB', amount: 500 });

    // A second click, and the bank delivering the same transfer again, move nothing.
    const twice = await credit(p.phone);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'ALREADY_DECIDED' });
    expect((await send(transfer)).json()).toEqual({
      reference: transfer.reference,
      status: 'CREDITED',
      repeated: true,
    });
    expect(await p.wallet()).toBe(500);
    await expectLedgerHealthy();
  });

  it('lets two operators race to credit one UNMATCHED transfer and pays it once', async () => {
    const a = await player();
    const b = await player();
    const transfer = transferTo({ accountNo: '5550001113', bankCode: 'SCB' }, 80);
    await send(transfer);
    const [row] = await recorded(transfer.reference);
    const finance = await staffMember(ctx.app, operatorToken, 'finance');
    const answers = await Promise.all([
      creditTransfer(row?.id, a.phone),
      creditTransfer(row?.id, b.phone, finance.token),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json()).toEqual({ message: 'ALREADY_DECIDED' });
    expect((await a.wallet()) + (await b.wallet())).toBe(80);
    await expectLedgerHealthy();
  });

  it('matches a masked SMS sender on its visible digits when exactly one player fits', async () => {
    const accountNo = longAccountNo();
    const p = await player({ bankCode: 'BAY', bankAccountNo: accountNo });
    const masked = mask(accountNo, 4, 10);
    const transfer = transferTo({ accountNo: masked, bankCode: 'BAY' }, 150, {
      mode: 'SMS',
      to: { ...OPERATOR_SMS_ACCOUNT },
    });
    expect((await send(transfer)).json()).toMatchObject({ status: 'CREDITED' });
    expect(await p.wallet()).toBe(150);
    expect(await recorded(transfer.reference)).toEqual([
      expect.objectContaining({ from_account_no: masked, mode: 'SMS', user_id: expect.any(String) }),
    ]);

    // Without the sender's bank, the match still holds; the statement shows the registered bank.
    const noBank = transferTo({ accountNo: masked }, 20, { mode: 'SMS', to: { ...OPERATOR_SMS_ACCOUNT } });
    expect((await send(noBank)).json()).toMatchObject({ status: 'CREDITED' });
    expect(await p.wallet()).toBe(170);
    expect((await p.statements())[0]).toMatchObject({ from: 'BAY', amount: 20 });
    await expectLedgerHealthy();
  });

  it('keeps a masked sender UNMATCHED when several players fit or too few digits show', async () => {
    const shared = String(Date.now() % 1e6).padStart(6, '0');
    const first = longAccountNo(shared);
    const second = longAccountNo(shared);
    const a = await player({ bankCode: 'GSB', bankAccountNo: first });
    const b = await player({ bankCode: 'GSB', bankAccountNo: second });
    const ambiguous = transferTo({ accountNo: mask(first, 4, 10), bankCode: 'GSB' }, 60, { mode: 'SMS' });
    expect((await send(ambiguous)).json()).toMatchObject({ status: 'UNMATCHED' });
    expect((await recorded(ambiguous.reference))[0]).toMatchObject({ reason: 'AMBIGUOUS' });

    const blurred = transferTo({ accountNo: mask(first, 10, 13), bankCode: 'GSB' }, 60, { mode: 'SMS' });
    expect((await send(blurred)).json()).toMatchObject({ status: 'UNMATCHED' });
    expect((await recorded(blurred.reference))[0]).toMatchObject({ reason: 'AMBIGUOUS' });

    // The full number in SMS mode is exact again.
    const exact = transferTo({ accountNo: second, bankCode: 'GSB' }, 60, { mode: 'SMS' });
    expect((await send(exact)).json()).toMatchObject({ status: 'CREDITED' });
    expect(await a.wallet()).toBe(0);
    expect(await b.wallet()).toBe(60);
    await expectLedgerHealthy();
  });

  it('holds a masked SMS transfer for the operator when a look-alike account fits, at any bank when the SMS names none', async () => {
    // Same visible digits (positions 4 to 9) at two banks; everything else differs.
    const shared = String((Date.now() * 3 + 1) % 1e6).padStart(6, '0');
    const mine = longAccountNo(shared);
    const lookAlike = longAccountNo(shared);
    const a = await player({ bankCode: 'KBANK', bankAccountNo: mine });
    const b = await player({ bankCode: 'BAY', bankAccountNo: lookAlike });
    const masked = mask(mine, 4, 10);
    expect(mask(lookAlike, 4, 10)).toBe(masked);

    // Without the sender's bank every bank's accounts count: two fit, so nobody is paid automatically.
    const noBank = transferTo({ accountNo: masked }, 45, { mode: 'SMS', to: { ...OPERATOR_SMS_ACCOUNT } });
    expect((await send(noBank)).json()).toMatchObject({ status: 'UNMATCHED', repeated: false });
    const [held] = await recorded(noBank.reference);
    expect(held).toMatchObject({ status: 'UNMATCHED', reason: 'AMBIGUOUS', user_id: null });
    expect(await a.wallet()).toBe(0);
    expect(await b.wallet()).toBe(0);

    // With the bank named, only the account at that bank fits.
    const withBank = transferTo({ accountNo: masked, bankCode: 'KBANK' }, 30, {
      mode: 'SMS',
      to: { ...OPERATOR_SMS_ACCOUNT },
    });
    expect((await send(withBank)).json()).toMatchObject({ status: 'CREDITED' });
    expect(await a.wallet()).toBe(30);
    expect(await b.wallet()).toBe(0);

    // The operator decides the held one, once.
    const credit = () => creditTransfer(held?.id, a.phone);
    expect((await credit()).json()).toEqual({ id: held?.id, outcome: 'CREDITED' });
    expect((await credit()).statusCode).toBe(409);
    expect(await a.wallet()).toBe(75);
    expect(await b.wallet()).toBe(0);
    await expectLedgerHealthy();
  });

  it('keeps a transfer to an account that is not the operator’s, and never credits it', async () => {
    const p = await player();
    const notOurs = transferTo(p.account, 90, { to: { accountNo: '1112223334' } });
    expect((await send(notOurs)).json()).toMatchObject({ status: 'UNKNOWN_DESTINATION', repeated: false });
    const wrongBank = transferTo(p.account, 90, {
      to: { accountNo: OPERATOR_AUTO_ACCOUNT.accountNo, bankCode: 'BBL' },
    });
    expect((await send(wrongBank)).json()).toMatchObject({ status: 'UNKNOWN_DESTINATION' });
    const [row] = await recorded(notOurs.reference);
    expect(row).toMatchObject({ status: 'UNKNOWN_DESTINATION', currency: null });
    const credit = await creditTransfer(row?.id, p.phone);
    expect(credit.statusCode).toBe(409);
    expect(await p.wallet()).toBe(0);
    await expectLedgerHealthy();
  });

  it('marks DUPLICATE a transfer another route already paid under the same bank reference', async () => {
    await withManualDeposits(async () => {
      const p = await player();
      const reference = newReference();
      await confirmManualDeposit(p, 40, reference);
      // The feed then reports that very transfer: recorded, not paid again.
      const res = await send(transferTo(p.account, 40, { reference }));
      expect(res.json()).toEqual({ reference, status: 'DUPLICATE', repeated: false });
      expect(await p.wallet()).toBe(40);
      expect(await p.statements()).toHaveLength(1);
      await expectLedgerHealthy();
    });
  });

  it('marks an UNMATCHED transfer DUPLICATE when the operator finds it was already paid another way', async () => {
    await withManualDeposits(async () => {
      const p = await player();
      const transfer = transferTo({ accountNo: '5550001114', bankCode: 'SCB' }, 45);
      expect((await send(transfer)).json()).toMatchObject({ status: 'UNMATCHED' });
      await confirmManualDeposit(p, 45, transfer.reference);
      const [row] = await recorded(transfer.reference);
      const credit = await creditTransfer(row?.id, p.phone);
      expect(credit.statusCode).toBe(200);
      expect(credit.json()).toEqual({ id: row?.id, outcome: 'DUPLICATE' });
      expect((await recorded(transfer.reference))[0]).toMatchObject({
        status: 'DUPLICATE',
        user_id: null,
        resolved_by: 'admin',
      });
      expect(await p.wallet()).toBe(45);
      await expectLedgerHealthy();
    });
  });

  it('keeps the sandbox bank credit working, through the feed', async () => {
    const p = await player();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/bank/credit',
      payload: { username: p.phone, amount: 75.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'SUCCESS', wallet: { amount: 75.5 } });
    const rows = await ctx.db.kysely
      .selectFrom('bank_transfers')
      .selectAll()
      .where('from_account_no', '=', p.account.accountNo)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ status: 'CREDITED', mode: 'AUTO', to_account_no: OPERATOR_AUTO_ACCOUNT.accountNo }),
    ]);
    for (const [payload, field] of [
      [{ username: p.phone, amount: 0 }, 'amount'],
      [{ username: p.phone, amount: 1.001 }, 'amount'],
      [{ username: '0000000000', amount: 5 }, 'username'],
    ] as const) {
      const bad = await ctx.app.inject({ method: 'POST', url: '/sandbox/bank/credit', payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field });
    }
    expect(await p.wallet()).toBe(75.5);
    await expectLedgerHealthy();
  });

  it('posts arbitrary transfers through the sandbox bank, masked ones included', async () => {
    const accountNo = longAccountNo();
    const p = await player({ bankCode: 'BAY', bankAccountNo: accountNo });
    const post = (payload: object) => ctx.app.inject({ method: 'POST', url: '/sandbox/bank/transfer', payload });
    const sms = await post({
      to: OPERATOR_SMS_ACCOUNT.accountNo,
      from: mask(accountNo, 3, 11),
      amount: 33,
      mode: 'SMS',
    });
    expect(sms.json()).toMatchObject({ status: 'CREDITED', repeated: false });
    const reference = newReference();
    const stranger = await post({
      to: OPERATOR_AUTO_ACCOUNT.accountNo,
      from: '9990001112',
      fromBank: 'KTB',
      amount: 12,
      reference,
    });
    expect(stranger.json()).toEqual({ reference, status: 'UNMATCHED', repeated: false });
    expect((await post({ to: OPERATOR_AUTO_ACCOUNT.accountNo, from: 'xxx5678', amount: 12 })).json()).toEqual({
      message: 'KEY_INVALID',
      field: 'from.accountNo',
    });
    expect(await p.wallet()).toBe(33);
    await expectLedgerHealthy();
  });
});

describe.each(testDialects())('bank feed with a generated secret and coins off (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { DEPOSIT_BAHT_PER_COIN: '0' });
  });
  afterAll(() => ctx.close());

  it('signs with the secret the server generated and keeps in settings; no coins at rate 0', async () => {
    const secret = await getSetting<string>(ctx.db.kysely, 'bank_webhook_secret');
    expect(secret).toMatch(/^[\w-]{40,}$/);
    const { token, payload } = await registerPlayer(ctx.app);
    const res = await deliver(
      ctx.app,
      secret as string,
      ctx.clock.now(),
      transferTo({ accountNo: payload.bankAccountNo as string, bankCode: 'SCB' }, 1_000),
    );
    expect(res.json()).toMatchObject({ status: 'CREDITED' });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) });
    expect(profile.json()).toMatchObject({ coin: 0 });
    const coinTransfers = await ctx.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'coin_earn')
      // Earned by a deposit (the demo player's seeded coins are not).
      .where('ref_type', '=', 'statement')
      .execute();
    expect(coinTransfers).toEqual([]);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('still books money the bank has sent while the operator has the service terminated', async () => {
    const secret = (await getSetting<string>(ctx.db.kysely, 'bank_webhook_secret')) as string;
    const { token, payload } = await registerPlayer(ctx.app);
    await writeServiceState(ctx.db.kysely, 'terminated');
    ctx.clock.advance(2_000);
    try {
      const res = await deliver(
        ctx.app,
        secret,
        ctx.clock.now(),
        transferTo({ accountNo: payload.bankAccountNo as string, bankCode: 'SCB' }, 250),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'CREDITED' });
      const wallet = await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) });
      expect(wallet.statusCode).toBe(410);
    } finally {
      await writeServiceState(ctx.db.kysely, 'active');
      ctx.clock.advance(2_000);
    }
    const wallet = await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) });
    expect(wallet.json().wallet.amount).toBe(250);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });
});
