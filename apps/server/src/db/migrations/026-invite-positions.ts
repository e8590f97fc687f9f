import { type Kysely, sql } from 'kysely';

/**
 * An inviter's list read at a cost independent of its length (issue 19), as the statement's (migration
 * 022): an inviter earns a line for every deposit of every friend, so an affiliate's list grows without
 * bound. Every accrual gets its position in its inviter's list (inviter_seq, 1 = the oldest) and every
 * inviter a count kept by the database in the inserting transaction (a trigger), so a numbered page is a
 * range on an index and its total one row. What is still to claim (on every GET /api/wallet) is summed over
 * a partial index of the unclaimed lines, not the whole history. Refund claims need neither: one per
 * player and period, their number grows with the calendar, not with play. Frozen in time: never import
 * app types.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('invite_accrual_counts')
    .addColumn('inviter_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('total', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('invite_accruals').addColumn('inviter_seq', 'bigint').execute();
  // The lines already there, in the order the list showed them (oldest first: time, then statement).
  await sql`
    update invite_accruals set inviter_seq = ranked.seq
    from (
      select statement_id,
        row_number() over (partition by inviter_id order by created_at, statement_id) as seq
      from invite_accruals
    ) as ranked
    where ranked.statement_id = invite_accruals.statement_id`.execute(db);
  await sql`
    insert into invite_accrual_counts (inviter_id, total)
    select inviter_id, count(*) from invite_accruals group by inviter_id`.execute(db);
  await db.schema
    .createIndex('invite_accruals_inviter_seq_idx')
    .on('invite_accruals')
    .columns(['inviter_id', 'inviter_seq'])
    .unique()
    .execute();
  await db.schema
    .createIndex('invite_accruals_unclaimed_idx')
    .on('invite_accruals')
    .columns(['inviter_id', 'amount'])
    .where(sql.ref('claimed_at'), 'is', null)
    .execute();

  if (dialect === 'postgres') {
    // Two accruals of one inviter at once queue on the count's row: positions follow commit order.
    await sql`
      create function invite_accruals_position() returns trigger language plpgsql as $$
      begin
        insert into invite_accrual_counts (inviter_id, total) values (new.inviter_id, 1)
        on conflict (inviter_id) do update set total = invite_accrual_counts.total + 1
        returning total into new.inviter_seq;
        return new;
      end
      $$`.execute(db);
    await sql`
      create trigger invite_accruals_position before insert on invite_accruals
      for each row execute function invite_accruals_position()`.execute(db);
  } else {
    // SQLite's triggers cannot change the row being inserted: the position is written right after it.
    await sql`
      create trigger invite_accruals_position after insert on invite_accruals
      for each row begin
        insert into invite_accrual_counts (inviter_id, total) values (new.inviter_id, 1)
        on conflict (inviter_id) do update set total = total + 1;
        update invite_accruals
        set inviter_seq = (select total from invite_accrual_counts where inviter_id = new.inviter_id)
        where rowid = new.rowid;
      end`.execute(db);
  }
}
