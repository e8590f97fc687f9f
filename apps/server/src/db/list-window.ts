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
  // biome-ignore lint/suspicious/noExplicitAny: any list's query (its tables and aliases); only its FROM, joins and WHERE are read.
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

/**
 * One page of a list and its count, asked together: `read` reads the rows from an offset (the list's own
 * order and columns); a page past the window reads nothing.
 */
export async function readListPage<Row>(
  db: Kysely<Database> | Transaction<Database>,
  // biome-ignore lint/suspicious/noExplicitAny: any list's query, as for countMatches.
  matching: SelectQueryBuilder<any, any, any>,
  page: { page: number; limit: number },
  read: (offset: number) => Promise<Row[]>,
): Promise<{ rows: Row[] } & ListTotal> {
  const offset = listOffset(page.page, page.limit);
  const [rows, count] = await Promise.all([offset === null ? [] : read(offset), countMatches(db, matching)]);
  return { rows, ...count };
}
