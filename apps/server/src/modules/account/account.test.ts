import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  login,
  newBankAccountNo,
  newPhone,
  registerPlayer,
  registration,
  type TestContext,
  testDialects,
  verifyPhone,
} from '../../../test/helpers.ts';
import { DEMO_PLAYER } from '../../db/seed/seed.ts';

describe.each(testDialects())('accounts on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx.close());

  const post = (url: string, payload: object, headers = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers });
  const put = (url: string, payload: object, headers = {}) => ctx.app.inject({ method: 'PUT', url, payload, headers });

  describe('registration', () => {
    it('registers a verified phone, opens an empty wallet and lets the player log in', async () => {
      const { token, phone, payload } = await registerPlayer(ctx.app, { bankAccountName: 'สมศักดิ์   ทดสอบ' });
      const res = await ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const profile = res.json();
      expect(profile).toMatchObject({ username: phone, name: 'Somsak Test', coin: 0 });
      expect(profile._id).toMatch(/^[A-Z0-9]{10}$/);
      expect(profile.bankAccount).toMatchObject({
        bankCode: 'SCB',
        bankAccountNo: payload.bankAccountNo,
        bankAccountName: 'สมศักดิ์ ทดสอบ',
        bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
      });
      const accounts = await ctx.db.kysely
        .selectFrom('ledger_accounts')
        .select(['kind', 'balance'])
        .where('owner_id', '=', profile._id)
        .orderBy('kind')
        .execute();
      expect(accounts.map((a) => [a.kind, Number(a.balance)])).toEqual([
        ['coin', 0],
        ['wallet', 0],
      ]);
    });

    it('refuses a phone that has not passed OTP while OTP registration is on', async () => {
      const res = await post('/api/account', registration(newPhone()));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'UNVERIFIED_OTP', field: 'username' });
    });

    it('validates the profile step with the data so far, without bank fields', async () => {
      const phone = newPhone();
      const res = await post('/api/account/validate', {
        name: 'A',
        username: phone,
        password: 'first-pass-1',
        sourceCode: 'LINE',
        inviteCode: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'OK' });
    });

    it.each([
      ['a 9-digit phone', { username: '081234567' }, 'PHONE_NUMBER_REQUIRE_10_DIGIT', 'username'],
      ['letters in the phone', { username: '08123456ab' }, 'PHONE_NUMBER_REQUIRE_10_DIGIT', 'username'],
      ['an unknown bank', { bankCode: 'NOPE' }, 'INVALID_BANK', 'bankCode'],
      ['a Lao bank outside Lao mode', { bankCode: 'BCEL' }, 'INVALID_BANK', 'bankCode'],
      [
        'a Thai name at KTB',
        { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' },
        'BANK_ACCOUNT_NAME_ENG',
        'bankAccountName',
      ],
      [
        'digits in a BBL name',
        { bankCode: 'BBL', bankAccountName: 'JOHN 2' },
        'BANK_ACCOUNT_NAME_ENG',
        'bankAccountName',
      ],
      ['an unknown source', { sourceCode: 'NOPE' }, 'INVALID_USER_INFO', 'sourceCode'],
      ['an invite code of nobody', { inviteCode: 'PRZZZZZZZZZZ' }, 'INVALID_USER_INFO', 'inviteCode'],
      ['a malformed account number', { bankAccountNo: '12-34' }, 'INVALID_USER_INFO', 'bankAccountNo'],
      ['a currency outside Lao mode', { currency: 'LAK' }, 'INVALID_USER_INFO', 'currency'],
      ['an empty name', { name: '   ' }, 'KEY_MISSING', 'name'],
      ['a missing password', { password: undefined }, 'KEY_MISSING', 'password'],
      ['a number for the name', { name: 42 }, 'KEY_INVALID', 'name'],
    ])('refuses %s', async (_label, overrides, message, field) => {
      const phone = newPhone();
      const body = { ...registration(phone), ...overrides };
      for (const url of ['/api/account/validate', '/api/account']) {
        const res = await post(url, body);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ message, field });
      }
      const count = await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).execute();
      expect(count).toHaveLength(0);
    });

    it('accepts an English name at KTB and resolves a PR invite code to the inviter', async () => {
      const { token } = await registerPlayer(ctx.app, {
        bankCode: 'KTB',
        bankAccountName: 'somchai jaidee',
        inviteCode: `PR${DEMO_PLAYER.id}`,
      });
      const profile = (
        await ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) })
      ).json();
      expect(profile.bankAccount.bankAccountName).toBe('SOMCHAI JAIDEE');
      const row = await ctx.db.kysely
        .selectFrom('users')
        .select('inviter_id')
        .where('id', '=', profile._id)
        .executeTakeFirst();
      expect(row?.inviter_id).toBe(DEMO_PLAYER.id);
    });

    it('answers EXISTING_USER for a registered phone and EXISTING_BANK for a used bank account', async () => {
      const first = await registerPlayer(ctx.app);
      const again = await post('/api/account/validate', registration(first.phone));
      expect(again.json()).toEqual({ message: 'EXISTING_USER', field: 'username' });

      const phone = newPhone();
      await verifyPhone(ctx.app, phone);
      const sameBank = await post('/api/account', registration(phone, { bankAccountNo: first.payload.bankAccountNo }));
      expect(sameBank.statusCode).toBe(400);
      expect(sameBank.json()).toEqual({ message: 'EXISTING_BANK', field: 'bankAccountNo' });
    });

    it('lets only one of two racing registrations of the same phone through', async () => {
      const phone = newPhone();
      await verifyPhone(ctx.app, phone);
      const results = await Promise.all([
        post('/api/account', registration(phone)),
        post('/api/account', registration(phone)),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 400]);
      const users = await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).execute();
      expect(users).toHaveLength(1);
    });

    it('spends the OTP verification: a second registration of the phone needs a new one', async () => {
      const { phone } = await registerPlayer(ctx.app);
      const res = await post('/api/otp/send', { phoneNumber: phone });
      expect(res.json()).toEqual({ message: 'EXISTING_USER', field: 'phoneNumber' });
    });
  });

  describe('login and tokens', () => {
    it('logs the demo player in and refuses a wrong password or phone with one code', async () => {
      expect(await login(ctx.app, DEMO_PLAYER.username, DEMO_PLAYER.password)).toMatch(/^[\w-]{43}$/);
      const wrongPassword = await post('/api/login', { username: DEMO_PLAYER.username, password: 'nope' });
      const wrongPhone = await post('/api/login', { username: '0800000000', password: DEMO_PLAYER.password });
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
      expect(wrongPhone.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    });

    it('requires both fields', async () => {
      expect((await post('/api/login', { username: '', password: 'x' })).json()).toEqual({
        message: 'KEY_MISSING',
        field: 'username',
      });
      expect((await post('/api/login', {})).statusCode).toBe(400);
    });

    it('rate-limits repeated failures with REQUEST_LIMIT, even for the right password', async () => {
      const { phone, payload } = await registerPlayer(ctx.app);
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/login', { username: phone, password: 'bad' })).statusCode).toBe(400);
      }
      const blocked = await post('/api/login', { username: phone, password: payload.password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'REQUEST_LIMIT' });
      ctx.clock.advance(16 * 60 * 1000);
      expect((await post('/api/login', { username: phone, password: payload.password })).statusCode).toBe(200);
    });

    it.each([
      ['no header', {}],
      ['a forged token', bearer('forged-token-value')],
      ['a malformed header', { authorization: 'Basic abc' }],
    ])('answers 401 invalid-token for %s', async (_label, headers) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
    });

    it('expires a session token after its life; a remembered one lives longer', async () => {
      const { phone, payload } = await registerPlayer(ctx.app);
      const short = await login(ctx.app, phone, payload.password as string, false);
      const long = await login(ctx.app, phone, payload.password as string, true);
      ctx.clock.advance(13 * 3600 * 1000);
      const profile = (token: string) =>
        ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) });
      expect((await profile(short)).statusCode).toBe(401);
      expect((await profile(long)).statusCode).toBe(200);
      ctx.clock.advance(30 * 24 * 3600 * 1000);
      expect((await profile(long)).statusCode).toBe(401);
    });

    it('revokes the token on logout', async () => {
      const { token } = await registerPlayer(ctx.app);
      expect((await post('/api/logout', {}, bearer(token))).json()).toEqual({ message: 'SUCCESS' });
      const res = await ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) });
      expect(res.json()).toEqual({ message: 'invalid-token' });
    });
  });

  describe('profile', () => {
    it('updates the name and files new bank details as a request (issue 14), with the registration rules', async () => {
      const { token, payload } = await registerPlayer(ctx.app);
      const accountNo = newBankAccountNo();
      const ok = await put(
        '/api/account/profile',
        {
          name: 'New Name',
          bankCode: 'BBL',
          bankAccountName: 'new name',
          bankAccountNo: accountNo,
          password: payload.password,
        },
        bearer(token),
      );
      expect(ok.json()).toEqual({ message: 'BANK_CHANGE_REQUESTED' });
      const profile = (
        await ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) })
      ).json();
      expect(profile).toMatchObject({
        name: 'New Name',
        bankAccount: { bankCode: payload.bankCode, bankAccountNo: payload.bankAccountNo },
      });
      const request = (
        await ctx.app.inject({ method: 'GET', url: '/api/account/bank-change-request', headers: bearer(token) })
      ).json().request;
      expect(request).toMatchObject({ status: 'pending', bankCode: 'BBL', bankAccountName: 'NEW NAME' });

      const thaiAtBbl = await put(
        '/api/account/profile',
        { name: 'X', bankCode: 'BBL', bankAccountName: 'ชื่อไทย', bankAccountNo: accountNo },
        bearer(token),
      );
      expect(thaiAtBbl.json()).toEqual({ message: 'BANK_ACCOUNT_NAME_ENG', field: 'bankAccountName' });
      const demoAccount = await put(
        '/api/account/profile',
        { name: 'X', bankCode: 'KBANK', bankAccountName: 'X', bankAccountNo: '0123456789' },
        bearer(token),
      );
      expect(demoAccount.json()).toEqual({ message: 'EXISTING_BANK', field: 'bankAccountNo' });
    });

    it('fixes a Thai account name at KTB to English, and only for the player’s own KTB/TMB/BBL bank', async () => {
      const { token } = await registerPlayer(ctx.app, { bankCode: 'KTB', bankAccountName: 'OLD NAME' });
      expect(
        (
          await put('/api/account/bankAccountName', { bankCode: 'KTB', bankAccountName: 'somchai d' }, bearer(token))
        ).json(),
      ).toEqual({
        message: 'SUCCESS',
      });
      expect(
        (
          await put('/api/account/bankAccountName', { bankCode: 'KTB', bankAccountName: 'สมชาย' }, bearer(token))
        ).json(),
      ).toEqual({
        message: 'BANK_ACCOUNT_NAME_ENG',
        field: 'bankAccountName',
      });
      expect(
        (await put('/api/account/bankAccountName', { bankCode: 'BBL', bankAccountName: 'ABC' }, bearer(token))).json(),
      ).toEqual({
        message: 'INVALID_BANK',
        field: 'bankCode',
      });
    });

    it('changes the password: the old one stops working and other devices are logged out', async () => {
      const { token, phone, payload } = await registerPlayer(ctx.app);
      const otherDevice = await login(ctx.app, phone, payload.password as string);
      const wrong = await put(
        '/api/account/changepwd',
        { oldPassword: 'wrong', newPassword: 'n3w-pass' },
        bearer(token),
      );
      expect(wrong.json()).toEqual({ message: 'WRONG_PASSWORD', field: 'oldPassword' });
      const ok = await put(
        '/api/account/changepwd',
        { oldPassword: payload.password, newPassword: 'n3w-pass' },
        bearer(token),
      );
      expect(ok.json()).toEqual({ message: 'SUCCESS' });
      expect((await post('/api/login', { username: phone, password: payload.password })).statusCode).toBe(400);
      expect(await login(ctx.app, phone, 'n3w-pass')).toBeTruthy();
      const profile = (t: string) => ctx.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(t) });
      expect((await profile(token)).statusCode).toBe(200);
      expect((await profile(otherDevice)).statusCode).toBe(401);
    });
  });
});

describe.each(testDialects())('Lao mode registration on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { LAO_MODE: 'true', REGISTER_OTP: 'false' });
  });
  afterAll(async () => ctx.close());

  it('offers Lao banks, accepts a non-10-digit phone and requires a currency', async () => {
    const banks = (await ctx.app.inject({ method: 'GET', url: '/api/lookup/banks' })).json();
    expect(banks.map((b: { code: string }) => b.code)).toContain('BCEL');
    expect(banks.map((b: { code: string }) => b.code)).not.toContain('KBANK');
    const body = registration('02055512345', { bankCode: 'BCEL', bankAccountName: 'ສົມພອນ' });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/account', payload: body });
    expect(missing.json()).toEqual({ message: 'KEY_MISSING', field: 'currency' });
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/account', payload: { ...body, currency: 'LAK' } });
    expect(ok.json()).toEqual({ message: 'SUCCESS' });
    const account = await ctx.db.kysely
      .selectFrom('ledger_accounts')
      .innerJoin('users', 'users.id', 'ledger_accounts.owner_id')
      .select('ledger_accounts.currency')
      .where('users.username', '=', '02055512345')
      .where('kind', '=', 'wallet')
      .executeTakeFirst();
    expect(account?.currency).toBe('LAK');
  });
});
