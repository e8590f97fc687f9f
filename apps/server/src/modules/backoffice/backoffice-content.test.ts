import type { BannerView } from '@wallet/contract/backoffice/content';
import type { HomeBannersResponse } from '@wallet/contract/lookup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import { bearer, createTestContext, type TestContext, testDialects } from '../../../test/helpers.ts';
import { sampleSlipPng } from '../../../test/sample-slip.ts';
import { sanitizeOperatorHtml } from '../../lib/html-sanitizer.ts';

/** Attacks an operator's text must never carry to a player (a stolen back-office session, a pasted page). */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">tap</a>',
  '<a href="JaVaScRiPt:alert(1)">tap</a>',
  '<a href="&#106;avascript:alert(1)">tap</a>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<iframe src="https://evil.example/"></iframe>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">x</p>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<form action="https://evil.example/"><input name="password"></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

function dangerous(html: string): boolean {
  return /<script|<iframe|<svg|<form|<input|<style|<math|\son\w+=|javascript:|data:/i.test(html);
}

describe('operator HTML sanitiser', () => {
  it.each(ATTACKS)('drops what runs: %s', (attack) => {
    expect(dangerous(sanitizeOperatorHtml(`<p>ok</p>${attack}`))).toBe(false);
  });

  it('keeps formatting, links and images, and makes new-tab links safe', () => {
    expect(sanitizeOperatorHtml('<p><b>Bold</b> <a href="https://line.me/x" target="_blank">LINE</a></p>')).toBe(
      '<p><b>Bold</b> <a href="https://line.me/x" target="_blank" rel="noopener noreferrer">LINE</a></p>',
    );
    expect(sanitizeOperatorHtml('<ul><li>หนึ่ง</li></ul><img src="https://cdn.example/a.png" alt="a">')).toBe(
      '<ul><li>หนึ่ง</li></ul><img src="https://cdn.example/a.png" alt="a" />',
    );
  });
});

describe.each(testDialects())('back-office content (%s)', (dialect) => {
  let ctx: TestContext;
  let owner: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    owner = await ownerLogin(ctx.app);
  });
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });
  const lookup = async (path: string) => (await ctx.app.inject({ method: 'GET', url: path })).json();
  const texts = async () =>
    (await call('GET', '/api/backoffice/content/texts')).json<{
      items: Array<{ key: string; language: string; value: unknown }>;
    }>().items;

  it('lists every text in th, lo and en', async () => {
    const items = await texts();
    expect(items).toHaveLength(5 * 3);
    expect(items.find((item) => item.key === 'notice' && item.language === 'th')?.value).toEqual(expect.any(String));
    expect(items.find((item) => item.key === 'conditions' && item.language === 'en')?.value).toEqual(expect.any(Array));
  });

  it('saves the Thai notice sanitised, serves it to players, and logs before and after', async () => {
    const before = (await lookup('/api/lookup/notice?lang=th')).notice;
    const html = `<p><b>ประกาศ</b> ฝากถอนปกติ</p>${ATTACKS.join('')}`;
    const res = await call('PUT', '/api/backoffice/content/texts/notice/th', { value: html, reason: 'weekly notice' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().value as string;
    expect(saved).toContain('<p><b>ประกาศ</b> ฝากถอนปกติ</p>');
    expect(dangerous(saved)).toBe(false);
    expect((await lookup('/api/lookup/notice?lang=th')).notice).toBe(saved);
    // The other languages keep their own text.
    expect((await lookup('/api/lookup/notice?lang=en')).notice).not.toBe(saved);

    const [row] = await auditRows(ctx.app, { action: 'content.text' });
    expect(row).toMatchObject({
      operatorRole: 'owner',
      targetType: 'setting',
      targetId: 'content.notice',
      before,
      after: saved,
      reason: 'weekly notice',
    });
  });

  it('saves conditions as paragraphs per language, and contact text keeping its LINE fields', async () => {
    const lo = await call('PUT', '/api/backoffice/content/texts/conditions/lo', {
      value: ['<p>ຂໍ້ໜຶ່ງ</p>', '<script>x()</script>', '<p onmouseover="x()">ຂໍ້ສອງ</p>'],
    });
    expect(lo.statusCode, lo.body).toBe(200);
    expect((await lookup('/api/lookup/conditions?lang=lo')).conditions).toEqual(['<p>ຂໍ້ໜຶ່ງ</p>', '<p>ຂໍ້ສອງ</p>']);

    const contactBefore = await lookup('/api/lookup/contact?lang=en');
    const en = await call('PUT', '/api/backoffice/content/texts/contact/en', { value: 'Call us <b>24/7</b>' });
    expect(en.statusCode, en.body).toBe(200);
    expect(await lookup('/api/lookup/contact?lang=en')).toEqual({
      ...contactBefore,
      contactText: 'Call us <b>24/7</b>',
    });
    const [row] = await auditRows(ctx.app, { action: 'content.text', targetId: 'content.contact.en' });
    expect(row?.after).toBe('Call us <b>24/7</b>');
  });

  it('saves the how-to introduction per language, which the how-to lookup serves', async () => {
    expect((await lookup('/api/lookup/howto?lang=en')).howto).toBe('');
    const res = await call('PUT', '/api/backoffice/content/texts/howto/en', {
      value: '<p>Watch the <a href="javascript:alert(1)">videos</a> below.</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lookup('/api/lookup/howto?lang=en')).howto).toBe('<p>Watch the <a>videos</a> below.</p>');
    // Thai has none yet: a Thai visitor reads nothing rather than English.
    expect((await lookup('/api/lookup/howto?lang=th')).howto).toBe('');
  });

  it('refuses a text of the wrong shape, an unknown key or language, changing nothing', async () => {
    const notice = await lookup('/api/lookup/notice?lang=th');
    const count = (await auditRows(ctx.app, { action: 'content.text' })).length;
    const cases: Array<[string, object]> = [
      ['/api/backoffice/content/texts/notice/th', { value: ['<p>a list</p>'] }],
      ['/api/backoffice/content/texts/conditions/th', { value: '<p>one string</p>' }],
      ['/api/backoffice/content/texts/bonus/th', { value: 'x' }],
      ['/api/backoffice/content/texts/notice/fr', { value: 'x' }],
      ['/api/backoffice/content/texts/notice/th', { value: 'x'.repeat(20_001) }],
      ['/api/backoffice/content/texts/notice/th', { value: 'bell\u0007' }],
      ['/api/backoffice/content/texts/notice/th', {}],
    ];
    for (const [url, body] of cases) {
      const res = await call('PUT', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
    expect(await lookup('/api/lookup/notice?lang=th')).toEqual(notice);
    expect(await auditRows(ctx.app, { action: 'content.text' })).toHaveLength(count);
  });

  function bannerForm(image: Buffer, fields: Record<string, string>, type = 'image/png') {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('image', new Blob([new Uint8Array(image)], { type }), 'banner.png');
    return form;
  }
  const upload = (form: FormData, token = owner) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/backoffice/content/banners',
      headers: bearer(token),
      payload: form as unknown as object,
    });

  it('uploads a slide that players then get on the home lookup, served with cache headers', async () => {
    const png = sampleSlipPng(null);
    const res = await upload(
      bannerForm(png, {
        kind: 'slide',
        link: '/user/bonus',
        sortOrder: '2',
        altTh: 'โปรโมชันใหม่',
        altEn: 'New promotion',
        reason: 'campaign',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const banner = res.json<{ banner: BannerView }>().banner;
    expect(banner).toMatchObject({ kind: 'slide', link: '/user/bonus', sortOrder: 2, enabled: true });
    expect(banner.image).toMatch(/^\/media\/banners\/[A-Za-z0-9]+\.png$/);

    const home = (await lookup('/api/lookup/banners?lang=lo')) as HomeBannersResponse;
    // Lao has no alt text of its own: the Thai one stands in.
    expect(home.slides).toContainEqual({ id: banner.id, image: banner.image, link: '/user/bonus', alt: 'โปรโมชันใหม่' });
    expect(((await lookup('/api/lookup/banners?lang=en')) as HomeBannersResponse).slides[0]?.alt).toBe('New promotion');

    const image = await ctx.app.inject({ method: 'GET', url: banner.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);

    const [row] = await auditRows(ctx.app, { action: 'content.banner_create', targetId: banner.id });
    expect(row).toMatchObject({ targetType: 'banner', before: null, reason: 'campaign' });
    expect(row?.after).toMatchObject({ kind: 'slide', link: '/user/bonus', enabled: 1, alt_th: 'โปรโมชันใหม่' });
  });

  it('reorders, hides and deletes a banner, logging each; a hidden one is not shown, a deleted one not served', async () => {
    const created = await upload(bannerForm(sampleSlipPng(null), { kind: 'banner', altTh: 'แบนเนอร์' }));
    const banner = created.json<{ banner: BannerView }>().banner;
    expect(((await lookup('/api/lookup/banners')) as HomeBannersResponse).banners.map((b) => b.id)).toContain(
      banner.id,
    );

    const hidden = await call('PUT', `/api/backoffice/content/banners/${banner.id}`, {
      enabled: false,
      sortOrder: 5,
      link: 'https://line.me/ti/p/lucky',
      reason: 'campaign over',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().banner).toMatchObject({ enabled: false, sortOrder: 5, link: 'https://line.me/ti/p/lucky' });
    expect(((await lookup('/api/lookup/banners')) as HomeBannersResponse).banners.map((b) => b.id)).not.toContain(
      banner.id,
    );
    const [update] = await auditRows(ctx.app, { action: 'content.banner_update', targetId: banner.id });
    expect(update).toMatchObject({ before: { enabled: 1, sort_order: 0 }, after: { enabled: 0, sort_order: 5 } });

    const deleted = await call('DELETE', `/api/backoffice/content/banners/${banner.id}?reason=old`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: banner.image })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/backoffice/content/banners/${banner.id}`)).statusCode).toBe(404);
    const [removal] = await auditRows(ctx.app, { action: 'content.banner_delete', targetId: banner.id });
    expect(removal).toMatchObject({ reason: 'old', after: null, before: { kind: 'banner' } });
  });

  it('refuses an image that is not one by its bytes, too large, or with a bad link or kind, storing nothing', async () => {
    const count = (await call('GET', '/api/backoffice/content/banners')).json().items.length;
    const html = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const big = Buffer.concat([sampleSlipPng(null), Buffer.alloc(2 * 1024 * 1024)]);
    const cases: Array<[FormData, string, string]> = [
      [bannerForm(html, { kind: 'slide' }, 'image/png'), 'IMAGE_INVALID', 'image'],
      [bannerForm(big, { kind: 'slide' }), 'IMAGE_INVALID', 'image'],
      [bannerForm(sampleSlipPng(null), { kind: 'slide', link: 'javascript:alert(1)' }), 'KEY_INVALID', 'link'],
      [bannerForm(sampleSlipPng(null), { kind: 'slide', link: '//evil.example/' }), 'KEY_INVALID', 'link'],
      [bannerForm(sampleSlipPng(null), { kind: 'popup' }), 'KEY_INVALID', 'kind'],
      [bannerForm(sampleSlipPng(null), { kind: 'slide', sortOrder: '-1' }), 'KEY_INVALID', 'sortOrder'],
    ];
    for (const [form, message, field] of cases) {
      const res = await upload(form);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message, field });
    }
    const noFile = await call('POST', '/api/backoffice/content/banners', { kind: 'slide' });
    expect(noFile.statusCode).toBe(400);
    expect((await call('PUT', '/api/backoffice/content/banners/NOSUCH', { enabled: false })).statusCode).toBe(404);
    expect((await call('GET', '/api/backoffice/content/banners')).json().items).toHaveLength(count);
  });

  it('lets marketing manage content and the auditor only read it', async () => {
    const marketing = await staffMember(ctx.app, owner, 'marketing');
    const auditor = await staffMember(ctx.app, owner, 'auditor');
    const saved = await call('PUT', '/api/backoffice/content/texts/notice/en', { value: 'Hello' }, marketing.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await upload(bannerForm(sampleSlipPng(null), { kind: 'banner' }), marketing.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/backoffice/content/texts', undefined, auditor.token)).statusCode).toBe(200);
    const refused = await call('PUT', '/api/backoffice/content/texts/notice/en', { value: 'Bye' }, auditor.token);
    expect(refused.statusCode).toBe(403);
    expect((await upload(bannerForm(sampleSlipPng(null), { kind: 'banner' }), auditor.token)).statusCode).toBe(403);
    expect((await lookup('/api/lookup/notice?lang=en')).notice).toBe('Hello');
  });

  it('saves the name and website the info lookup answers, logging before and after', async () => {
    const before = await lookup('/api/lookup/info');
    expect((await call('GET', '/api/backoffice/content/details')).json().info).toEqual(before);
    const info = { name: 'Lucky Wallet TH', website: 'https://lucky.example/th' };
    const res = await call('PUT', '/api/backoffice/content/info', { ...info, reason: 'new domain' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lookup('/api/lookup/info')).toEqual(info);
    const [row] = await auditRows(ctx.app, { action: 'content.info' });
    expect(row).toMatchObject({
      targetType: 'setting',
      targetId: 'content.info',
      before,
      after: info,
      reason: 'new domain',
    });

    // The same again is no change: no second audit row.
    expect((await call('PUT', '/api/backoffice/content/info', info)).statusCode).toBe(200);
    expect(await auditRows(ctx.app, { action: 'content.info' })).toHaveLength(1);
  });

  it('saves the LINE fields into the contact of every language, keeping each text, with a QR that follows the link', async () => {
    const texts = {
      th: (await lookup('/api/lookup/contact?lang=th')).contactText,
      en: (await lookup('/api/lookup/contact?lang=en')).contactText,
    };
    const line = { lineName: '@lucky2', lineLink: 'https://line.me/R/ti/p/@lucky2', lineQR: '/media/line-qr.svg' };
    const res = await call('PUT', '/api/backoffice/content/line', line);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.lineQR).toMatch(/^\/media\/line-qr\.svg\?v=[a-f0-9]{12}$/);
    for (const language of ['th', 'lo', 'en'] as const) {
      const contact = await lookup(`/api/lookup/contact?lang=${language}`);
      expect(contact).toMatchObject({ lineName: '@lucky2', lineLink: line.lineLink, lineQR: saved.lineQR });
    }
    expect((await lookup('/api/lookup/contact?lang=en')).contactText).toBe(texts.en);
    expect((await lookup('/api/lookup/contact?lang=th')).contactText).toBe(texts.th);
    // The drawn QR is of the new link, under an address that changes with it.
    const qr = await ctx.app.inject({ method: 'GET', url: saved.lineQR });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    const other = await call('PUT', '/api/backoffice/content/line', {
      ...line,
      lineLink: 'https://line.me/R/ti/p/@lucky3',
    });
    expect(other.json().lineQR).not.toBe(saved.lineQR);

    const [row] = await auditRows(ctx.app, { action: 'content.line' });
    expect(row).toMatchObject({ targetType: 'setting', targetId: 'content.contact', before: saved });

    // An https picture elsewhere, or no QR at all.
    const hosted = await call('PUT', '/api/backoffice/content/line', { ...line, lineQR: 'https://cdn.example/qr.png' });
    expect(hosted.statusCode, hosted.body).toBe(200);
    expect((await lookup('/api/lookup/contact?lang=lo')).lineQR).toBe('https://cdn.example/qr.png');
  });

  it('refuses a bad website, LINE link or QR address with 400, changing nothing and logging nothing', async () => {
    const info = await lookup('/api/lookup/info');
    const contact = await lookup('/api/lookup/contact?lang=th');
    const audited = (await auditRows(ctx.app, { action: 'content.info' })).length;
    const auditedLine = (await auditRows(ctx.app, { action: 'content.line' })).length;
    const good = { lineName: '@x', lineLink: 'https://line.me/x', lineQR: '' };
    // An empty name is missing (KEY_MISSING); every other case is of the wrong form (KEY_INVALID).
    const cases: Array<[string, object, string]> = [
      ['/api/backoffice/content/info', { name: 'X', website: 'http://plain.example' }, 'website'],
      ['/api/backoffice/content/info', { name: 'X', website: 'javascript:alert(1)' }, 'website'],
      ['/api/backoffice/content/info', { name: 'X', website: 'https://a b.example' }, 'website'],
      ['/api/backoffice/content/info', { name: '', website: 'https://ok.example' }, 'name'],
      ['/api/backoffice/content/info', { name: 'x'.repeat(101), website: '' }, 'name'],
      ['/api/backoffice/content/line', { ...good, lineLink: 'line://ti/p/@x' }, 'lineLink'],
      ['/api/backoffice/content/line', { ...good, lineLink: 'http://line.me/x' }, 'lineLink'],
      ['/api/backoffice/content/line', { ...good, lineQR: 'javascript:alert(1)' }, 'lineQR'],
      ['/api/backoffice/content/line', { ...good, lineQR: '/uploads/other.png' }, 'lineQR'],
      ['/api/backoffice/content/line', { ...good, lineLink: '', lineQR: '/media/line-qr.svg' }, 'lineQR'],
      ['/api/backoffice/content/line', { ...good, lineName: 'tab\u0009name' }, 'lineName'],
    ];
    for (const [url, body, field] of cases) {
      const res = await call('PUT', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      const message = field === 'name' && (body as { name?: string }).name === '' ? 'KEY_MISSING' : 'KEY_INVALID';
      expect(res.json(), `${url} ${JSON.stringify(body)}`).toEqual({ message, field });
    }
    expect(await lookup('/api/lookup/info')).toEqual(info);
    expect(await lookup('/api/lookup/contact?lang=th')).toEqual(contact);
    expect(await auditRows(ctx.app, { action: 'content.info' })).toHaveLength(audited);
    expect(await auditRows(ctx.app, { action: 'content.line' })).toHaveLength(auditedLine);
  });

  it('lets marketing change the name and LINE fields, and not the auditor', async () => {
    const marketing = await staffMember(ctx.app, owner, 'marketing');
    const auditor = await staffMember(ctx.app, owner, 'auditor');
    const info = { name: 'Marketing Wallet', website: '' };
    expect((await call('PUT', '/api/backoffice/content/info', info, marketing.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/backoffice/content/details', undefined, auditor.token)).statusCode).toBe(200);
    const refused = await call('PUT', '/api/backoffice/content/info', { name: 'No', website: '' }, auditor.token);
    expect(refused.statusCode).toBe(403);
    const line = { lineName: '@no', lineLink: '', lineQR: '' };
    expect((await call('PUT', '/api/backoffice/content/line', line, auditor.token)).statusCode).toBe(403);
    expect(await lookup('/api/lookup/info')).toEqual(info);
  });
});
