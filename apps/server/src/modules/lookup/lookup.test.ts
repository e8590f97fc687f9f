import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, type TestContext, testDialects } from '../../../test/helpers.ts';
import { DEMO_PLAYER } from '../../db/seed/seed.ts';

describe.each(testDialects())('lookups on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx.close());
  const get = (url: string, headers = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('lists Thai banks with their real codes, and the sources', async () => {
    const banks = (await get('/api/lookup/banks')).json();
    const codes = banks.map((b: { code: string }) => b.code);
    for (const code of [
      'KBANK',
      'SCB',
      'KTB',
      'BBL',
      'TMB',
      'BAY',
      'GSB',
      'BAAC',
      'KKP',
      'CIMBT',
      'UOBT',
      'LHBANK',
      'TISCO',
      'GHB',
    ]) {
      expect(codes).toContain(code);
    }
    expect(banks[0]).toEqual({ code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' });
    const sources = (await get('/api/lookup/sources')).json();
    expect(sources).toContainEqual({ code: 'FACEBOOK', description: 'Facebook' });
  });

  it('serves the operator content of every public lookup', async () => {
    expect((await get('/api/lookup/active')).json()).toEqual({ active: true });
    expect((await get('/api/lookup/info')).json()).toMatchObject({ name: 'Lucky Wallet' });
    const contact = (await get('/api/lookup/contact')).json();
    expect(contact).toMatchObject({ lineName: '@luckywallet', lineQR: '/media/line-qr.svg' });
    const conditions = (await get('/api/lookup/conditions')).json().conditions;
    expect(conditions.length).toBeGreaterThan(0);
    expect(conditions[0]).toContain('<p>');
    expect((await get('/api/lookup/agreements')).json().agreements.length).toBeGreaterThan(0);
    expect((await get('/api/lookup/notice')).json().notice).toContain('Lucky Wallet');
    expect((await get('/api/lookup/withdraw')).json()).toEqual({ withdrawMin: 100, withdrawMax: 50000 });
    expect((await get('/api/lookup/registerOTP')).json()).toEqual({ registerOTP: true });
    // The demo seed switches chat on (issue 17).
    expect((await get('/api/lookup/enableChatWidget')).json()).toEqual({ enableChatWidget: true });
  });

  it('serves the texts a player reads in their language (?lang=th|lo|en), Thai when unknown', async () => {
    const lao = /[\u0E80-\u0EFF]/;
    const thai = /[\u0E00-\u0E7F]/;
    const texts = async (lang: string) => {
      const q = lang ? `?lang=${lang}` : '';
      return {
        contact: (await get(`/api/lookup/contact${q}`)).json().contactText as string,
        conditions: ((await get(`/api/lookup/conditions${q}`)).json().conditions as string[]).join(''),
        agreements: ((await get(`/api/lookup/agreements${q}`)).json().agreements as string[]).join(''),
        sources: (await get(`/api/lookup/sources${q}`)).json() as { code: string; description: string }[],
      };
    };
    const lo = await texts('lo');
    for (const text of [lo.contact, lo.conditions, lo.agreements]) {
      expect(text).toMatch(lao);
      expect(text).not.toMatch(thai);
    }
    expect(lo.sources).toContainEqual({ code: 'FRIEND', description: 'ໝູ່ແນະນຳ' });
    const en = await texts('en');
    for (const text of [en.contact, en.conditions, en.agreements]) expect(text).not.toMatch(thai);
    expect(en.sources).toContainEqual({ code: 'FRIEND', description: 'A friend' });
    for (const lang of ['', 'th', 'xx']) {
      const th = await texts(lang);
      for (const text of [th.contact, th.conditions, th.agreements]) {
        expect(text).toMatch(thai);
        expect(text).not.toMatch(/[A-Za-z]{4,} [a-z]{3,} [a-z]{3,}/);
      }
      expect(th.sources).toContainEqual({ code: 'FRIEND', description: 'เพื่อนแนะนำ' });
      expect(th.sources).toContainEqual({ code: 'FACEBOOK', description: 'Facebook' });
    }
    // A text the operator has not translated yet reads Thai.
    await ctx.db.kysely.deleteFrom('settings').where('key', '=', 'content.agreements.lo').execute();
    expect((await texts('lo')).agreements).toBe((await texts('th')).agreements);
  });

  it('draws the LINE QR from the contact link', async () => {
    const res = await get('/media/line-qr.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
  });

  it('closes slip upload during the daily Bangkok window', async () => {
    // Seeded window: 23:50–00:10 Bangkok = 16:50–17:10 UTC.
    ctx.clock.set(Date.UTC(2026, 0, 15, 16, 55));
    expect((await get('/api/lookup/slip')).json()).toEqual({ isOpen: false });
    ctx.clock.set(Date.UTC(2026, 0, 15, 17, 10));
    expect((await get('/api/lookup/slip')).json()).toEqual({ isOpen: true });
    ctx.clock.set(Date.UTC(2026, 0, 15, 3, 0));
  });

  it('shows deposit accounts only to a logged-in player', async () => {
    expect((await get('/api/lookup/deposit')).statusCode).toBe(401);
    const token = await login(ctx.app, DEMO_PLAYER.username, DEMO_PLAYER.password);
    const deposit = (await get('/api/lookup/deposit', bearer(token))).json();
    expect(deposit.isManual).toBe(false);
    expect(deposit.banks[0]).toMatchObject({ bankCode: 'KBANK', bankType: 'BANK', mode: 'AUTO' });
    expect(deposit.wallets[0]).toMatchObject({ mode: 'LINK' });
  });
});
