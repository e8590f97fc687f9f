/**
 * The PostgreSQL floor (issue 19): what this machine gives a wallet transfer with nothing but the money
 * in it, run in its own process like the app and measured in the same `npm run bench` run. A transfer
 * here is one hand-written statement (debit if funded, credit, ledger line) on a pool of the app's size,
 * sent as a named statement. POST /floor/1 is the single-statement transfer the issue's
 * target was set against; POST /floor/3 sends it three times, the fewest round trips a game transfer can
 * take while the provider call stays outside any held transaction (book, provider, settle). No
 * session, idempotency, validation or provider: the app's figures can only be lower.
 */
import Fastify from 'fastify';
import pg from 'pg';

const ACCOUNTS = 200;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(`create table if not exists floor_accounts (id int primary key, balance bigint not null)`);
await pool.query(`create table if not exists floor_ledger (
  id bigserial primary key, debit int not null, credit int not null, amount bigint not null, created_at bigint not null)`);
await pool.query(
  `insert into floor_accounts select i, 1000000000000 from generate_series(1, ${2 * ACCOUNTS}) as i on conflict do nothing`,
);

const TRANSFER = `
  with debit as (update floor_accounts set balance = balance - $1 where id = $2 and balance >= $1 returning balance),
  credit as (update floor_accounts set balance = balance + $1 where id = $3 and exists (select 1 from debit) returning balance),
  line as (insert into floor_ledger (debit, credit, amount, created_at) select $2, $3, $1, $4 from debit returning id)
  select (select balance from debit) as balance, (select count(*) from line) as lines`;

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
app.post<{ Params: { statements: string } }>('/floor/:statements', async (request) => {
  const from = 1 + Math.floor(Math.random() * ACCOUNTS);
  let balance = 0;
  for (let i = 0; i < Number(request.params.statements); i += 1) {
    const { rows } = await pool.query({
      name: 'floor_transfer',
      text: TRANSFER,
      values: [100, from, from + ACCOUNTS, Date.now()],
    });
    balance = Number(rows[0]?.balance);
  }
  return { wallet: { amount: balance / 100 } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
