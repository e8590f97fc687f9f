/**
 * The large-history mode of `npm run bench` (BENCH_HISTORY=1, issue 19): the figures a player sees
 * measured on the bench's fresh database, then again after loading a year of statement lines, one
 * busy player with HEAVY_ROWS of them and TOTAL_ROWS in all. Each figure is printed next to its
 * fresh-database one; the target is within 20%. The lines are written straight into `statements`
 * (display records; player balances are untouched, so `ledger:check` still judges the run). The
 * ledger gets LEDGER_ROWS transfers of its own between two bench accounts, balanced, so the bench's
 * timing of `ledger:check` is on a ledger of that size.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

export const HEAVY_ROWS = Number(process.env.BENCH_HISTORY_HEAVY_ROWS ?? 300_000);
export const TOTAL_ROWS = Number(process.env.BENCH_HISTORY_TOTAL_ROWS ?? 1_000_000);
export const LEDGER_ROWS = Number(process.env.BENCH_HISTORY_LEDGER_ROWS ?? 1_000_000);
/** Statement lines a page holds in the app (SPEC: the statement screen pages by 10). */
export const PAGE_LIMIT = 10;

/**
 * Rows for one player: settled 1-baht transfers into the sandbox game a minute apart going back from now,
 * the kind of line the bench's own load writes, so the loaded first page holds what the fresh one held
 * and the two figures differ by history size alone (a page of deposits also looks up their channels).
 */
function rowsSql(dialect: 'sqlite' | 'postgres', userId: string, count: number, prefix: string): string {
  const quoted = `'${userId.replaceAll("'", "''")}'`;
  const series =
    dialect === 'postgres'
      ? `select i from generate_series(1, ${count}) as i`
      : `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count}) select i from n`;
  const now = Date.now();
  // PostgreSQL: written with the triggers off (the loader's session), so each line's position is given
  // here and the count raised once; 300,000 updates of one count row in one transaction would take
  // minutes. SQLite's trigger keeps them as it does for the server.
  const position =
    dialect === 'postgres'
      ? `, coalesce((select total from statement_counts where user_id = ${quoted}), 0) + ${count + 1} - i`
      : '';
  return `insert into statements (id, user_id, statement_type, from_code, to_code, amount, currency, status,
                                  game_account_id, linked_kind, linked_description, created_at, updated_at${position ? ', user_seq' : ''})
          select '${prefix}-' || i, ${quoted}, 'transfer', 'WALLET', 'pg', 100, 'THB', 'SUCCESS',
                 null, null, null, ${now} - cast(i as bigint) * 60000, ${now} - cast(i as bigint) * 60000${position}
          from (${series}) as series`;
}

/** PostgreSQL: the count of lines the loader added for a player (its triggers were off). */
function countSql(userId: string, count: number): string {
  const quoted = `'${userId.replaceAll("'", "''")}'`;
  return `insert into statement_counts (user_id, total) values (${quoted}, ${count})
          on conflict (user_id) do update set total = statement_counts.total + ${count}`;
}

/**
 * LEDGER_ROWS transfers of 1 satang from one bench system account to another, whose balances say so:
 * every invariant of the ledger still holds, over a ledger of that many rows.
 */
function ledgerSql(dialect: 'sqlite' | 'postgres'): string[] {
  const series =
    dialect === 'postgres'
      ? `select i from generate_series(1, ${LEDGER_ROWS}) as i`
      : `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${LEDGER_ROWS}) select i from n`;
  const now = Date.now();
  return [
    `insert into ledger_accounts (id, owner_id, kind, provider_code, currency, balance, created_at)
     values ('bench-history-a', null, 'game_float', 'bench-history-a', 'THB', ${-LEDGER_ROWS}, ${now}),
            ('bench-history-b', null, 'game_float', 'bench-history-b', 'THB', ${LEDGER_ROWS}, ${now})`,
    `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, kind, ref_type, ref_id, created_at)
     select 'bench-history-' || i, 'bench-history-a', 'bench-history-b', 1, 'THB', 'game_result', 'bench', 'bench-' || i,
            ${now} - cast(i as bigint) * 1000
     from (${series}) as series`,
  ];
}

/**
 * Writes the history: HEAVY_ROWS for the first of `userIds`, the rest of TOTAL_ROWS shared by the
 * others. `databaseUrl` is the server's own (`sqlite:<file>` or `postgres://…`).
 */
export async function loadHistory(databaseUrl: string, userIds: string[]): Promise<void> {
  const [heavy, ...others] = userIds;
  if (!heavy) throw new Error('no bench players');
  const perOther = others.length ? Math.floor((TOTAL_ROWS - HEAVY_ROWS) / others.length) : 0;
  const statements = [
    { userId: heavy, count: HEAVY_ROWS },
    ...others.map((userId) => ({ userId, count: perOther })),
  ].map(({ userId, count }, i) => ({ userId, count, prefix: `history-${i}` }));
  if (databaseUrl.startsWith('sqlite:')) {
    // The server keeps running: WAL lets this second connection write while it waits.
    const sqlite = new Database(databaseUrl.slice('sqlite:'.length));
    sqlite.pragma('busy_timeout = 60000');
    try {
      sqlite.transaction(() => {
        for (const s of statements) sqlite.exec(rowsSql('sqlite', s.userId, s.count, s.prefix));
        for (const statement of ledgerSql('sqlite')) sqlite.exec(statement);
      })();
      sqlite.exec('analyze');
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The loader is the database's owner in the bench: it may switch its own session's triggers off.
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    for (const s of statements) {
      await client.query(rowsSql('postgres', s.userId, s.count, s.prefix));
      await client.query(countSql(s.userId, s.count));
    }
    await client.query('commit');
    for (const statement of ledgerSql('postgres')) await client.query(statement);
    await client.query('analyze statements');
    await client.query('analyze ledger_transfers');
  } finally {
    await client.end();
  }
}

/** The bench players' user ids, the first bench player first. */
export async function benchUserIds(databaseUrl: string, phones: string[]): Promise<string[]> {
  const order = new Map(phones.map((phone, i) => [phone, i]));
  const sort = (rows: { id: string; username: string }[]) =>
    rows.sort((a, b) => (order.get(a.username) ?? 0) - (order.get(b.username) ?? 0)).map((row) => row.id);
  if (databaseUrl.startsWith('sqlite:')) {
    const sqlite = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      const placeholders = phones.map(() => '?').join(',');
      return sort(
        sqlite.prepare(`select id, username from users where username in (${placeholders})`).all(...phones) as {
          id: string;
          username: string;
        }[],
      );
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return sort((await client.query('select id, username from users where username = any($1)', [phones])).rows);
  } finally {
    await client.end();
  }
}
