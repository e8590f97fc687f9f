import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createChatCounter } from './chat-limits.ts';

const log = pino({ level: 'silent' });
const stores = [
  ['memory', undefined],
  ...(process.env.TEST_REDIS_URL ? [['redis', process.env.TEST_REDIS_URL] as const] : []),
] as const;

describe.each(stores)('chat limit counter (%s)', (_name, url) => {
  it('allows up to max hits per key and window, counts keys apart, and starts again in the next window', async () => {
    const counter = createChatCounter(url, log);
    try {
      await counter.ready();
      const key = `test-${Date.now()}-${Math.random()}`;
      const window = 60_000;
      const start = Math.floor(Date.now() / window) * window;
      const hits = [];
      for (let i = 0; i < 4; i++) hits.push(await counter.allow([{ key, max: 3 }], window, start + i));
      expect(hits).toEqual([true, true, true, false]);
      // The address's allowance is a key of its own: one key over refuses the hit.
      expect(
        await counter.allow(
          [
            { key: `${key}-other`, max: 3 },
            { key, max: 3 },
          ],
          window,
          start,
        ),
      ).toBe(false);
      expect(await counter.allow([{ key: `${key}-other`, max: 3 }], window, start)).toBe(true);
      expect(await counter.allow([{ key, max: 3 }], window, start + window)).toBe(true);
    } finally {
      await counter.close();
    }
  });
});
