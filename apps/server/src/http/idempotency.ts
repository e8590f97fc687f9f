import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { sha256 } from '../lib/ids.ts';
import { playerOf } from './auth.ts';
import { AppError, badRequest, conflict } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long a key is remembered: far longer than any client retry. */
const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 20;

/**
 * Money-moving POSTs run at most once per Idempotency-Key (DESIGN §3). The first request claims the
 * key; a repeat gets the first answer (status and body) and moves nothing. A repeat that arrives
 * while the first is still running waits for its answer. The same key with a different body is a
 * client bug and answers 409. An unexpected failure (a 500) releases the key, so a retry may run.
 */
export function createIdempotency(db: Kysely<Database>, clock: Clock) {
  let claims = 0;

  async function once<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<ReplayableResult<T>>,
  ): Promise<T> {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return send(reply, await work());
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest('KEY_INVALID', 'Idempotency-Key');
    const userId = playerOf(request).id;
    const requestHash = sha256(
      `${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params)} ${JSON.stringify(request.body)}`,
    );

    const claimed = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key: header,
        request_hash: requestHash,
        status_code: null,
        response: null,
        created_at: clock.now(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return replay<T>(reply, userId, header, requestHash);
    if (++claims % 500 === 0) void forgetOldKeys();

    let result: ReplayableResult<T>;
    try {
      result = await work();
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        await remember(userId, header, error.statusCode, {
          message: error.code,
          ...(error.field ? { field: error.field } : {}),
        });
      } else if (error instanceof AppError) {
        await remember(userId, header, error.statusCode, { message: error.code });
      } else {
        await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', header).execute();
      }
      throw error;
    }
    await remember(userId, header, result.status, result.body);
    return send(reply, result);
  }

  async function remember(userId: string, key: string, status: number, body: unknown) {
    await db
      .updateTable('idempotency_keys')
      .set({ status_code: status, response: JSON.stringify(body) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  }

  async function replay<T>(reply: FastifyReply, userId: string, key: string, requestHash: string): Promise<T> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      // Released after a 500 between our insert and this read: the caller may simply retry.
      if (!row) throw new AppError('INTERNAL_SERVER_ERROR', 503);
      if (row.request_hash !== requestHash) throw conflict('KEY_INVALID', 'Idempotency-Key');
      if (row.status_code !== null && row.response !== null) {
        reply.header('idempotent-replay', 'true');
        if (row.status_code >= 400) {
          const body = JSON.parse(row.response) as { message: string; field?: string };
          throw new AppError(body.message as AppError['code'], row.status_code, body.field);
        }
        return send(reply, { status: row.status_code, body: JSON.parse(row.response) as T });
      }
      if (Date.now() >= deadline) throw conflict('REQUEST_LIMIT');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async function forgetOldKeys() {
    await db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', clock.now() - KEY_TTL_MS)
      .execute();
  }

  return { once };
}
export type Idempotency = ReturnType<typeof createIdempotency>;

export interface ReplayableResult<T> {
  status: number;
  body: T;
}

function send<T>(reply: FastifyReply, result: ReplayableResult<T>): T {
  reply.code(result.status);
  return result.body;
}
