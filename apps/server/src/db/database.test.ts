import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDialects } from '../../test/helpers.ts';
import { type Db, openDb } from './database.ts';
import { dialectOf } from './dialect.ts';
import { migrate } from './migrate.ts';
import { inlineParameters, postgresRoundTrips } from './postgres.ts';
import { prepared, transaction } from './prepared.ts';

const putSetting = prepared(
  `insert into settings (key, value, updated_at) values ($1, $2, $3)
   on conflict (key) do update set value = $2, updated_at = $3`,
);
const readSetting = prepared<{ value: string }>('select value from settings where key = $1');
const bumpSetting = prepared<{ value: string }>(
  'update settings set value = value || $1 where key = $2 returning value',
);
const dropSetting = prepared('delete from settings where key = $1');
const bumpOrPut = prepared<{ value: string; updated_at: number }>(
  `insert into settings (key, value, updated_at) values ($1, $2, $3)
   on conflict (key) do update set value = $2, updated_at = $3 returning value, updated_at`,
);
const bumpWithCte = prepared<{ value: string }>(
  `with target as (select key from settings where key = $2)
   update settings set value = value || $1 from target where settings.key = target.key returning settings.value`,
);

describe.each(testDialects())('prepared statements on %s', (dialect) => {
  let testDb: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    testDb = await openTestDatabase(dialect, 'd');
    db = testDb.db;
  });

  afterAll(() => testDb.drop());

  it('knows its dialect', () => {
    expect(dialectOf(db.kysely)).toBe(dialect);
  });

  it('binds a placeholder used twice, returns rows, and counts changed rows', async () => {
    await putSetting.run(db.kysely, ['p-1', '"a"', 1]);
    await putSetting.run(db.kysely, ['p-1', '"b"', 2]);
    expect(await readSetting.first(db.kysely, ['p-1'])).toEqual({ value: '"b"' });
    expect(await readSetting.all(db.kysely, ['p-1'])).toEqual([{ value: '"b"' }]);
    expect(await readSetting.first(db.kysely, ['no-such-key'])).toBeUndefined();
    expect(await bumpSetting.first(db.kysely, ['!', 'p-1'])).toEqual({ value: '"b"!' });
    expect(await dropSetting.run(db.kysely, ['p-1'])).toBe(1);
    expect(await dropSetting.run(db.kysely, ['p-1'])).toBe(0);
  });

  it.runIf(dialect === 'postgres')(
    'runs a query-builder text as a named statement from its second use, and one-off texts unnamed',
    async () => {
      const named = await db.kysely.transaction().execute(async (trx) => {
        const read = (key: string) =>
          trx.selectFrom('settings').select('value').where('key', '=', key).where('updated_at', '>', -7).execute();
        // A transaction's first statement travels with its BEGIN, its values written in (never named).
        await sql`select 1`.execute(trx);
        await read('a');
        await read('b');
        await trx.selectFrom('settings').select('key').where('updated_at', '>', -8).execute();
        // The connection is the transaction's: its prepared statements are the ones these made.
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
        return rows.map((row) => row.statement);
      });
      expect(named.filter((text) => text.includes('> $2'))).toHaveLength(1);
      expect(named.some((text) => text.includes('"updated_at" > $1'))).toBe(false);
    },
  );

  it.runIf(dialect === 'postgres')(
    'keeps answering a named `select *` after a migration adds a column (a rolling deploy)',
    async () => {
      await sql`create table if not exists deploy_probe (id text primary key)`.execute(db.kysely);
      await sql`insert into deploy_probe (id) values ('a')`.execute(db.kysely);
      const read = () =>
        db.kysely
          .selectFrom('deploy_probe' as never)
          .selectAll()
          .where('id' as never, '=', 'a' as never)
          .execute();
      // Named from the second use, on every connection of the pool that runs it.
      await Promise.all(Array.from({ length: 6 }, read));
      await Promise.all(Array.from({ length: 6 }, read));
      await sql`alter table deploy_probe add column note text`.execute(db.kysely);
      const rows = await Promise.all(Array.from({ length: 6 }, read));
      for (const found of rows) expect(found).toEqual([{ id: 'a', note: null }]);
    },
  );

  it('defers a write inside a transaction to its next statement or its commit, atomically', async () => {
    const trips = async <T>(work: () => Promise<T>) => {
      const before = postgresRoundTrips();
      const value = await work();
      return { value, trips: postgresRoundTrips() - before };
    };
    // Carried by the next statement (which sees the database as before it), committed with it.
    const carried = await trips(() =>
      db.kysely.transaction().execute(async (trx) => {
        await putSetting.defer(trx, ['d-1', '"one"', 1]);
        await putSetting.defer(trx, ['d-2', '"two"', 1]);
        return readSetting.first(trx, ['d-1']);
      }),
    );
    // SQLite runs it at once (no round trip to save): the read sees it there.
    expect(carried.value).toEqual(dialect === 'postgres' ? undefined : { value: '"one"' });
    expect(await readSetting.first(db.kysely, ['d-1'])).toEqual({ value: '"one"' });
    expect(await readSetting.first(db.kysely, ['d-2'])).toEqual({ value: '"two"' });
    if (dialect === 'postgres') expect(carried.trips).toBe(2); // begin with the read carrying both writes, commit

    // A statement with its own WITH takes them too.
    await db.kysely.transaction().execute(async (trx) => {
      await dropSetting.defer(trx, ['d-2']);
      await bumpWithCte.first(trx, ['!', 'd-1']);
    });
    expect(await readSetting.first(db.kysely, ['d-1'])).toEqual({ value: '"one"!' });
    expect(await readSetting.first(db.kysely, ['d-2'])).toBeUndefined();

    // Only deferred writes: one statement, no BEGIN or COMMIT; a failing one undoes the others.
    const alone = await trips(() =>
      db.kysely.transaction().execute(async (trx) => {
        await putSetting.defer(trx, ['d-3', '"three"', 1]);
        await dropSetting.defer(trx, ['d-1']);
      }),
    );
    expect(await readSetting.first(db.kysely, ['d-3'])).toEqual({ value: '"three"' });
    expect(await readSetting.first(db.kysely, ['d-1'])).toBeUndefined();
    if (dialect !== 'postgres') return;
    expect(alone.trips).toBe(1);
    // A write that fails (a time that is not a number) fails the transaction, which undoes the rest.
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await dropSetting.defer(trx, ['d-3']);
        await putSetting.defer(trx, ['d-4', '"four"', 'not a number']);
      }),
    ).rejects.toThrow();
    expect(await readSetting.first(db.kysely, ['d-3'])).toEqual({ value: '"three"' });
    expect(await readSetting.first(db.kysely, ['d-4'])).toBeUndefined();

    // A transaction that sent a statement first: the failing write fails the commit, nothing stays.
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await putSetting.run(trx, ['d-5', '"five"', 1]);
        await putSetting.defer(trx, ['d-6', '"six"', 'not a number']);
      }),
    ).rejects.toThrow();
    expect(await readSetting.first(db.kysely, ['d-5'])).toBeUndefined();

    // Rolled back: never sent.
    const rolledBack = await trips(() =>
      db.kysely
        .transaction()
        .execute(async (trx) => {
          await putSetting.defer(trx, ['d-7', '"seven"', 1]);
          throw new Error('changed my mind');
        })
        .catch(() => 'rolled back'),
    );
    expect(rolledBack.value).toBe('rolled back');
    expect(await readSetting.first(db.kysely, ['d-7'])).toBeUndefined();
    expect(rolledBack.trips).toBe(0);

    // Outside a transaction it runs at once; a transaction that did nothing costs nothing.
    await putSetting.defer(db.kysely, ['d-8', '"eight"', 1]);
    expect(await readSetting.first(db.kysely, ['d-8'])).toEqual({ value: '"eight"' });
    const empty = await trips(() => db.kysely.transaction().execute(async () => 'nothing'));
    expect(empty.trips).toBe(0);
  });

  it("sends a transaction's BEGIN with its first statement, values written in exactly as sent", async () => {
    const awkward = [
      `it's a "quote"`,
      "back\\slash \\x00 and E'\\' escapes",
      "'); delete from settings; --",
      'ไทย ລາວ 🎰',
      '$1 $2 placeholders in a value',
    ];
    const before = postgresRoundTrips();
    const stored = await db.kysely.transaction().execute(async (trx) => {
      const rows = [];
      for (const [i, value] of awkward.entries()) {
        rows.push(await bumpOrPut.first(trx, [`b-${i}`, value, 2 ** 40 + i]));
      }
      return rows;
    });
    if (dialect === 'postgres') expect(postgresRoundTrips() - before).toBe(awkward.length + 1); // + commit
    expect(stored).toEqual(awkward.map((value, i) => ({ value, updated_at: 2 ** 40 + i })));
    expect(await readSetting.first(db.kysely, ['b-0'])).toEqual({ value: awkward[0] });

    // A first statement that fails aborts the transaction BEGIN opened: nothing stays, the connection serves on.
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await bumpOrPut.first(trx, ['b-bad', null, 1]);
      }),
    ).rejects.toThrow();
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await putSetting.run(trx, ['b-later', '"x"', 1]);
        await putSetting.run(trx, ['b-later-2', null, 1]);
      }),
    ).rejects.toThrow();
    expect(await readSetting.first(db.kysely, ['b-bad'])).toBeUndefined();
    expect(await readSetting.first(db.kysely, ['b-later'])).toBeUndefined();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        db.kysely.transaction().execute((trx) => putSetting.run(trx, [`b-many-${i}`, `"${i}"`, i])),
      ),
    );
    expect(await readSetting.first(db.kysely, ['b-many-29'])).toEqual({ value: '"29"' });
  });

  it.runIf(dialect === 'postgres')('writes in only plain values; anything else goes with a BEGIN of its own', () => {
    expect(inlineParameters({ text: 'select $1, $2, $10', values: [1, 'a', 3, 4, 5, 6, 7, 8, 9, null] })).toBe(
      "select '1', 'a', NULL",
    );
    expect(inlineParameters({ text: 'select $1', values: [true] })).toBe("select 'true'");
    expect(inlineParameters({ text: 'select $1', values: ["o'clock \\"] })).toBe("select  E'o''clock \\\\'");
    expect(inlineParameters({ text: 'select $1', values: ['a\u0000b'] })).toBeUndefined();
    expect(inlineParameters({ text: 'select $1', values: [Buffer.from('x')] })).toBeUndefined();
    expect(inlineParameters({ text: 'select $1', values: [['a']] })).toBeUndefined();
    expect(inlineParameters({ text: 'select $1', values: [{ a: 1 }] })).toBeUndefined();
    expect(inlineParameters({ text: 'select $2', values: [1] })).toBeUndefined();
    // A `$1` inside a quoted literal or identifier of the text is text, not a placeholder.
    expect(inlineParameters({ text: `select 'costs $1' as "$1", $1 where 'it''s $2' <> ''`, values: ['x'] })).toBe(
      `select 'costs $1' as "$1", 'x' where 'it''s $2' <> ''`,
    );
  });

  it('runs inside a transaction: sees its writes, and rolls back with it', async () => {
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await putSetting.run(trx, ['p-2', '1', 1]);
        expect(await readSetting.first(trx, ['p-2'])).toEqual({ value: '1' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await readSetting.first(db.kysely, ['p-2'])).toBeUndefined();
    await db.kysely.transaction().execute((trx) => putSetting.run(trx, ['p-2', '2', 2]));
    expect(await readSetting.first(db.kysely, ['p-2'])).toEqual({ value: '2' });
  });

  it('runs transaction(): commits, rolls back, and refuses a transaction used after it ended', async () => {
    const kept = await transaction(db.kysely, async (trx) => {
      await putSetting.run(trx, ['t-1', '1', 1]);
      await trx.insertInto('settings').values({ key: 't-2', value: '2', updated_at: 1 }).execute();
      return 'done';
    });
    expect(kept).toBe('done');
    expect(await readSetting.all(db.kysely, ['t-2'])).toEqual([{ value: '2' }]);
    await expect(
      transaction(db.kysely, async (trx) => {
        await putSetting.run(trx, ['t-3', '3', 1]);
        await trx.insertInto('settings').values({ key: 't-4', value: '4', updated_at: 1 }).execute();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await readSetting.first(db.kysely, ['t-3'])).toBeUndefined();
    expect(await readSetting.first(db.kysely, ['t-4'])).toBeUndefined();
    let leaked: typeof db.kysely | undefined;
    await transaction(db.kysely, async (trx) => {
      leaked = trx;
    });
    const stale = leaked as typeof db.kysely;
    await expect(readSetting.first(stale, ['t-1'])).rejects.toThrow(/ended|committed|rolled back/);
    await expect(stale.selectFrom('settings').selectAll().execute()).rejects.toThrow(/ended|committed|rolled back/);
  });

  it('mixes with query-builder queries in one transaction', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'p-3', value: '"x"', updated_at: 1 }).execute();
      expect(await bumpSetting.first(trx, ['y', 'p-3'])).toEqual({ value: '"x"y' });
    });
    const row = await db.kysely.selectFrom('settings').select('value').where('key', '=', 'p-3').executeTakeFirst();
    expect(row?.value).toBe('"x"y');
  });
});

describe('SQLite group commit', () => {
  let dataDir: string;
  let file: string;
  let db: Db;
  /** A second connection, as another process would have: it sees only what was committed. */
  let other: SQLite.Database;
  const committed = (key: string) =>
    other.prepare('select value from settings where key = ?').get(key) as { value: string } | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wallet-group-test-'));
    file = join(dataDir, 'test.db');
    db = openDb(`sqlite:${file}`);
    await migrate(db);
    other = new SQLite(file, { readonly: true });
  });

  afterEach(async () => {
    other.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports a transaction committed only when another connection can see it', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `g-${i}`);
    await Promise.all(
      keys.map(async (key, i) => {
        await db.kysely.transaction().execute(async (trx) => {
          await putSetting.run(trx, [key, String(i), i]);
        });
        expect(committed(key)).toEqual({ value: String(i) });
      }),
    );
  });

  it('rolls back only the transaction that failed, keeping the others of its group', async () => {
    const results = await Promise.allSettled(
      ['keep-1', 'fail', 'keep-2'].map((key) =>
        db.kysely.transaction().execute(async (trx) => {
          await putSetting.run(trx, [key, '1', 1]);
          await trx
            .insertInto('settings')
            .values({ key: `${key}-builder`, value: '1', updated_at: 1 })
            .execute();
          if (key === 'fail') throw new Error('refused');
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const key of ['keep-1', 'keep-1-builder', 'keep-2', 'keep-2-builder']) expect(committed(key)).toBeDefined();
    expect(committed('fail')).toBeUndefined();
    expect(committed('fail-builder')).toBeUndefined();
  });

  it('commits a write outside a transaction at once, even while a group waits for its commit', async () => {
    let bodyDone = () => {};
    const bodyDonePromise = new Promise<void>((resolve) => {
      bodyDone = resolve;
    });
    const inGroup = db.kysely.transaction().execute(async (trx) => {
      await putSetting.run(trx, ['grouped', '1', 1]);
      bodyDone();
    });
    await bodyDonePromise;
    // The group commits at the end of this turn of the event loop; these writes come before that.
    expect(committed('grouped')).toBeUndefined();
    await putSetting.run(db.kysely, ['alone', '1', 1]);
    expect(committed('alone')).toBeDefined();
    // The open group was committed first, so the order of commits is the order of the writes.
    expect(committed('grouped')).toBeDefined();
    await db.kysely.insertInto('settings').values({ key: 'builder', value: '1', updated_at: 1 }).execute();
    expect(committed('builder')).toBeDefined();
    await inGroup;
  });

  it('lets reads outside a transaction see transactions that ran before them', async () => {
    const write = db.kysely.transaction().execute((trx) => putSetting.run(trx, ['seen', '"yes"', 1]));
    const read = readSetting.first(db.kysely, ['seen']);
    await write;
    expect(await read).toEqual({ value: '"yes"' });
  });

  it('keeps savepoint journals in memory, not in temporary files', async () => {
    // Every transaction is a savepoint of its group: a file would cost a write() per changed page.
    const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(db.kysely);
    expect(rows).toEqual([{ temp_store: 2 }]);
  });

  it('finds the pending game transfers of a game account in the index of pending statements only', async () => {
    const { rows } = await sql<{ detail: string }>`explain query plan
      select id from statements where game_account_id = ${'ga-1'} and status = 'PENDING' order by created_at`.execute(
      db.kysely,
    );
    expect(rows.map((row) => row.detail)).toEqual([
      'SEARCH statements USING INDEX statements_game_pending_idx (game_account_id=?)',
    ]);
  });

  it("reads an inviter's page by position and sums only the unclaimed lines (migration 026)", async () => {
    const page = await sql<{ detail: string }>`explain query plan
      select amount from invite_accruals where inviter_id = ${'u-1'} and inviter_seq <= ${40}
      order by inviter_seq desc limit 10`.execute(db.kysely);
    expect(page.rows.map((row) => row.detail)).toEqual([
      'SEARCH invite_accruals USING INDEX invite_accruals_inviter_seq_idx (inviter_id=? AND inviter_seq<?)',
    ]);
    const unclaimed = await sql<{ detail: string }>`explain query plan
      select sum(amount) from invite_accruals where inviter_id = ${'u-1'} and claimed_at is null`.execute(db.kysely);
    expect(unclaimed.rows.map((row) => row.detail)).toEqual([
      'SEARCH invite_accruals USING INDEX invite_accruals_unclaimed_idx (inviter_id=?)',
    ]);
  });

  it("reads the back office's deposits tab of a player from an index of that type alone (migration 027)", async () => {
    // Found by the large-history bench: a player with 300,000 game transfers and a few deposits had
    // every line of the statement read for each page of the deposits tab and its count.
    const page = await sql<{ detail: string }>`explain query plan
      select id, amount from statements where user_id = ${'u-1'} and statement_type = ${'deposit'}
      order by created_at desc, id desc limit 20 offset 0`.execute(db.kysely);
    expect(page.rows.map((row) => row.detail)).toEqual([
      'SEARCH statements USING INDEX statements_user_type_idx (user_id=? AND statement_type=?)',
    ]);
    const count = await sql<{ detail: string }>`explain query plan
      select count(*) from (select 1 from statements where user_id = ${'u-1'} and statement_type = ${'deposit'}
      limit 10001)`.execute(db.kysely);
    expect(count.rows.map((row) => row.detail)).toContain(
      'SEARCH statements USING COVERING INDEX statements_user_type_idx (user_id=? AND statement_type=?)',
    );
  });

  it('moves checkpoints to a background thread once the database is busy', async () => {
    // Enough commits to count as busy: from then on a worker thread checkpoints, and the connection
    // itself only if the WAL grows past 50,000 pages.
    for (let i = 0; i < 300; i++) {
      await db.kysely.transaction().execute((trx) => putSetting.run(trx, [`busy-${i % 10}`, String(i), i]));
    }
    const before = statSync(file).size;
    const page = 'x'.repeat(4000);
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 500; i++) await putSetting.run(trx, [`big-${i}`, page, i]);
    });
    // About 2 MB sits in the WAL now; only a checkpoint copies it into the database file.
    await expect.poll(() => statSync(file).size, { timeout: 5_000, interval: 50 }).toBeGreaterThan(before + 1_000_000);
    expect(committed('big-499')?.value).toBe(page);
  });
});

describe('SQLite checkpoints under steady load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-wal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts the WAL over from the background thread, never checkpointing on the event loop', async () => {
    const file = join(dir, 'steady.db');
    const db = openDb(`sqlite:${file}`, { walRestartPages: 200 });
    try {
      await migrate(db);
      for (let i = 0; i < 300; i++) {
        await db.kysely.transaction().execute((trx) => putSetting.run(trx, [`busy-${i % 10}`, String(i), i]));
      }
      // The connection serving requests never checkpoints itself: its checkpoints' fsyncs stall every request.
      const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely);
      expect(Number(autocheckpoint.rows[0]?.wal_autocheckpoint)).toBe(0);
      // Past walRestartPages the worker holds new writes back (without blocking the event loop), copies
      // the rest of the WAL into the database and truncates it.
      const page = 'x'.repeat(4000);
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 500; i++) await putSetting.run(trx, [`big-${i}`, page, i]);
      });
      await expect.poll(() => statSync(`${file}-wal`).size, { timeout: 5_000, interval: 50 }).toBe(0);
      // Writes go on afterwards.
      await db.kysely.transaction().execute((trx) => putSetting.run(trx, ['after', '"1"', 1]));
      const reader = new SQLite(file, { readonly: true });
      try {
        expect(reader.prepare('select value from settings where key = ?').get('big-499')).toEqual({ value: page });
        expect(reader.prepare('select value from settings where key = ?').get('after')).toEqual({ value: '"1"' });
      } finally {
        reader.close();
      }
    } finally {
      await db.close();
    }
  });
});

describe('SQLite durability', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-sync-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const synchronousOf = async (db: Db) =>
    Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely)).rows[0]?.synchronous);

  it('syncs at checkpoints by default (NORMAL), and on every commit with SQLITE_SYNCHRONOUS=FULL', async () => {
    const normal = openDb(`sqlite:${join(dir, 'normal.db')}`);
    const full = openDb(`sqlite:${join(dir, 'full.db')}`, { sqliteSynchronous: 'FULL' });
    try {
      expect(await synchronousOf(normal)).toBe(1);
      expect(await synchronousOf(full)).toBe(2);
    } finally {
      await normal.close();
      await full.close();
    }
  });
});
