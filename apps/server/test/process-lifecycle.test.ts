import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.ts';
import { openTestDatabase, type TestDatabase, testDialects } from './helpers.ts';
import { type Answer, post, preparedPlayer, type ServerProcess, startServerProcess } from './server-process.ts';

const TRANSFERS = 80;
/** Two server starts from source and a few hundred requests: well past Vitest's default. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;
const IN_FLIGHT = 12;

/** Sends every transfer, IN_FLIGHT at a time; `onAnswer` sees the count of answers so far. */
async function transferLoad(port: number, token: string, keys: string[], onAnswer: (answered: number) => void) {
  const answers = new Map<string, Answer>();
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      const answer = await post(
        port,
        '/api/wallet/transfer',
        { from: 'WALLET', to: 'pg', amount: 1 },
        { authorization: `Bearer ${token}`, 'idempotency-key': key },
      );
      answers.set(key, answer);
      onAnswer(answers.size);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return answers;
}

async function gameTransfersOf(database: TestDatabase, userId: string): Promise<number> {
  const row = await sql<{ n: number | string }>`
    select count(*) as n from statements
    where user_id = ${userId} and status = 'SUCCESS' and to_code = 'pg'`.execute(database.db.kysely);
  return Number(row.rows[0]?.n ?? 0);
}

describe.each(testDialects())('the server process under load (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    await database?.drop();
  });

  it(
    'on SIGTERM stops taking requests, answers every one it took, and leaves the books whole',
    async () => {
      database = await openTestDatabase(dialect, 'term');
      const { token, userId } = await preparedPlayer(database, TRANSFERS * 2);
      server = await startServerProcess(database);
      const running = server;
      const keys = Array.from({ length: TRANSFERS }, (_, i) => `lifecycle-term-${i}`);
      const answers = await transferLoad(running.port, token, keys, (answered) => {
        if (answered === TRANSFERS / 4) running.child.kill('SIGTERM');
      });
      expect(await running.exited).toBe(0);

      const outcomes = [...answers.values()];
      const ok = outcomes.filter((a) => 'status' in a && a.status === 200).length;
      // Every request either had its answer or was never taken: refused once the server stopped
      // listening, or reset while it still sat unread in the kernel's queue (a client retries either
      // with its key). The count below shows none of those was applied.
      for (const answer of outcomes) {
        if ('error' in answer) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(answer.error);
        else expect([200, 503], answer.body).toContain(answer.status);
      }
      expect(ok).toBeGreaterThanOrEqual(TRANSFERS / 4);
      expect(await gameTransfersOf(database, userId)).toBe(ok);
      expect(await checkLedger(database.db.kysely)).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'after SIGKILL and a restart, has every acknowledged transfer once, and a retried key replays it',
    async () => {
      database = await openTestDatabase(dialect, 'kill');
      const { token, userId } = await preparedPlayer(database, TRANSFERS * 2);
      server = await startServerProcess(database);
      const running = server;
      const keys = Array.from({ length: TRANSFERS }, (_, i) => `lifecycle-kill-${i}`);
      const first = await transferLoad(running.port, token, keys, (answered) => {
        if (answered === TRANSFERS / 4) running.child.kill('SIGKILL');
      });
      await running.exited;
      const acknowledged = keys.filter((key) => {
        const answer = first.get(key);
        return answer && 'status' in answer && answer.status === 200;
      });
      expect(acknowledged.length).toBeGreaterThanOrEqual(TRANSFERS / 4);
      const applied = await gameTransfersOf(database, userId);
      // Acknowledged means committed; at most the requests in flight at the kill committed unanswered.
      expect(applied).toBeGreaterThanOrEqual(acknowledged.length);
      expect(applied).toBeLessThanOrEqual(acknowledged.length + IN_FLIGHT);
      expect(await checkLedger(database.db.kysely)).toEqual([]);

      // The clients retry with the same keys once the server is back: each gets its first answer again,
      // and nothing moves twice. (A transfer cut off mid-way waits for the recovery of its key and its
      // game account's lease, minutes later; wallet.crash-recovery.test.ts covers that.)
      server = await startServerProcess(database);
      const again = await transferLoad(server.port, token, acknowledged, () => {});
      for (const key of acknowledged) expect(again.get(key)).toEqual(first.get(key));
      expect(await gameTransfersOf(database, userId)).toBe(applied);
      expect(await checkLedger(database.db.kysely)).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
