import { type Kysely, sql } from 'kysely';

/**
 * Bank transaction references are compared without case from now on, kept in capitals: the claim keys
 * `bank:<reference>` in deposit_references and the references of bank_transfers. A row whose capital
 * spelling another row already holds keeps its own (that transfer was seen, and paid, under both
 * spellings before this rule; the unique keys forbid merging them); every new spelling of either
 * meets the capital one.
 *
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`
    update deposit_references set reference = 'bank:' || upper(substr(reference, 6))
    where substr(reference, 1, 5) = 'bank:'
      and reference <> 'bank:' || upper(substr(reference, 6))
      and not exists (
        select 1 from deposit_references other
        where other.reference <> deposit_references.reference
          and substr(other.reference, 1, 5) = 'bank:'
          and upper(other.reference) = upper(deposit_references.reference)
      )`.execute(db);
  await sql`
    update bank_transfers set reference = upper(reference)
    where reference <> upper(reference)
      and not exists (
        select 1 from bank_transfers other
        where other.reference <> bank_transfers.reference and upper(other.reference) = upper(bank_transfers.reference)
      )`.execute(db);
}
