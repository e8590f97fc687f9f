import { createServer } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rateLimitRedis } from './fail-open-redis.ts';

/** A logger that keeps the warnings it is given. */
function warnings(): { log: FastifyBaseLogger; said: string[] } {
  const said: string[] = [];
  const log = { warn: (_context: unknown, message: string) => said.push(message), info: () => {} };
  return { log: log as unknown as FastifyBaseLogger, said };
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

describe('a fail-open Redis client', () => {
  it('warns once, and fails a command at once, while Redis is unreachable', async () => {
    const { log, said } = warnings();
    const redis = rateLimitRedis(`redis://127.0.0.1:${await closedPort()}`, log);
    try {
      await expect(redis.get('anything')).rejects.toThrow();
      await expect(redis.get('anything')).rejects.toThrow();
      expect(said).toEqual(['redis unavailable: the rate limit lets requests through until it is back']);
    } finally {
      redis.disconnect();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('does not call an error reply from a working Redis an outage', async () => {
    const { log, said } = warnings();
    const redis = rateLimitRedis(process.env.TEST_REDIS_URL as string, log);
    try {
      await new Promise((resolve) => redis.once('ready', resolve));
      await expect(redis.call('NO-SUCH-COMMAND')).rejects.toThrow(/unknown command/i);
      expect(await redis.ping()).toBe('PONG');
      expect(said).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});
