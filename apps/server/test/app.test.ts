import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '@wallet/contract/page-preloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_PLAYER } from '../src/db/seed/seed.ts';
import { preloadLinks } from '../src/http/player-page.ts';
import { writeServiceState } from '../src/modules/service-state/service-state.ts';
import { bearer, createTestContext, login, PRODUCTION_SECRETS, type TestContext, testDialects } from './helpers.ts';

describe.each(testDialects())('HTTP behaviour on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx.close());

  it('sends security headers with a strict CSP and a request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/lookup/active' });
    // An API answer may load nothing and be framed by nobody (http/security-headers.ts).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const page = await ctx.app.inject({ method: 'GET', url: '/some/page' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-request-id']).toMatch(/[\w-]{8,}/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NO_DATA' });
  });

  it('answers malformed JSON and oversized bodies with KEY_INVALID and changes nothing', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'KEY_INVALID' });
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'x'.repeat(200_000), password: 'y' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it('hides internal errors behind INTERNAL_SERVER_ERROR with a request id', async () => {
    const boom = await createTestContext(dialect);
    try {
      boom.app.get('/api/test-boom', async () => {
        throw new Error('secret internal detail at /srv/app.ts:42');
      });
      const res = await boom.app.inject({ method: 'GET', url: '/api/test-boom' });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body.message).toBe('INTERNAL_SERVER_ERROR');
      expect(body.requestId).toBe(res.headers['x-request-id']);
      expect(res.body).not.toContain('secret');
    } finally {
      await boom.close();
    }
  });

  it('answers every API call with 410 gone while the service is terminated, and recovers', async () => {
    const token = await login(ctx.app, DEMO_PLAYER.username, DEMO_PLAYER.password);
    await writeServiceState(ctx.db.kysely, 'terminated');
    ctx.clock.advance(2000);
    for (const [method, url] of [
      ['GET', '/api/lookup/active'],
      ['GET', '/api/lookup/banks'],
      ['POST', '/api/login'],
      ['GET', '/api/account/profile'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: bearer(token),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(410);
      expect(res.json(), url).toEqual({ message: 'gone' });
    }
    await writeServiceState(ctx.db.kysely, 'active');
    ctx.clock.advance(2000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lookup/active' })).json()).toEqual({ active: true });
  });

  it('still answers the contact lookup while terminated: the closed page tells players whom to ask for their money', async () => {
    await writeServiceState(ctx.db.kysely, 'terminated');
    ctx.clock.advance(2000);
    try {
      const contact = await ctx.app.inject({ method: 'GET', url: '/api/lookup/contact?lang=lo' });
      expect(contact.statusCode).toBe(200);
      expect(contact.json()).toMatchObject({ lineName: '@luckywallet' });
      for (const url of ['/api/lookup/contacts', '/api/lookup/contact/x', '/api/lookup/conditions']) {
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(410);
      }
    } finally {
      await writeServiceState(ctx.db.kysely, 'active');
      ctx.clock.advance(2000);
    }
  });
});

describe('serving the web app', () => {
  let ctx: TestContext;
  let webDir: string;
  const bigScript = `console.log(${'"a script long enough to be worth compressing", '.repeat(40)})`;
  beforeAll(async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    webDir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A file with the copies the build writes beside it; theirs are not the compression of `bigScript`, so a
    // copy the server compressed again would not be these bytes.
    writeFileSync(join(webDir, 'assets', 'big-def456.js'), bigScript);
    writeFileSync(join(webDir, 'assets', 'big-def456.js.br'), 'brotli bytes of the build');
    writeFileSync(join(webDir, 'assets', 'big-def456.js.gz'), 'gzip bytes of the build');
    ctx = await createTestContext('sqlite', { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => ctx.close());

  it('returns the app for any page path so the client router can show it (history mode)', async () => {
    for (const url of ['/', '/login', '/user/home', '/some/unknown/page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
  });

  it('serves hashed assets with a long cache life, and never the app for API paths', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/unknown' })).json()).toEqual({ message: 'NO_DATA' });
  });

  it('sends the build’s own brotli and gzip copies of a file as they are, and the file itself to a client without either', async () => {
    const send = (encoding: string) =>
      ctx.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': encoding } });
    for (const [accepted, encoding, bytes] of [
      ['gzip, deflate, br', 'br', 'brotli bytes of the build'],
      ['gzip', 'gzip', 'gzip bytes of the build'],
      ['identity', undefined, bigScript],
    ] as const) {
      const res = await send(accepted);
      expect(res.statusCode, accepted).toBe(200);
      expect(res.headers['content-encoding'], accepted).toBe(encoding);
      expect(res.headers['content-type'], accepted).toContain('javascript');
      expect(res.headers['cache-control'], accepted).toContain('immutable');
      expect(res.headers.vary, accepted).toContain('accept-encoding');
      expect(res.rawPayload.toString(), accepted).toBe(bytes);
    }
  });
});

describe('the player app’s page preloads', () => {
  let ctx: TestContext;
  let webDir: string;
  const page = (head = '') =>
    `<!doctype html><html><head><title>x</title><script type="module" crossorigin src="/assets/i.js"></script>` +
    `<link rel="stylesheet" href="/assets/i.css">${head}</head><body><div id="root"></div>${'<p>padding</p>'.repeat(200)}</body></html>`;
  const preloads = (build: string): PagePreloads => ({
    routes: {
      '/login': { scripts: [`/assets/login-${build}.js`, '/assets/field.js'], styles: [] },
      '/user/home': { scripts: [`/assets/home-${build}.js`], styles: ['/assets/home.css'] },
    },
    languages: { th: '/assets/th.js', lo: '/assets/lo.js', en: '/assets/en.js' },
    fonts: {
      th: ['/assets/thai.woff2', '/assets/latin.woff2'],
      lo: ['/assets/lao.woff2'],
      en: ['/assets/latin.woff2'],
    },
    fallbackLanguage: 'th',
  });
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webDir, 'index.html'), page());
    writeFileSync(join(webDir, PAGE_PRELOADS_FILE), JSON.stringify(preloads('1')));
    const backofficeDir = mkdtempSync(join(tmpdir(), 'backoffice-dist-'));
    writeFileSync(join(backofficeDir, 'index.html'), '<!doctype html><div id="root">back office</div>');
    ctx = await createTestContext('sqlite', { WEB_DIST_DIR: webDir, BACKOFFICE_DIST_DIR: backofficeDir });
  });
  afterAll(async () => ctx.close());

  const preloaded = (html: string) =>
    [...html.matchAll(/<link rel="(?:modulepreload|preload)" href="([^"]+)"/g)].map((m) => m[1]);

  it('names the files of the page’s screen and of the language, after the entry and its stylesheet', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(preloaded(res.body)).toEqual([
      '/assets/login-1.js',
      '/assets/field.js',
      '/assets/th.js',
      '/assets/thai.woff2',
      '/assets/latin.woff2',
    ]);
    expect(res.body).toContain('<link rel="modulepreload" href="/assets/login-1.js" crossorigin>');
    expect(res.body).toContain(
      '<link rel="preload" href="/assets/thai.woff2" as="font" type="font/woff2" crossorigin>',
    );
    // The entry and the stylesheet the first paint waits for are requested first.
    expect(res.body.indexOf('/assets/i.css')).toBeLessThan(res.body.indexOf('/assets/login-1.js'));
    expect(res.body.indexOf('/assets/thai.woff2')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.headers.vary).toContain('cookie');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('follows the address (a member one too, and with a trailing slash) and the player’s language cookie', async () => {
    const cases = [
      {
        url: '/user/home/',
        cookie: 'a=1; lang=EN',
        files: ['/assets/home-1.js', '/assets/en.js', '/assets/home.css', '/assets/latin.woff2'],
      },
      {
        url: '/login?x=1',
        cookie: 'lang=LO',
        files: ['/assets/login-1.js', '/assets/field.js', '/assets/lo.js', '/assets/lao.woff2'],
      },
    ];
    for (const { url, cookie, files } of cases) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(preloaded(res.body), url).toEqual(files);
    }
    const home = await ctx.app.inject({ method: 'GET', url: '/user/home' });
    expect(home.body).toContain('<link rel="preload" href="/assets/home.css" as="style">');
    // An address without a screen of its own (the app's Page Not Found) still gets the language; so does a
    // cookie the app never writes, in the build's default language.
    const unknown = await ctx.app.inject({ method: 'GET', url: '/some/page', headers: { cookie: 'lang=FR' } });
    expect(preloaded(unknown.body)).toEqual(['/assets/th.js', '/assets/thai.woff2', '/assets/latin.woff2']);
  });

  it('carries no inline script, so the policy allows scripts from the server only', async () => {
    const scriptSources = (csp: unknown) =>
      String(csp)
        .split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('script-src '));
    for (const url of ['/', '/login', '/user/home']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(scriptSources(res.headers['content-security-policy']), url).toBe("script-src 'self'");
    }
    const backoffice = await ctx.app.inject({ method: 'GET', url: '/backoffice/staff' });
    expect(scriptSources(backoffice.headers['content-security-policy'])).toBe("script-src 'self'");
    const api = await ctx.app.inject({ method: 'GET', url: '/api/lookup/active' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('sends every page of the app compressed, as it sends the app’s files', async () => {
    for (const url of ['/', '/login', '/user/home?x=1', '/backoffice/staff']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      if (!url.startsWith('/backoffice')) expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    // Still never the app where a file or a call was meant.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/unknown' })).json()).toEqual({ message: 'NO_DATA' });
    expect((await ctx.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/backoffice/assets/gone.js' })).statusCode).toBe(404);
  });

  it('follows a deploy that replaces the built files under the running server', async () => {
    await ctx.app.inject({ method: 'GET', url: '/login' });
    writeFileSync(join(webDir, PAGE_PRELOADS_FILE), JSON.stringify(preloads('2')));
    writeFileSync(join(webDir, 'index.html'), page('<meta name="build" content="2">'));
    const res = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(res.body).toContain('<meta name="build" content="2">');
    expect(preloaded(res.body)).toContain('/assets/login-2.js');
    expect(preloaded(res.body)).not.toContain('/assets/login-1.js');
  });

  it('escapes what it writes into the page', () => {
    const odd = { ...preloads('1'), languages: { th: '/assets/"><script>x</script>.js', lo: '', en: '' } };
    expect(preloadLinks(odd, '/nothing', 'th')).toContain('href="/assets/&quot;&gt;&lt;script&gt;x&lt;/script&gt;.js"');
  });
});

describe('serving the back office', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const webDir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root">player</div>');
    const backofficeDir = mkdtempSync(join(tmpdir(), 'backoffice-dist-'));
    mkdirSync(join(backofficeDir, 'assets'));
    writeFileSync(join(backofficeDir, 'index.html'), '<!doctype html><div id="root">back office</div>');
    writeFileSync(join(backofficeDir, 'assets', 'index-bo123.js'), 'console.log(2)');
    ctx = await createTestContext('sqlite', { WEB_DIST_DIR: webDir, BACKOFFICE_DIST_DIR: backofficeDir });
  });
  afterAll(async () => ctx.close());

  it('answers every /backoffice page with the back office (its own history fallback), never with the player app', async () => {
    for (const url of [
      '/backoffice',
      '/backoffice/',
      '/backoffice/staff',
      '/backoffice/audit?page=2',
      '/backoffice/x/y',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('back office');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
    for (const url of ['/', '/login', '/backofficex']) {
      expect((await ctx.app.inject({ method: 'GET', url })).body, url).toContain('player');
    }
  });

  it('serves its hashed assets with a long cache life', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/backoffice/assets/index-bo123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await ctx.app.inject({ method: 'GET', url: '/backoffice/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('without a built back office, /backoffice is a 404 and not the player app', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const webDir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root">player</div>');
    const bare = await createTestContext('sqlite', { WEB_DIST_DIR: webDir });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/backoffice/staff' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('player');
    } finally {
      await bare.close();
    }
  });
});

describe('sandbox doors', () => {
  it('are closed in production unless asked for', async () => {
    const ctx = await createTestContext('sqlite', { NODE_ENV: 'production', ...PRODUCTION_SECRETS });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/sandbox/sms/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

describe('configuration', () => {
  it('stops with a message naming each wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', LAO_MODE: 'maybe', DATABASE_URL: 'mysql://x' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LAO_MODE|PORT[\s\S]*LAO_MODE[\s\S]*DATABASE_URL/,
    );
  });

  it('defaults to SQLite under ./data on port 8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toMatch(/^sqlite:.*data[/\\]wallet\.db$/);
    expect(config.sandboxProviders).toBe(true);
    expect(config.registerOtp).toBe(true);
  });
});
