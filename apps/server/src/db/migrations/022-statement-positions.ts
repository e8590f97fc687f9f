import { type Kysely, sql } from 'kysely';

/**
 * A player's statement read at a cost independent of its length (issue 19). Every line gets its position
 * in its player's statement (user_seq, 1 = the oldest) and every player a maintained count of lines. The
 * database keeps both in the inserting transaction (a trigger): no writer can forget them, and the money
 * path gains no round trip. A page, newest first, is then a range of positions on an index, and the total
 * one row. Positions are 1..total without gaps: lines are never deleted, and a rolled-back insert rolls its
 * count back with it. Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('statement_counts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('total', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('statements').addColumn('user_seq', 'bigint').execute();
  // The lines already there, in the order the statement listed them (oldest first: time, then id).
  await sql`
    update statements set user_seq = ranked.seq
    from (select id, row_number() over (partition by user_id order by created_at, id) as seq from statements) as ranked
    where ranked.id = statements.id`.execute(db);
  await sql`insert into statement_counts (user_id, total) select user_id, count(*) from statements group by user_id`.execute(
    db,
  );
  await db.schema
    .createIndex('statements_user_seq_idx')
    .on('statements')
    .columns(['user_id', 'user_seq'])
    .unique()
    .execute();

  if (dialect === 'postgres') {
    // Two lines of one player inserted at once queue on the count's row: positions follow commit order.
    await sql`
      create function statements_position() returns trigger language plpgsql as $$
      begin
        insert into statement_counts (user_id, total) values (new.user_id, 1)
        on conflict (user_id) do update set total = statement_counts.total + 1
        returning total into new.user_seq;
        return new;
      end
      $$`.execute(db);
    await sql`
      create trigger statements_position before insert on statements
      for each row execute function statements_position()`.execute(db);
  } else {
    // SQLite's triggers cannot change the row being inserted: the position is written right after it.
    await sql`
      create trigger statements_position after insert on statements
      for each row begin
        insert into statement_counts (user_id, total) values (new.user_id, 1)
        on conflict (user_id) do update set total = total + 1;
        update statements set user_seq = (select total from statement_counts where user_id = new.user_id)
        where rowid = new.rowid;
      end`.execute(db);
  }
}
