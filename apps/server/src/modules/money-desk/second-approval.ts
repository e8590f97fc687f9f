import type { AuditAction } from '@wallet/contract/backoffice/audit-actions';
import type { MoneyDecisionResponse } from '@wallet/contract/backoffice/money-desk';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, refused } from '../../lib/domain-error.ts';
import type * as repo from './money-desk.repo.ts';
import { dropClaim } from './money-desk.repo.ts';
import type { DeskActor, DeskAuditChange } from './money-desk.service.ts';
import { recordFirstApproval, useFirstApproval } from './second-approval.repo.ts';

/** The held deposits that take two approvals: a transfer or a slip. */
export type HeldQueue = 'transfers' | 'slips';

const FIRST_APPROVAL_ACTIONS: Record<HeldQueue, AuditAction> = {
  transfers: 'transfer.first_approval',
  slips: 'slip.first_approval',
};

/** Holds of the player's own protection: money that reaches the wallet only with two operators' approval. */
const PROTECTION_HOLDS: ReadonlySet<string> = new Set(['DEPOSIT_LIMIT', 'PLAYER_RESTRICTED']);

export function isProtectionHold(reason: string | null): boolean {
  return reason !== null && PROTECTION_HOLDS.has(reason);
}

/**
 * Four eyes on a held deposit, as on a withdrawal above the threshold: the first approval is only
 * recorded (with the player it would credit and why, audited); a second, different operator's approval
 * for the same player decides it, using up the first inside the deciding transaction.
 */
export function createSecondApproval(deps: {
  db: Kysely<Database>;
  clock: Clock;
  recordAudit(trx: Transaction<Database>, actor: DeskActor, change: DeskAuditChange, now: number): Promise<void>;
  snapshot(row: repo.QueueRow): unknown;
  changed(): void;
}) {
  const { db, clock } = deps;

  /** Records the first approval; the item stays open for another operator. */
  async function first(
    actor: DeskActor,
    queue: HeldQueue,
    row: repo.QueueRow,
    target: { id: string; username: string },
    reason: string,
  ): Promise<MoneyDecisionResponse> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const won = await recordFirstApproval(
        trx,
        {
          queue,
          itemId: row.id,
          operatorId: actor.operatorId,
          operatorUsername: actor.username,
          userId: target.id,
          username: target.username,
        },
        reason,
        now,
      );
      // Another operator's first approval got there a moment before: theirs stands.
      if (!won) throw conflict('ALREADY_DECIDED');
      await deps.recordAudit(
        trx,
        actor,
        {
          action: FIRST_APPROVAL_ACTIONS[queue],
          targetType: queue === 'transfers' ? 'transfer' : 'slip',
          targetId: row.id,
          before: deps.snapshot(row),
          after: { outcome: 'FIRST_APPROVAL', player: target.username },
          reason,
        },
        now,
      );
      // The item is free for the second operator.
      await dropClaim(trx, queue, row.id);
    });
    deps.changed();
    return { id: row.id, outcome: 'FIRST_APPROVAL' };
  }

  /** A second approval must come from someone else, for the player the first one named. */
  function assertSecond(actor: DeskActor, row: repo.QueueRow, targetId: string, field: 'userId' | 'username') {
    if (row.first_approved_by === actor.operatorId) throw conflict('SECOND_APPROVER_REQUIRED');
    if (row.approval_user_id !== targetId) throw refused('KEY_INVALID', field);
  }

  /** Inside the deciding transaction: uses up the first approval, or undoes the decision if it changed. */
  async function useFirst(trx: Transaction<Database>, queue: HeldQueue, row: repo.QueueRow): Promise<void> {
    const used = await useFirstApproval(trx, queue, row.id, {
      operatorId: row.first_approved_by ?? '',
      userId: row.approval_user_id ?? '',
    });
    if (!used) throw conflict('ALREADY_DECIDED');
  }

  return { first, assertSecond, useFirst };
}
