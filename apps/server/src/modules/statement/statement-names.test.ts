import type { BonusCheckActiveResponse } from '@wallet/contract/bonus';
import type { StatementListResponse } from '@wallet/contract/statement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';

/**
 * The statement and the home screen name a bonus or promotion code as the operator wrote it for players,
 * in the player's language, not by its internal code (the seeded DAILY10 and WELCOME50).
 */
describe.each(testDialects())('statement and active bonus: names, not codes (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => ctx.close());

  it('names the bonus and the promotion on their statement lines and as the active bonus, in th, lo and en', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    const call = playerCaller(ctx.app, token);
    await fundWallet(ctx.app, phone, 200);
    const linked = async (lang: string) =>
      (await call('POST', `/api/statement?lang=${lang}`, { page: 1, limit: 50 }))
        .json<StatementListResponse>()
        .statements.filter((entry) => entry.bonus || entry.promotion)
        .map((entry) => [entry.statementType, (entry.bonus ?? entry.promotion)?.name]);
    const active = async (lang: string) =>
      (await call('GET', `/api/bonus/check/active?lang=${lang}`)).json<BonusCheckActiveResponse>().name;

    expect((await call('GET', '/api/bonus/activate/DAILY10')).statusCode).toBe(200);
    expect(await linked('lo')).toEqual([['bonus', 'ໂບນັດປະຈຳວັນ 10%']]);
    expect(await linked('en')).toEqual([['bonus', 'Daily bonus 10%']]);
    expect((await call('GET', '/api/bonus/clear')).statusCode).toBe(200);

    expect((await call('GET', '/api/promotion/activate/WELCOME50')).statusCode).toBe(200);
    const welcome = {
      th: 'รับเครดิตฟรี 50 บาท ทำยอดให้ถึง 2 เท่าของเครดิตเริ่มต้นจึงถอนได้',
      en: 'Get 50 baht free. Reach twice your starting credit to withdraw.',
    };
    expect(await active('th')).toBe(welcome.th);
    expect(await active('en')).toBe(welcome.en);
    expect(await linked('th')).toEqual([
      ['bonus', welcome.th],
      ['finish_bonus', 'โบนัสรายวัน 10%'],
      ['bonus', 'โบนัสรายวัน 10%'],
    ]);
    // Without a language the names are Thai, as every other operator text.
    const plain = (await call('POST', '/api/statement', { page: 1, limit: 1 })).json<StatementListResponse>();
    expect(plain.statements[0]?.promotion?.name).toBe(welcome.th);
  });
});
