import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCaller, ownerLogin } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  newBankAccountNo,
  newClientAddress,
  newPhone,
  registerPlayer,
  registration,
  type TestContext,
  testDialects,
  verifyPhone,
} from '../../../test/helpers.ts';

let phoneSeq = 0;
/** Phones in bulk: newPhone() repeats itself past 100 calls within one millisecond. */
function bulkPhone(): string {
  phoneSeq += 1;
  return `07${String(Date.now() % 1e4).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

describe.each(testDialects())('account security on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx.close());

  const post = (url: string, payload: object, remoteAddress = '127.0.0.1', headers = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const put = (url: string, payload: object, token: string) =>
    ctx.app.inject({ method: 'PUT', url, payload, headers: bearer(token) });
  const profileOf = async (token: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) })).json();
  const outbox = async (phone: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` })).json().messages as {
      text: string;
    }[];

  describe('password rule (issue 12 item 10)', () => {
    it.each([
      ['a 3-character password', '123'],
      ['7 characters', 'abc1234'],
      ['a common password', '12345678'],
      ['a common password in another case', 'PassWord123'],
      ['a Thai-market favourite', '88888888'],
      ['one repeated character', 'zzzzzzzzzz'],
    ])('refuses %s at validate and register, and creates nobody', async (_label, password) => {
      const phone = newPhone();
      await verifyPhone(ctx.app, phone);
      for (const url of ['/api/account/validate', '/api/account']) {
        const res = await post(url, registration(phone, { password }));
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ message: 'WEAK_PASSWORD', field: 'password' });
      }
      const users = await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).execute();
      expect(users).toHaveLength(0);
    });

    it('refuses the phone number itself, also with separators and the country code', async () => {
      const phone = newPhone();
      await verifyPhone(ctx.app, phone);
      const national = phone.slice(1);
      for (const password of [
        phone,
        `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`,
        `+66${national}`,
        `+66 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`,
        `66${national}`,
      ]) {
        for (const url of ['/api/account/validate', '/api/account']) {
          expect((await post(url, registration(phone, { password }))).json(), `${url} ${password}`).toEqual({
            message: 'WEAK_PASSWORD',
            field: 'password',
          });
        }
      }
      expect((await post('/api/account', registration(phone, { password: 'kanom-krok-9' }))).json()).toEqual({
        message: 'SUCCESS',
      });
    });

    it('applies to a password change; the old password stays in force', async () => {
      const { token, phone, payload } = await registerPlayer(ctx.app);
      for (const newPassword of ['short', 'qwerty123', phone]) {
        const res = await put('/api/account/changepwd', { oldPassword: payload.password, newPassword }, token);
        expect(res.statusCode, newPassword).toBe(400);
        expect(res.json(), newPassword).toEqual({ message: 'WEAK_PASSWORD', field: 'newPassword' });
      }
      expect((await post('/api/login', { username: phone, password: payload.password })).statusCode).toBe(200);
    });
  });

  describe('bank details change (issue 12 item 5)', () => {
    const newBank = (overrides: Record<string, unknown> = {}) => ({
      name: 'Somsak Test',
      bankCode: 'KBANK',
      bankAccountName: 'สมศักดิ์ ทดสอบ',
      bankAccountNo: newBankAccountNo(),
      ...overrides,
    });

    it('refuses a new payout account with only a token: the current password is required', async () => {
      const { token, payload } = await registerPlayer(ctx.app);
      const attacker = newBank();
      const missing = await put('/api/account/profile', attacker, token);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'KEY_MISSING', field: 'password' });
      const wrong = await put('/api/account/profile', { ...attacker, password: 'not-the-password' }, token);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'WRONG_PASSWORD', field: 'password' });
      const renamed = await put(
        '/api/account/profile',
        newBank({ bankAccountNo: payload.bankAccountNo, bankCode: 'SCB', bankAccountName: 'Other Person' }),
        token,
      );
      expect(renamed.json()).toEqual({ message: 'KEY_MISSING', field: 'password' });
      expect((await profileOf(token)).bankAccount).toMatchObject({
        bankCode: 'SCB',
        bankAccountNo: payload.bankAccountNo,
      });
      const changes = await ctx.db.kysely.selectFrom('bank_account_changes').select('id').execute();
      expect(changes).toHaveLength(0);
    });

    it('lets the name alone change without the password', async () => {
      const { token, payload } = await registerPlayer(ctx.app);
      const res = await put(
        '/api/account/profile',
        {
          name: 'Only The Name',
          bankCode: 'SCB',
          bankAccountName: payload.bankAccountName,
          bankAccountNo: payload.bankAccountNo,
        },
        token,
      );
      expect(res.json()).toEqual({ message: 'SUCCESS' });
      expect((await profileOf(token)).name).toBe('Only The Name');
    });

    it('changes the account once an operator approves the request, records the change and tells the player by SMS', async () => {
      const { token, phone, payload } = await registerPlayer(ctx.app);
      const next = newBank();
      const res = await put('/api/account/profile', { ...next, password: payload.password }, token);
      expect(res.json()).toEqual({ message: 'BANK_CHANGE_REQUESTED' });
      expect((await profileOf(token)).bankAccount.bankAccountNo).toBe(payload.bankAccountNo);
      const request = await ctx.app.inject({
        method: 'GET',
        url: '/api/account/bank-change-request',
        headers: bearer(token),
      });
      const approve = await operatorCaller(ctx.app, await ownerLogin(ctx.app))(
        'POST',
        `/api/backoffice/bank-changes/${request.json().request.id}/approve`,
        {},
      );
      expect(approve.statusCode).toBe(200);
      expect((await profileOf(token)).bankAccount).toMatchObject({
        bankCode: 'KBANK',
        bankAccountNo: next.bankAccountNo,
      });
      const [sms] = await outbox(phone);
      expect(sms?.text).toContain(`KBANK x${next.bankAccountNo.slice(-4)}`);
      expect(sms?.text).not.toContain(next.bankAccountNo);
      const change = await ctx.db.kysely
        .selectFrom('bank_account_changes')
        .selectAll()
        .where('new_bank_account_no', '=', next.bankAccountNo)
        .executeTakeFirstOrThrow();
      expect(change).toMatchObject({ old_bank_code: 'SCB', old_bank_account_no: payload.bankAccountNo });
    });

    it('counts wrong passwords at the bank change against the phone’s login budget', async () => {
      const { token, phone, payload } = await registerPlayer(ctx.app);
      for (let i = 0; i < 10; i++) {
        const res = await put('/api/account/profile', { ...newBank(), password: `guess-number-${i}` }, token);
        expect(res.json()).toEqual({ message: 'WRONG_PASSWORD', field: 'password' });
      }
      const locked = await put('/api/account/profile', { ...newBank(), password: payload.password }, token);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ message: 'REQUEST_LIMIT' });
      // The phone is locked, but not to its owner: the right password from a clean address signs in.
      expect(
        (await post('/api/login', { username: phone, password: payload.password }, newClientAddress())).statusCode,
      ).toBe(200);
      ctx.clock.advance(16 * 60 * 1000);
    });
  });

  describe('login limits independent of the address (issue 12 item 9)', () => {
    it('locks a phone against the addresses its guesses came from, never against its owner at a clean address', async () => {
      const { phone, payload } = await registerPlayer(ctx.app);
      const owner = await ownerLogin(ctx.app);
      const id = (
        await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).executeTakeFirstOrThrow()
      ).id;
      const lockSeen = async () =>
        (await operatorCaller(ctx.app, owner)('GET', `/api/backoffice/players/${id}`)).json().loginLock;
      const started = ctx.clock.now();
      const attackers = Array.from({ length: 12 }, () => newClientAddress());
      for (const address of attackers) {
        const res = await post('/api/login', { username: phone, password: 'wrong-guess' }, address);
        expect(res.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
      }
      // Past 10 the phone is locked: every attacking address is refused, even with the right password.
      for (const address of attackers.slice(0, 3)) {
        const locked = await post('/api/login', { username: phone, password: payload.password }, address);
        expect([locked.statusCode, locked.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
      }
      // The operator sees the lock, its end and where the guesses came from.
      expect(await lockSeen()).toEqual({
        failures: 12,
        addresses: 12,
        lockedUntil: new Date(started + 15 * 60 * 1000).toISOString(),
      });
      // The owner, from an address with no recent failure, signs in.
      const home = newClientAddress();
      expect((await post('/api/login', { username: phone, password: payload.password }, home)).statusCode).toBe(200);
      // A fresh address gets one guess while the phone is locked; after it, that address is refused too.
      const fresh = newClientAddress();
      expect((await post('/api/login', { username: phone, password: 'one-more-guess' }, fresh)).statusCode).toBe(400);
      expect((await post('/api/login', { username: phone, password: payload.password }, fresh)).statusCode).toBe(429);
      expect((await post('/api/login', { username: phone, password: payload.password }, attackers[5])).statusCode).toBe(
        429,
      );
      ctx.clock.advance(16 * 60 * 1000);
      expect(await lockSeen()).toBeNull();
      expect((await post('/api/login', { username: phone, password: payload.password }, attackers[0])).statusCode).toBe(
        200,
      );
    });

    it('refuses one address that tries 40 phones, even for a phone it has not tried', async () => {
      const { phone, payload } = await registerPlayer(ctx.app);
      const address = newClientAddress();
      const answers: number[] = [];
      for (let i = 0; i < 40; i++) {
        answers.push(
          (await post('/api/login', { username: bulkPhone(), password: 'password-guess' }, address)).statusCode,
        );
      }
      expect(answers.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(answers.slice(30).every((s) => s === 429)).toBe(true);
      expect((await post('/api/login', { username: phone, password: payload.password }, address)).statusCode).toBe(429);
      // Players elsewhere are not affected.
      expect(
        (await post('/api/login', { username: phone, password: payload.password }, newClientAddress())).statusCode,
      ).toBe(200);
      ctx.clock.advance(16 * 60 * 1000);
    });

    it('counts guesses sent all at once: no more than the limit are checked', async () => {
      const { phone } = await registerPlayer(ctx.app);
      const address = newClientAddress();
      const fromOne = await Promise.all(
        Array.from({ length: 20 }, () => post('/api/login', { username: phone, password: 'parallel-guess' }, address)),
      );
      // LOGIN_MAX_FAILURES per phone and address.
      expect(fromOne.filter((r) => r.statusCode === 400)).toHaveLength(5);
      expect(fromOne.filter((r) => r.statusCode === 429)).toHaveLength(15);
      // Once the phone is locked, many guesses at once from one clean address: only one is checked.
      await Promise.all(
        Array.from({ length: 5 }, () =>
          post('/api/login', { username: phone, password: 'spread' }, newClientAddress()),
        ),
      );
      const clean = newClientAddress();
      const atOnce = await Promise.all(
        Array.from({ length: 10 }, () => post('/api/login', { username: phone, password: 'parallel-guess' }, clean)),
      );
      expect(atOnce.filter((r) => r.statusCode === 400)).toHaveLength(1);
      expect(atOnce.filter((r) => r.statusCode === 429)).toHaveLength(9);
      ctx.clock.advance(16 * 60 * 1000);
    });
  });

  describe('OTP SMS budgets (issue 12 item 9)', () => {
    it('stops sending SMS to 30 numbers from one address after 10 in the hour', async () => {
      const address = newClientAddress();
      const phones = Array.from({ length: 30 }, () => bulkPhone());
      const answers: number[] = [];
      for (const phone of phones)
        answers.push((await post('/api/otp/send', { phoneNumber: phone }, address)).statusCode);
      expect(answers.filter((s) => s === 200)).toHaveLength(10);
      const refused = await post('/api/otp/send', { phoneNumber: bulkPhone() }, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'REQUEST_LIMIT' });
      const sent = await ctx.db.kysely.selectFrom('sandbox_sms').select('phone').where('phone', 'in', phones).execute();
      expect(sent).toHaveLength(10);
      // Another address is served, and this one again after the hour.
      expect((await post('/api/otp/send', { phoneNumber: bulkPhone() }, newClientAddress())).statusCode).toBe(200);
      ctx.clock.advance(3600 * 1000 + 1);
      expect((await post('/api/otp/send', { phoneNumber: bulkPhone() }, address)).statusCode).toBe(200);
    });
  });
});

describe.each(testDialects())('global OTP SMS budget on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { OTP_SENDS_PER_HOUR: '5' });
  });
  afterAll(async () => ctx.close());

  it('refuses every address once the hour’s budget is spent, and sends again in the next hour', async () => {
    const send = (phoneNumber: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/otp/send',
        payload: { phoneNumber },
        remoteAddress: newClientAddress(),
      });
    for (let i = 0; i < 5; i++) expect((await send(bulkPhone())).statusCode).toBe(200);
    const phone = bulkPhone();
    const spent = await send(phone);
    expect(spent.statusCode).toBe(503);
    expect(spent.json()).toEqual({ message: 'OTP_SEND_FAIL' });
    const sms = await ctx.db.kysely.selectFrom('sandbox_sms').select('id').where('phone', '=', phone).execute();
    expect(sms).toHaveLength(0);
    ctx.clock.advance(3600 * 1000 + 1);
    expect((await send(phone)).statusCode).toBe(200);
  });
});
