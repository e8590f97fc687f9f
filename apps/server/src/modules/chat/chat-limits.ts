import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimitRedis } from '../../lib/fail-open-redis.ts';

/**
 * Fixed-window counters for the chat's limits (messages a minute, uploads an hour), per player, guest
 * and address. With REDIS_URL every instance counts together, on the same fail-open connection kind as
 * the app's rate limit (a Redis outage lets chat through rather than block it); without, in memory.
 */
export interface ChatCounter {
  /** Counts one hit on each key in the current window and answers whether any key went over its max. */
  allow(keys: Array<{ key: string; max: number }>, windowMs: number, now: number): Promise<boolean>;
  /** Resolves once the store can count (Redis connected); until then hits are let through. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createChatCounter(redisUrl: string | undefined, log: FastifyBaseLogger): ChatCounter {
  if (redisUrl) return redisCounter(rateLimitRedis(redisUrl, log));
  return memoryCounter();
}

function memoryCounter(): ChatCounter {
  const counts = new Map<string, { window: number; count: number }>();
  return {
    async allow(keys, windowMs, now) {
      const window = Math.floor(now / windowMs);
      if (counts.size > 50_000) {
        for (const [key, entry] of counts) if (entry.window !== window) counts.delete(key);
      }
      let allowed = true;
      for (const { key, max } of keys) {
        const id = `${windowMs}:${key}`;
        const entry = counts.get(id);
        const next = entry && entry.window === window ? entry.count + 1 : 1;
        counts.set(id, { window, count: next });
        if (next > max) allowed = false;
      }
      return allowed;
    },
    async ready() {},
    async close() {},
  };
}

function redisCounter(redis: Redis): ChatCounter {
  return {
    async allow(keys, windowMs, now) {
      const window = Math.floor(now / windowMs);
      try {
        const multi = redis.multi();
        for (const { key } of keys) {
          const id = `wallet:chat-limit:${windowMs}:${window}:${key}`;
          multi.incr(id).pexpire(id, windowMs * 2);
        }
        const results = await multi.exec();
        if (!results) return true;
        return keys.every(({ max }, i) => Number(results[i * 2]?.[1] ?? 0) <= max);
      } catch {
        return true;
      }
    },
    async ready() {
      if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    },
    async close() {
      redis.disconnect();
    },
  };
}
