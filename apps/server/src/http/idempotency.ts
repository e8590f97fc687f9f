import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { type MoneyTransactions, PLAIN_TRANSACTIONS } from '../db/money-transactions.ts';
import { prepared, transaction } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { conflict, DomainError, refused } from '../lib/domain-error.ts';
import { sha256 } from '../lib/ids.ts';
import { playerOf } from './auth.ts';
import { failureBody, ReplayedFailure, statusOf } from './error-status.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long a key is remembered: far longer than any client retry. */
const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 20;
/**
 * A claim still without an answer after this long belongs to a request whose process died: a live
 * request's provider calls are capped at 2 minutes each (GAME_PROVIDER_TIMEOUT_MS) and a game
 * account's lease runs 150 s, so no request still running holds its key this long.
 */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;

// Every money-moving POST runs these, so they are fixed SQL texts rather than query-builder calls.
const insertClaim = prepared(
  `insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at, operation)
   values ($1, $2, $3, $4, $5, $6, $7) on conflict (user_id, key) do nothing`,
);
const recordOperation = prepared(
  'update idempotency_keys set operation = $1 where user_id = $2 and key = $3 and status_code is null',
);
/** Only an open claim takes an answer: the first answer stored is the one every repeat gets. */
const storeAnswer = prepared(
  `update idempotency_keys set status_code = $1, response = $2
   where user_id = $3 and key = $4 and status_code is null`,
);
/** A claim whose request started a money operation is kept: only a recovery may answer it (see replay). */
const releaseClaim = prepared(
  'delete from idempotency_keys where user_id = $1 and key = $2 and status_code is null and operation is null',
);
const readKey = prepared<{
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: number | string;
  operation: string | null;
}>(
  'select request_hash, status_code, response, created_at, operation from idempotency_keys where user_id = $1 and key = $2',
);
/** Takes over an abandoned claim; the condition on created_at lets one retry, and only one, win it. */
const takeOverClaim = prepared(
  `update idempotency_keys set created_at = $1
   where user_id = $2 and key = $3 and status_code is null and created_at = $4`,
);

/**
 * A refusal of the moment (kind `unavailable`: a game account another instance still holds, nothing
 * configured yet), not an answer to the request: it is never stored for the key, so a retry runs.
 */
function isPassing(error: DomainError): boolean {
  return error.kind === 'unavailable';
}

/**
 * Thrown inside a claiming transaction when a repeat of the request holds the key already: the
 * transaction rolls back (nothing moved) and the request answers as a replay.
 */
class KeyAlreadyClaimed extends Error {
  constructor() {
    super('idempotency key already claimed');
    this.name = 'KeyAlreadyClaimed';
  }
}

/**
 * The transactions of keyed work (db/money-transactions.ts), as this layer runs them. Both open a
 * transaction on `db`; under `onceClaimingInWork` the first one opened also claims the key, as its first
 * statement. A transaction that names its `operation` records it on the claim with the money; `finish`
 * stores the request's answer with the outcome it commits. A claim without either therefore moved
 * nothing, and one with an operation can be settled by a recovery (`once`'s `recover`) if the request's
 * process dies before answering.
 */
export interface KeyedTransactions<T> extends MoneyTransactions<ReplayableResult<T>> {
  /**
   * The same transactions for a service whose outcome is not the answer itself: `answer` turns the
   * outcome `finish` commits into the answer stored with it.
   */
  answering<O>(answer: (outcome: O) => ReplayableResult<T>): MoneyTransactions<O>;
}

/**
 * How a retry answers a request whose first attempt died holding the key (its process died: the claim
 * has had no answer for ABANDONED_AFTER_MS). An attempt that recorded no operation moved nothing, so
 * the retry runs the work again. One that recorded an operation (`tx.transaction(…, operation)`) is
 * finished or undone by `settle`, which returns the answer the first attempt would have given; its
 * transactions go through `tx` like the request's. Work whose money and answer always commit together
 * (only `tx.finish`) never records one and needs no `settle`: it passes RUN_AGAIN.
 */
export interface Recovery<T> {
  settle?(operation: string, tx: KeyedTransactions<T>): Promise<ReplayableResult<T>>;
}

/** The recovery of work that records no operation: a claim it left open moved nothing, so it runs again. */
export const RUN_AGAIN: Recovery<never> = {};

/** For work run without an Idempotency-Key: plain transactions. */
function plain<T>(): KeyedTransactions<T> {
  return { ...PLAIN_TRANSACTIONS, answering: () => PLAIN_TRANSACTIONS };
}

/**
 * Money-moving POSTs run at most once per Idempotency-Key (DESIGN §3). The first request claims the
 * key; a repeat gets the first answer (status and body) and moves nothing. A repeat that arrives
 * while the first is still running waits for its answer. The same key with a different body is a
 * client bug and answers 409. An unexpected failure (a 500) releases the key, so a retry may run.
 */
export function createIdempotency(db: Kysely<Database>, clock: Clock) {
  let claims = 0;

  function keyOf(request: FastifyRequest): { userId: string; key: string; requestHash: string } | undefined {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return undefined;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw refused('KEY_INVALID', 'Idempotency-Key');
    const requestHash = sha256(
      `${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params)} ${JSON.stringify(request.body)}`,
    );
    return { userId: playerOf(request).id, key: header, requestHash };
  }

  /** Claims the key (with the answer already, when given); false when a repeat holds it. */
  async function claim(
    on: Kysely<Database>,
    id: { userId: string; key: string; requestHash: string },
    answer?: { status: number; body: unknown },
    operation?: string,
  ): Promise<boolean> {
    const inserted = await insertClaim.run(on, [
      id.userId,
      id.key,
      id.requestHash,
      answer?.status ?? null,
      answer ? JSON.stringify(answer.body) : null,
      clock.now(),
      operation ?? null,
    ]);
    if (inserted === 0) return false;
    if (++claims % 500 === 0) void forgetOldKeys();
    return true;
  }

  /**
   * Inside a transaction the answer travels with its next statement or its commit (PostgreSQL: no
   * round trip of its own); nothing in a transaction reads the key after its answer is stored.
   */
  async function remember(on: Kysely<Database>, userId: string, key: string, status: number, body: unknown) {
    await storeAnswer.defer(on, [status, JSON.stringify(body), userId, key]);
  }

  /** The answer a failure leaves for repeats: its status, code and field. */
  function failureAnswer(error: DomainError): { status: number; body: { message: string; field?: string } } {
    const status = statusOf(error);
    const body = failureBody(error);
    // A server-side failure's answer never named a field: repeats get what the first request got.
    return { status, body: status < 500 ? body : { message: body.message } };
  }

  /**
   * The key is claimed before `work` runs: right for work that does not claim it itself. Work that
   * runs its money through `tx` records its operation and answer with that money; `recover` answers a retry
   * whose first attempt died (see Recovery), else such a retry waits and answers 409.
   */
  async function once<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (tx: KeyedTransactions<T>) => Promise<ReplayableResult<T>>,
    recover?: Recovery<NoInfer<T>>,
  ): Promise<T> {
    const id = keyOf(request);
    if (!id) return send(reply, await work(plain<T>()));
    if (!(await claim(db, id))) return replay<T>(reply, id, work, recover);
    return runClaimed(reply, id, work);
  }

  /** Runs `work` for a key this request holds, and stores its answer (in its last transaction if it can). */
  async function runClaimed<T>(
    reply: FastifyReply,
    id: { userId: string; key: string },
    work: (tx: KeyedTransactions<T>) => Promise<ReplayableResult<T>>,
  ): Promise<T> {
    let answered = false;
    const tx = keyedTransactions<T>(
      (on, inner, operation) =>
        transaction(on, async (trx) => {
          if (operation) await recordOperation.run(trx, [operation, id.userId, id.key]);
          return inner(trx);
        }),
      async (on, inner, answerOf) => {
        const value = await transaction(on, async (trx) => {
          const outcome = await inner(trx);
          const answer = answerOf(outcome);
          await remember(trx, id.userId, id.key, answer.status, answer.body);
          return outcome;
        });
        answered = true;
        return value;
      },
      // Stored in a transaction the work opened: it may still roll back, so the answer is written again
      // at the end (a no-op once one is stored).
      (trx, answer) => remember(trx, id.userId, id.key, answer.status, answer.body),
    );
    let result: ReplayableResult<T>;
    try {
      result = await work(tx);
    } catch (error) {
      if (error instanceof DomainError && !isPassing(error)) {
        const answer = failureAnswer(error);
        await remember(db, id.userId, id.key, answer.status, answer.body);
      } else {
        await releaseClaim.run(db, [id.userId, id.key]);
      }
      throw error;
    }
    if (!answered) await remember(db, id.userId, id.key, result.status, result.body);
    return send(reply, result);
  }

  /**
   * The same guarantee with fewer writes, for work that follows this contract: every change it makes
   * happens in or after its first `tx.transaction`/`tx.finish` (reads before it are
   * fine), and an error from those propagates. The claim then commits together with the first change,
   * and the answer with the last transaction, instead of each in a write of its own.
   *
   * A repeat that arrives before the first request reaches its first change runs the same reads, then
   * finds the key taken in that transaction, which rolls back; it answers as a replay. A request that
   * fails before changing anything claims the key with its answer in one statement.
   */
  async function onceClaimingInWork<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (tx: KeyedTransactions<T>) => Promise<ReplayableResult<T>>,
    recover?: Recovery<NoInfer<T>>,
  ): Promise<T> {
    const id = keyOf(request);
    if (!id) return send(reply, await work(plain<T>()));
    let claimed = false;
    let answered = false;
    const claimOrStop = async (trx: Kysely<Database>, operation?: string) => {
      if (!(await claim(trx, id, undefined, operation))) throw new KeyAlreadyClaimed();
    };
    const tx = keyedTransactions<T>(
      async (on, inner, operation) => {
        if (claimed) {
          return transaction(on, async (trx) => {
            if (operation) await recordOperation.run(trx, [operation, id.userId, id.key]);
            return inner(trx);
          });
        }
        const value = await transaction(on, async (trx) => {
          await claimOrStop(trx, operation);
          return inner(trx);
        });
        claimed = true;
        return value;
      },
      async (on, inner, answerOf) => {
        const needsClaim = !claimed;
        const value = await transaction(on, async (trx) => {
          if (needsClaim) await claimOrStop(trx);
          const outcome = await inner(trx);
          const answer = answerOf(outcome);
          await remember(trx, id.userId, id.key, answer.status, answer.body);
          return outcome;
        });
        claimed = true;
        answered = true;
        return value;
      },
      // Only a claimed key takes an answer; an unclaimed one is claimed with its answer at the end.
      async (trx, answer) => {
        if (claimed) await remember(trx, id.userId, id.key, answer.status, answer.body);
      },
      async () => !claimed && (await readKey.first(db, [id.userId, id.key])) !== undefined,
    );

    let result: ReplayableResult<T>;
    try {
      result = await work(tx);
    } catch (error) {
      if (error instanceof KeyAlreadyClaimed) return replay<T>(reply, id, work, recover);
      if (error instanceof DomainError && isPassing(error)) {
        // Not this request's answer: a repeat still gets the first one, and a new key may simply run again.
        if (claimed) await releaseClaim.run(db, [id.userId, id.key]);
        else if (await readKey.first(db, [id.userId, id.key])) return replay<T>(reply, id, work, recover);
        throw error;
      }
      if (error instanceof DomainError) {
        const answer = failureAnswer(error);
        if (claimed) await remember(db, id.userId, id.key, answer.status, answer.body);
        else if (!(await claim(db, id, answer))) return replay<T>(reply, id, work, recover);
      } else if (claimed) {
        await releaseClaim.run(db, [id.userId, id.key]);
      }
      throw error;
    }
    if (!answered) {
      if (claimed) await remember(db, id.userId, id.key, result.status, result.body);
      else if (!(await claim(db, id, result))) return replay<T>(reply, id, work, recover);
    }
    return send(reply, result);
  }

  async function replay<T>(
    reply: FastifyReply,
    id: { userId: string; key: string; requestHash: string },
    work: (tx: KeyedTransactions<T>) => Promise<ReplayableResult<T>>,
    recover?: Recovery<NoInfer<T>>,
  ): Promise<T> {
    const { userId, key, requestHash } = id;
    /** What answers an abandoned claim: the work again when it moved nothing, else the route's `settle`. */
    const recoveryOf = (operation: string | null) => {
      if (operation === null) return work;
      const settle = recover?.settle;
      return settle ? (tx: KeyedTransactions<T>) => settle(operation, tx) : undefined;
    };
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const row = await readKey.first(db, [userId, key]);
      // Released after a 500 between our insert and this read: the caller may simply retry.
      if (!row) throw new DomainError('INTERNAL_SERVER_ERROR', 'unavailable');
      if (row.request_hash !== requestHash) throw conflict('KEY_INVALID', 'Idempotency-Key');
      if (row.status_code !== null && row.response !== null) {
        reply.header('idempotent-replay', 'true');
        if (row.status_code >= 400) {
          throw new ReplayedFailure(row.status_code, JSON.parse(row.response) as { message: string; field?: string });
        }
        return send(reply, { status: row.status_code, body: JSON.parse(row.response) as T });
      }
      const recovery =
        recover && clock.now() - Number(row.created_at) > ABANDONED_AFTER_MS && recoveryOf(row.operation);
      if (recovery) {
        const taken = await takeOverClaim.run(db, [clock.now(), userId, key, row.created_at]);
        if (taken === 1) return runClaimed(reply, id, recovery);
        continue;
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

  return { once, onceClaimingInWork };
}
export type Idempotency = ReturnType<typeof createIdempotency>;

type FinishWith = <R>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<R>,
  answerOf: (outcome: R) => ReplayableResult<unknown>,
) => Promise<R>;

function keyedTransactions<T>(
  transaction: MoneyTransactions<unknown>['transaction'],
  finishWith: FinishWith,
  store: (trx: Transaction<Database>, answer: ReplayableResult<unknown>) => Promise<void>,
  repeatOfAnother?: () => Promise<boolean>,
): KeyedTransactions<T> {
  const asked = repeatOfAnother ? { repeatOfAnother } : {};
  return {
    transaction,
    finish: (db, work) => finishWith(db, work, (answer) => answer),
    settle: (trx, answer) => store(trx, answer),
    ...asked,
    answering: (answer) => ({
      transaction,
      finish: (db, work) => finishWith(db, work, answer),
      settle: (trx, outcome) => store(trx, answer(outcome)),
      ...asked,
    }),
  };
}

export interface ReplayableResult<T> {
  status: number;
  body: T;
}

function send<T>(reply: FastifyReply, result: ReplayableResult<T>): T {
  reply.code(result.status);
  return result.body;
}
