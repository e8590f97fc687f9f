import { LIST_COUNT_CAP } from '@wallet/contract/backoffice/csv-export';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** How many rows a back-office list matches, exactly up to LIST_COUNT_CAP; `totalCapped` when there are more. */
export interface ListTotal {
  total: number;
  totalCapped: boolean;
}

/**
 * Counts what `matching` (a list's filtered query, its selection ignored) matches, reading no further than
 * LIST_COUNT_CAP + 1 rows: the cost of a page view stays the same whatever the size of the history.
 */
export async function countMatches(
  db: Kysely<Database> | Transaction<Database>,
  // Any list's query: only its FROM, joins and WHERE are read.
  matching: SelectQueryBuilder<any, any, any>,
): Promise<ListTotal> {
  const window = matching
    .clearSelect()
    .select(sql<number>`1`.as('one'))
    .limit(LIST_COUNT_CAP + 1);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${window} as matches`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return { total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP };
}

/**
 * Where a page starts, or null past the counted window: a page there is empty without reading anything
 * (OFFSET reads every row it skips), and the back office offers no page beyond it.
 */
export function listOffset(page: number, limit: number): number | null {
  const offset = (page - 1) * limit;
  return offset < LIST_COUNT_CAP ? offset : null;
}
