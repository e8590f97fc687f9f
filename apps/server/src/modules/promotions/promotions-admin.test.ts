import type {
  BonusTypeCreatePayload,
  BonusTypeView,
  InviteSettingsView,
  PromotionCodeCreatePayload,
  PromotionCodeView,
  PromotionReportResponse,
  RefundSettingsView,
} from '@wallet/contract/backoffice/promotions';
import type { Bonus } from '@wallet/contract/bonus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { sampleSlipPng } from '../../../test/sample-slip.ts';
import { checkLedger } from '../../ledger/check.ts';

let counter = 0;
const newCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++counter}`;

function bonusForm(code: string, overrides: Partial<BonusTypeCreatePayload> = {}): BonusTypeCreatePayload {
  return {
    code,
    names: { th: `โบนัส ${code}`, lo: '', en: `Bonus ${code}` },
    notices: { th: '<p>เงื่อนไข</p>', lo: '', en: '<p>Terms</p>' },
    banners: { th: [{ image: 'https://cdn.example/b.png', html: '<p>th</p>' }], lo: [], en: [] },
    limitType: 'limit',
    maxReceived: 1,
    kind: 'fixed',
    value: 100_00,
    maxBonus: 0,
    minDeposit: 0,
    percentSuccess: 0,
    percentFail: 10,
    turnoverMultiple: 0,
    maxWithdraw: 0,
    expiresAt: null,
    enabled: true,
    sortOrder: 5,
    ...overrides,
  };
}

function codeForm(code: string, overrides: Partial<PromotionCodeCreatePayload> = {}): PromotionCodeCreatePayload {
  return {
    code,
    descriptions: { th: 'รับ 50 บาท', lo: '', en: 'Get 50 baht' },
    kind: 'fixed',
    value: 50_00,
    maxBonus: 0,
    minDeposit: 0,
    percentSuccess: 0,
    percentFail: 20,
    turnoverMultiple: 0,
    maxWithdraw: 0,
    maxRedemptions: 100,
    maxPerPlayer: 1,
    validFrom: null,
    validTo: null,
    enabled: true,
    ...overrides,
  };
}

describe.each(testDialects())('back-office promotions (%s)', (dialect) => {
  let ctx: TestContext;
  let owner: string;
  let marketing: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    owner = await ownerLogin(ctx.app);
    marketing = (await staffMember(ctx.app, owner, 'marketing')).token;
  });
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = marketing) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const bonuses = async () =>
    (await call('GET', '/api/backoffice/promotions/bonuses')).json<{ items: BonusTypeView[] }>().items;
  const codes = async () =>
    (await call('GET', '/api/backoffice/promotions/codes')).json<{ items: PromotionCodeView[] }>().items;

  async function player(funds: number) {
    const registered = await registerPlayer(ctx.app);
    if (funds > 0) await fundWallet(ctx.app, registered.phone, funds);
    const playerCall = playerCaller(ctx.app, registered.token);
    return {
      call: playerCall,
      bonuses: async (lang = 'en') => (await playerCall('GET', `/api/bonus?lang=${lang}`)).json<Bonus[]>(),
    };
  }

  it('creates a bonus type players then see, edits it, and audits both with before and after', async () => {
    const code = newCode('NEW');
    const created = await call('POST', '/api/backoffice/promotions/bonuses', {
      ...bonusForm(code),
      // Players type codes in upper case; the form's is upper-cased too.
      code: code.toLowerCase(),
      reason: 'songkran',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().bonus).toMatchObject({ code, kind: 'fixed', value: 100_00, enabled: true });
    const listed = await call('GET', '/api/backoffice/promotions/bonuses');
    expect(listed.statusCode, listed.body.slice(0, 300)).toBe(200);
    expect(listed.json<{ items: BonusTypeView[] }>().items.map((b) => b.code)).toContain(code);

    const p = await player(0);
    expect((await p.bonuses('th')).find((b) => b.code === code)).toMatchObject({
      name: `โบนัส ${code}`,
      type: 'limit',
      maxReceived: 1,
      percentFail: 10,
      banners: [{ image: 'https://cdn.example/b.png', html: '<p>th</p>' }],
    });
    // Lao was left empty in the form: Lao players read the Thai name, notice and banners.
    expect((await p.bonuses('lo')).find((b) => b.code === code)).toMatchObject({
      name: `โบนัส ${code}`,
      banners: [{ image: 'https://cdn.example/b.png', html: '<p>th</p>' }],
    });

    const edited = await call('PUT', `/api/backoffice/promotions/bonuses/${code}`, {
      ...bonusForm(code, { percentFail: 30, enabled: false }),
      reason: 'paused',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().bonus).toMatchObject({ percentFail: 30, enabled: false });
    // Switched off: players no longer see it.
    expect((await p.bonuses()).some((b) => b.code === code)).toBe(false);
    // Saving the same form again changes nothing and logs nothing.
    await call(
      'PUT',
      `/api/backoffice/promotions/bonuses/${code}`,
      bonusForm(code, { percentFail: 30, enabled: false }),
    );

    const create = await auditRows(ctx.app, { action: 'promotion.bonus_create' });
    expect(create.find((row) => row.targetId === code)).toMatchObject({
      operatorRole: 'marketing',
      targetType: 'bonus',
      reason: 'songkran',
      after: expect.objectContaining({ code, value: 100_00 }),
    });
    const updates = (await auditRows(ctx.app, { action: 'promotion.bonus_update' })).filter((r) => r.targetId === code);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      reason: 'paused',
      before: expect.objectContaining({ percentFail: 10, enabled: true }),
      after: expect.objectContaining({ percentFail: 30, enabled: false }),
    });
  });

  it('refuses bad input with a 4xx naming the problem, and changes nothing', async () => {
    const code = newCode('BAD');
    const before = await bonuses();
    const auditBefore = (await auditRows(ctx.app, { action: 'promotion.bonus_create' })).length;
    const cases: Array<[Partial<BonusTypeCreatePayload> | Record<string, unknown>, string]> = [
      [{ code: 'a b' }, 'KEY_INVALID'],
      [{ kind: 'percent', value: 5000 }, 'KEY_INVALID'],
      [{ value: 0 }, 'KEY_INVALID'],
      [{ value: 10.5 }, 'KEY_INVALID'],
      [{ minDeposit: -1 }, 'KEY_INVALID'],
      [{ percentFail: 100 }, 'KEY_INVALID'],
      [{ limitType: 'month' }, 'KEY_INVALID'],
      [{ names: { th: '', lo: '', en: 'x' } }, 'KEY_MISSING'],
      [{ expiresAt: 'tomorrow' }, 'KEY_INVALID'],
      [{ banners: { th: [{ image: 'javascript:alert(1)', html: '' }], lo: [], en: [] } }, 'KEY_INVALID'],
    ];
    for (const [override, message] of cases) {
      const res = await call('POST', '/api/backoffice/promotions/bonuses', { ...bonusForm(code), ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message, JSON.stringify(override)).toBe(message);
    }
    expect(await bonuses()).toEqual(before);
    expect(await auditRows(ctx.app, { action: 'promotion.bonus_create' })).toHaveLength(auditBefore);

    // A code already in use, an unknown one to edit, a window the wrong way round.
    const taken = newCode('DUP');
    expect((await call('POST', '/api/backoffice/promotions/bonuses', bonusForm(taken))).statusCode).toBe(200);
    const again = await call('POST', '/api/backoffice/promotions/bonuses', bonusForm(taken));
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'CODE_EXISTS', field: 'code' }]);
    const unknown = await call('PUT', '/api/backoffice/promotions/bonuses/NOSUCHBONUS', bonusForm('NOSUCHBONUS'));
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'NO_DATA']);
    const window = await call(
      'POST',
      '/api/backoffice/promotions/codes',
      codeForm(newCode('WIN'), { validFrom: '2026-03-02T00:00:00Z', validTo: '2026-03-01T00:00:00Z' }),
    );
    expect([window.statusCode, window.json().message]).toEqual([400, 'KEY_INVALID']);
    const refund = await call('PUT', '/api/backoffice/promotions/refund', {
      ...(await call('GET', '/api/backoffice/promotions/refund')).json<RefundSettingsView>(),
      minimum: 500_00,
      cap: 100_00,
    });
    expect([refund.statusCode, refund.json().message]).toEqual([400, 'KEY_INVALID']);
  });

  it('sanitises the HTML players are shown on save: notices, banner texts, descriptions, refund info', async () => {
    const code = newCode('SAFE');
    const dirty = '<p onclick="steal()">ok<script>alert(1)</script><img src="javascript:x" onerror="x()"></p>';
    const res = await call(
      'POST',
      '/api/backoffice/promotions/bonuses',
      bonusForm(code, {
        notices: { th: dirty, lo: '', en: '<a href="javascript:alert(1)">x</a>' },
        banners: { th: [{ image: 'https://cdn.example/b.png', html: dirty }], lo: [], en: [] },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ bonus: BonusTypeView }>().bonus;
    expect(saved.notices.th).toBe('<p>ok<img /></p>');
    expect(saved.notices.en).toBe('<a>x</a>');
    expect(saved.banners.th[0]?.html).toBe('<p>ok<img /></p>');
    const p = await player(0);
    expect((await p.bonuses('th')).find((b) => b.code === code)?.banners[0]?.html).toBe('<p>ok<img /></p>');

    const promo = newCode('SAFEP');
    const created = await call(
      'POST',
      '/api/backoffice/promotions/codes',
      codeForm(promo, { descriptions: { th: dirty, lo: '', en: '' } }),
    );
    expect(created.json<{ promotion: PromotionCodeView }>().promotion.descriptions.th).toBe('<p>ok<img /></p>');

    const refund = (await call('GET', '/api/backoffice/promotions/refund')).json<RefundSettingsView>();
    const saved2 = await call('PUT', '/api/backoffice/promotions/refund', {
      ...refund,
      info: { th: dirty, lo: '', en: '' },
    });
    expect(saved2.json<RefundSettingsView>().info.th).toBe('<p>ok<img /></p>');
  });

  it('creates and edits promotion codes players can find, and audits them', async () => {
    const code = newCode('PROMO');
    const created = await call('POST', '/api/backoffice/promotions/codes', codeForm(code));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().promotion).toMatchObject({ code, redeemed: 0, maxRedemptions: 100 });
    const p = await player(0);
    const found = await p.call('GET', `/api/promotion/find/${code}?lang=en`);
    expect(found.json()).toMatchObject({ percentFail: 20, description: 'Get 50 baht' });

    const edited = await call('PUT', `/api/backoffice/promotions/codes/${code}`, {
      ...codeForm(code, { percentFail: 40, validTo: '2020-01-01T00:00:00Z' }),
      reason: 'ended',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().promotion).toMatchObject({ percentFail: 40, validTo: '2020-01-01T00:00:00.000Z' });
    // Outside its window now: players no longer find it.
    expect((await p.call('GET', `/api/promotion/find/${code}?lang=en`)).json()).toEqual({ message: 'NO_PROMOTION' });
    expect((await codes()).find((c) => c.code === code)?.percentFail).toBe(40);
    const rows = (await auditRows(ctx.app, { action: 'promotion.code_update' })).filter((r) => r.targetId === code);
    expect(rows[0]).toMatchObject({
      targetType: 'promotion_code',
      before: expect.objectContaining({ percentFail: 20, validTo: null }),
      after: expect.objectContaining({ percentFail: 40 }),
      reason: 'ended',
    });
  });

  it('saves the invite and refund programmes players read, each change audited', async () => {
    const inviteRes = await call('GET', '/api/backoffice/promotions/invite');
    expect(inviteRes.statusCode, inviteRes.body).toBe(200);
    const invite = inviteRes.json<InviteSettingsView>();
    const nextInvite: InviteSettingsView = {
      ...invite,
      enabled: true,
      percent: 7,
      banners: { th: [{ image: 'https://cdn.example/i.png', html: '<b>ชวนเพื่อน</b>' }], lo: [], en: [] },
    };
    const saved = await call('PUT', '/api/backoffice/promotions/invite', { ...nextInvite, reason: 'new rate' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(nextInvite);
    const p = await player(0);
    expect((await p.call('GET', '/api/invite/banners?lang=th')).json()).toEqual([
      { image: 'https://cdn.example/i.png', html: '<b>ชวนเพื่อน</b>' },
    ]);
    const [row] = await auditRows(ctx.app, { action: 'promotion.invite_settings' });
    expect(row).toMatchObject({ targetType: 'setting', before: invite, after: nextInvite, reason: 'new rate' });

    const refund = (await call('GET', '/api/backoffice/promotions/refund')).json<RefundSettingsView>();
    const nextRefund: RefundSettingsView = {
      ...refund,
      enabled: true,
      period: 'day',
      percent: 5,
      minimum: 10_00,
      cap: 0,
    };
    expect((await call('PUT', '/api/backoffice/promotions/refund', nextRefund)).json()).toEqual(nextRefund);
    const [refundRow] = await auditRows(ctx.app, { action: 'promotion.refund_settings' });
    expect(refundRow).toMatchObject({ before: refund, after: nextRefund });
  });

  it('uploads a banner image where the home banners live, refusing what is not an image', async () => {
    const form = (bytes: Buffer) => {
      const data = new FormData();
      data.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'banner.png');
      return data as unknown as object;
    };
    const png = sampleSlipPng(null);
    const res = await call('POST', '/api/backoffice/promotions/images', form(png));
    expect(res.statusCode, res.body).toBe(200);
    const { image } = res.json<{ image: string }>();
    expect(image).toMatch(/^\/media\/banners\/[A-Za-z0-9]+\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: image });
    expect(served.rawPayload.equals(png)).toBe(true);
    // The address is what a banner's image field takes.
    const code = newCode('IMG');
    const withImage = bonusForm(code, { banners: { th: [{ image, html: '' }], lo: [], en: [] } });
    expect((await call('POST', '/api/backoffice/promotions/bonuses', withImage)).statusCode).toBe(200);

    const html = await call('POST', '/api/backoffice/promotions/images', form(Buffer.from('<svg onload="x()"/>')));
    expect([html.statusCode, html.json()]).toEqual([400, { message: 'IMAGE_INVALID', field: 'image' }]);
  });

  it('reports what a bonus cost after real credits and a forfeit, agreeing with the ledger', async () => {
    const code = newCode('COST');
    await call('POST', '/api/backoffice/promotions/bonuses', bonusForm(code, { maxReceived: 5 }));
    const first = await player(200);
    expect((await first.call('GET', `/api/bonus/activate/${code}`)).statusCode).toBe(200);
    // Given up: the bonus part goes back to promotions.
    expect((await first.call('GET', '/api/bonus/clear')).json()).toEqual({ message: 'BONUS_CLEAR' });
    const second = await player(50);
    expect((await second.call('GET', `/api/bonus/activate/${code}`)).statusCode).toBe(200);

    const finance = (await staffMember(ctx.app, owner, 'finance')).token;
    const res = await call('GET', '/api/backoffice/promotions/report', undefined, finance);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<PromotionReportResponse>();
    expect(report.rows.find((row) => row.source === 'bonus' && row.code === code)).toEqual({
      source: 'bonus',
      code,
      currency: 'THB',
      players: 2,
      taken: 2,
      credited: 200_00,
      forfeited: 100_00,
      withdrawn: 0,
      netCost: 100_00,
    });
    const thb = report.totals.find((total) => total.currency === 'THB');
    const sum = (key: 'credited' | 'forfeited') =>
      report.rows.filter((row) => row.currency === 'THB').reduce((total, row) => total + row[key], 0);
    expect(thb).toMatchObject({ credited: sum('credited'), forfeited: sum('forfeited') });
    // The expense account paid out exactly the report's net cost.
    const expense = await ctx.db.kysely
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'promotions_expense')
      .where('currency', '=', 'THB')
      .where('owner_id', 'is', null)
      .executeTakeFirstOrThrow();
    const moved = async (side: 'debit_account_id' | 'credit_account_id') =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('ledger_transfers')
            .select((eb) => eb.fn.sum<string | number>('amount').as('total'))
            .where(side, '=', expense.id)
            .executeTakeFirstOrThrow()
        ).total ?? 0,
      );
    expect((await moved('debit_account_id')) - (await moved('credit_account_id'))).toBe(thb?.netCost);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);

    // A window that ends before the bonuses were taken holds none of them.
    const early = await call('GET', '/api/backoffice/promotions/report?to=2000-01-01T00:00:00Z', undefined, finance);
    expect(early.json<PromotionReportResponse>().rows).toEqual([]);
    const backwards = await call(
      'GET',
      '/api/backoffice/promotions/report?from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z',
      undefined,
      finance,
    );
    expect(backwards.statusCode).toBe(400);
    // Finance reads the cost, never the configuration's changes.
    expect(
      (await call('POST', '/api/backoffice/promotions/bonuses', bonusForm(newCode('FIN')), finance)).statusCode,
    ).toBe(403);
  });
});
