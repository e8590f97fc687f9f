import type { Kysely, Transaction } from 'kysely';
import { countMatches, type ListTotal } from '../../db/list-window.ts';
import type { AuditLogRow } from '../../db/schema/backoffice.ts';
import type { Database } from '../../db/schema.ts';

export interface AuditFilter {
  operatorId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** Inclusive lower and exclusive upper bound, epoch ms. */
  from?: number | undefined;
  to?: number | undefined;
}

/** The only write the audit log takes: an insert, inside the transaction of the change it records. */
export async function insertAuditRow(trx: Transaction<Database>, row: AuditLogRow): Promise<void> {
  await trx.insertInto('audit_log').values(row).execute();
}

function filtered(db: Kysely<Database>, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.operatorId) query = query.where('operator_id', '=', filter.operatorId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  return query;
}

/** Newest first; ids sort by creation, so rows of the same millisecond keep their order. */
export async function findAuditRows(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<AuditLogRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countAuditRows(db: Kysely<Database>, filter: AuditFilter): Promise<ListTotal> {
  return countMatches(db, filtered(db, filter));
}

/** The players a page of rows is about, by id: one query for the page, not one per row. */
export async function findTargetPlayers(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, { username: string; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, { username: row.username, name: row.name }]));
}
