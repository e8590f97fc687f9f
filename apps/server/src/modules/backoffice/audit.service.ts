import type { AuditEntry, AuditPage, AuditQueryParsed } from '@wallet/contract/backoffice/audit';
import type { AuditAction, AuditTargetType } from '@wallet/contract/backoffice/audit-actions';
import { isOperatorRole, type OperatorRole } from '@wallet/contract/backoffice/roles';
import type { Kysely, Transaction } from 'kysely';
import { listOffset } from '../../db/list-window.ts';
import type { AuditLogRow } from '../../db/schema/backoffice.ts';
import type { Database } from '../../db/schema.ts';
import { orderedId } from '../../lib/ids.ts';
import { type AuditFilter, countAuditRows, findAuditRows, findTargetPlayers, insertAuditRow } from './audit.repo.ts';

/** Who did it, from where: the signed-in operator of a request, or a command run on the server. */
export interface AuditActor {
  operatorId: string | null;
  username: string;
  role: OperatorRole | null;
  ip: string;
  requestId: string;
}

export interface AuditChange {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
}

/**
 * Writes the audit row of a change in the transaction that makes the change: both are committed or
 * neither is. Every operator change calls this; nothing updates or deletes the rows (the database
 * refuses it too, migration 011).
 */
export async function recordAudit(
  trx: Transaction<Database>,
  actor: AuditActor,
  change: AuditChange,
  now: number,
): Promise<void> {
  await insertAuditRow(trx, {
    id: orderedId(now),
    at: now,
    operator_id: actor.operatorId,
    operator_username: actor.username,
    operator_role: actor.role,
    action: change.action,
    target_type: change.targetType ?? null,
    target_id: change.targetId ?? null,
    before_json: change.before === undefined ? null : JSON.stringify(change.before),
    after_json: change.after === undefined ? null : JSON.stringify(change.after),
    reason: change.reason || null,
    ip: actor.ip,
    request_id: actor.requestId,
  });
}

function toEntry(row: AuditLogRow, players: Map<string, { username: string; name: string }>): AuditEntry {
  return {
    id: row.id,
    at: new Date(Number(row.at)).toISOString(),
    operatorId: row.operator_id,
    operatorUsername: row.operator_username,
    operatorRole: row.operator_role && isOperatorRole(row.operator_role) ? row.operator_role : null,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetPlayer: (row.target_type === 'player' && row.target_id && players.get(row.target_id)) || null,
    before: row.before_json === null ? null : JSON.parse(row.before_json),
    after: row.after_json === null ? null : JSON.parse(row.after_json),
    reason: row.reason,
    ip: row.ip,
    requestId: row.request_id,
  };
}

function filterOf(query: AuditQueryParsed): AuditFilter {
  return {
    operatorId: query.operatorId,
    action: query.action,
    // The player filter is the target filter for players.
    targetType: query.playerId ? 'player' : query.targetType,
    targetId: query.playerId ?? query.targetId,
    from: query.from ? Date.parse(query.from) : undefined,
    to: query.to ? Date.parse(query.to) : undefined,
  };
}

export function createAuditService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  async function list(query: AuditQueryParsed): Promise<AuditPage> {
    const filter = filterOf(query);
    const offset = listOffset(query.page, query.limit);
    const [rows, count] = await Promise.all([
      offset === null ? [] : findAuditRows(db, filter, { offset, limit: query.limit }),
      countAuditRows(db, filter),
    ]);
    const playerIds = [
      ...new Set(rows.filter((row) => row.target_type === 'player' && row.target_id).map((row) => row.target_id)),
    ] as string[];
    const players = await findTargetPlayers(db, playerIds);
    return { items: rows.map((row) => toEntry(row, players)), ...count, page: query.page, limit: query.limit };
  }

  return { list };
}

export type AuditService = ReturnType<typeof createAuditService>;
