import type { MoneyQueue } from '@wallet/contract/backoffice/money-desk';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The first of two approvals of a held transfer or slip, once: of two first approvals racing, one is
 * kept. False when the item already had one.
 */
export async function recordFirstApproval(
  trx: Transaction<Database>,
  approval: {
    queue: MoneyQueue;
    itemId: string;
    operatorId: string;
    operatorUsername: string;
    userId: string;
    username: string;
  },
  reason: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .insertInto('money_desk_approvals')
    .values({
      queue: approval.queue,
      item_id: approval.itemId,
      operator_id: approval.operatorId,
      operator_username: approval.operatorUsername,
      user_id: approval.userId,
      username: approval.username,
      reason,
      approved_at: now,
    })
    .onConflict((oc) => oc.columns(['queue', 'item_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * The second approval uses up the first, in the deciding transaction, only while it still stands as the
 * second operator saw it (same first approver, same player): true when it did.
 */
export async function useFirstApproval(
  trx: Transaction<Database>,
  queue: MoneyQueue,
  itemId: string,
  first: { operatorId: string; userId: string },
): Promise<boolean> {
  const result = await trx
    .deleteFrom('money_desk_approvals')
    .where('queue', '=', queue)
    .where('item_id', '=', itemId)
    .where('operator_id', '=', first.operatorId)
    .where('user_id', '=', first.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
