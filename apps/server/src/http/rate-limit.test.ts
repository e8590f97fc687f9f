import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

const LIMIT = 4;

/** An address no earlier run used within the limit's minute: Redis keeps the counts between runs. */
function freshClientAddress(): string {
  return `10.${randomInt(100, 250)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

describe('the per-client rate limit with REDIS_URL', () => {
  const contexts: TestContext[] = [];
  afterEach(async () => {
    for (const ctx of contexts.splice(0)) await ctx.close();
  });
  const instance = async (redisUrl: string) => {
    const ctx = await createTestContext('sqlite', { REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    contexts.push(ctx);
    return ctx;
  };
  const ask = (ctx: TestContext, remoteAddress: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/lookup/info', remoteAddress });

  it.skipIf(!process.env.TEST_REDIS_URL)('counts one client across every instance sharing the Redis', async () => {
    const redisUrl = process.env.TEST_REDIS_URL as string;
    const [a, b] = [await instance(redisUrl), await instance(redisUrl)];
    const client = freshClientAddress();
    const statuses = [];
    for (const ctx of [a, b, a, b]) statuses.push((await ask(ctx, client)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await ask(a, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect((await ask(b, client)).statusCode).toBe(429);
    // Another client is counted on its own.
    expect((await ask(b, freshClientAddress())).statusCode).toBe(200);
  });

  it('fails open, answering at once, while the configured Redis is unreachable', async () => {
    const ctx = await instance(`redis://127.0.0.1:${await closedPort()}`);
    const client = freshClientAddress();
    for (let i = 0; i < LIMIT + 2; i += 1) expect((await ask(ctx, client)).statusCode).toBe(200);
  });
});

describe('the per-client rate limit', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => ctx?.close());

  it('counts API calls only: the app files a page loads (and its service worker precaches) are not limited', async () => {
    const web = mkdtempSync(join(tmpdir(), 'wallet-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(web, 'assets', 'index.js'), 'export {};');
    writeFileSync(join(web, 'sw.js'), '');
    ctx = await createTestContext('sqlite', { RATE_LIMIT_PER_MINUTE: String(LIMIT), WEB_DIST_DIR: web });
    const app = ctx.app;
    const client = freshClientAddress();
    // Players behind one carrier address load the app's many files at once; only the API is worth limiting.
    for (const url of ['/', '/user/home', '/assets/index.js', '/sw.js']) {
      for (let i = 0; i <= LIMIT; i += 1) {
        const res = await app.inject({ method: 'GET', url, remoteAddress: client });
        expect(res.statusCode, url).toBe(200);
      }
    }
    const statuses = [];
    for (let i = 0; i <= LIMIT; i += 1) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/lookup/info', remoteAddress: client })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
