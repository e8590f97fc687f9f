import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';

/** A readiness probe that waits longer than this for a dependency reports it down rather than hang. */
const CHECK_TIMEOUT_MS = 2_000;

const checkState = z.enum(['ok', 'down']);
type CheckState = z.infer<typeof checkState>;

const healthAnswer = z.object({ status: z.literal('ok') });
const readyAnswer = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({ database: checkState, redis: checkState.optional() }),
});

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The load balancer's probes, outside /api/ so neither the terminated-service gate nor a player's rate
 * limit touches them:
 * - GET /healthz: the process answers (restart it when this fails);
 * - GET /readyz: the database and, when configured, Redis answer (send it traffic only when this passes).
 * A terminated service is still ready: the operator turned the product off, not the server.
 */
export function registerHealth(app: FastifyInstance, deps: { db: Kysely<Database>; redisUrl?: string | undefined }) {
  // Its own client, never queueing commands while disconnected: a probe must fail fast, not wait for Redis.
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
    : undefined;
  redis?.on('error', () => {
    // Reported by /readyz; ioredis reconnects on its own.
  });
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  async function check(probe: () => Promise<unknown>): Promise<CheckState> {
    try {
      await withTimeout(probe(), CHECK_TIMEOUT_MS);
      return 'ok';
    } catch {
      return 'down';
    }
  }

  app.get('/healthz', { config: { rateLimit: false }, schema: { response: { 200: healthAnswer } } }, async () => ({
    status: 'ok',
  }));

  const readySchema = { response: { 200: readyAnswer, 503: readyAnswer } };
  app.get('/readyz', { config: { rateLimit: false }, schema: readySchema }, async (_request, reply) => {
    const checks: z.infer<typeof readyAnswer>['checks'] = {
      database: await check(() => sql`select 1`.execute(deps.db)),
    };
    if (redis) {
      checks.redis = await check(async () => {
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
        return redis.ping();
      });
    }
    const ready = Object.values(checks).every((state) => state === 'ok');
    reply.header('cache-control', 'no-store');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
  });
}
