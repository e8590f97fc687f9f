import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testDialects } from '../../test/helpers.ts';
import { writeServiceState } from '../modules/service-state/service-state.ts';

describe.each(testDialects())('health and readiness probes (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  it('answers /healthz and /readyz without a login, and not as cacheable', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('stays ready while the operator has terminated the service', async () => {
    await writeServiceState(ctx.db.kysely, 'terminated');
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/lookup/info' })).statusCode).toBe(410);
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await writeServiceState(ctx.db.kysely, 'active');
    }
  });

  it('is not counted against the per-client rate limit', async () => {
    const limited = await createTestContext(dialect, { RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 6; i += 1) {
        expect((await limited.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});

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

describe('readiness with Redis', () => {
  it('reports not ready, quickly, when the configured Redis does not answer', async () => {
    const ctx = await createTestContext('sqlite', { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not-ready', checks: { database: 'ok', redis: 'down' } });
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('reports ready when Redis answers', async () => {
    const ctx = await createTestContext('sqlite', { REDIS_URL: process.env.TEST_REDIS_URL as string });
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await ctx.close();
    }
  });

  it('reports not ready when the database is gone', async () => {
    const ctx = await createTestContext('sqlite');
    try {
      await ctx.db.close();
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: 'down' } });
    } finally {
      await ctx.app.close();
    }
  });
});
