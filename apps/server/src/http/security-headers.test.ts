import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { API_HEADERS, HELMET_OPTIONS, helmetHeaders, registerSecurityHeaders } from './security-headers.ts';

/** A route that answers, one that fails, and Fastify's 404: every kind of response must carry the headers. */
async function appWith(register: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify();
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

const securityHeadersOf = (headers: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, headers[name]]));

describe('security headers', () => {
  let reference: FastifyInstance;
  let ours: FastifyInstance;
  let names: string[];

  beforeAll(async () => {
    reference = await appWith(async (app) => {
      await app.register(helmet, HELMET_OPTIONS);
    });
    ours = await appWith((app) => registerSecurityHeaders(app));
    names = (await helmetHeaders(HELMET_OPTIONS)).map(([name]) => name);
  });

  afterAll(async () => {
    await reference.close();
    await ours.close();
  });

  it('are the set @fastify/helmet sends with the same options, on answers, errors and 404s', async () => {
    expect(names).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'x-frame-options']),
    );
    for (const url of ['/ok', '/boom', '/missing']) {
      const expected = await reference.inject({ method: 'GET', url });
      const actual = await ours.inject({ method: 'GET', url });
      expect(actual.statusCode, url).toBe(expected.statusCode);
      // Every header helmet set is there with the same value, and helmet set nothing we lack.
      const helmetNames = Object.keys(expected.headers).filter(
        (name) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name),
      );
      expect(helmetNames.sort(), url).toEqual([...names].sort());
      expect(securityHeadersOf(actual.headers, names), url).toEqual(securityHeadersOf(expected.headers, names));
    }
  });
});

describe('the whole app', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('sends the API headers on API answers and API 404s, and nothing that only documents need', async () => {
    for (const url of ['/api/lookup/active', '/api/no-such-thing']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      for (const [name, value] of API_HEADERS) expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['cache-control'], url).toBe('no-store');
      for (const name of ['cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-download-options']) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
      // The rate limit's counters are not advertised on every answer; a 429 carries retry-after.
      expect(res.headers['x-ratelimit-remaining'], url).toBeUndefined();
    }
  });

  it('sends helmet’s headers on everything that is not the API', async () => {
    const expected = new Map(await helmetHeaders(HELMET_OPTIONS));
    for (const url of ['/sandbox/games/pg/logo.svg', '/some/page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      for (const [name, value] of expected) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    const csp = expected.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(expected.has('strict-transport-security')).toBe(false);
  });

  it('compresses answers above 1 KB for clients that accept it, and leaves small ones alone', async () => {
    const large = await ctx.app.inject({
      method: 'GET',
      url: '/api/lookup/banks',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(large.headers['content-encoding']).toBe('gzip');
    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/lookup/active',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ active: true });
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/lookup/banks' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('the rate limit, next to the precomputed headers', () => {
  it('still answers 429 REQUEST_LIMIT past the per-minute limit, with the security headers', async () => {
    const ctx = await createTestContext('sqlite', { RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await ctx.app.inject({ method: 'GET', url: '/api/lookup/active' })).statusCode);
      const limited = await ctx.app.inject({ method: 'GET', url: '/api/lookup/active' });
      expect(statuses).toEqual([200, 200, 200]);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: 'REQUEST_LIMIT' });
      expect(limited.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('HSTS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // inject() comes from 127.0.0.1 unless told otherwise: here that is the TLS-terminating proxy.
    ctx = await createTestContext('sqlite', { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'GET', url, headers, remoteAddress });

  it('is sent, on pages and API answers, when the request came over HTTPS', async () => {
    for (const url of ['/api/lookup/active', '/some/page']) {
      const res = await get(url, { 'x-forwarded-proto': 'https' });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is not sent over plain HTTP, nor when a peer that is not the proxy claims HTTPS', async () => {
    for (const url of ['/api/lookup/active', '/some/page']) {
      expect((await get(url, {})).headers['strict-transport-security'], url).toBeUndefined();
      expect((await get(url, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
      const claimed = await get(url, { 'x-forwarded-proto': 'https' }, '203.0.113.7');
      expect(claimed.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
