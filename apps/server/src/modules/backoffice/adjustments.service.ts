import type {
  AdjustmentDirection,
  AdjustmentListResponse,
  AdjustmentResponse,
  AdjustmentStatus,
  AdjustmentView,
} from '@wallet/contract/backoffice/players';
import { fromMinor } from '@wallet/contract/money';
import { ADJUSTMENT_CODE, WALLET_CODE } from '@wallet/contract/wallet-codes';
import type { Kysely, Transaction } from 'kysely';
import { fourEyesThresholdMinor } from '../../db/content-settings.ts';
import type { WalletAdjustmentRow } from '../../db/schema/players-desk.ts';
import type { Database } from '../../db/schema.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import { playerLedgerAccounts } from '../../ledger/accounts.ts';
import { bookMovement } from '../../ledger/booking.ts';
import { InsufficientFunds, LEDGER_KINDS, SYSTEM_KINDS, type SystemAccounts } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, notFound, refused } from '../../lib/domain-error.ts';
import { orderedId, randomId } from '../../lib/ids.ts';
import { type AuditActor, recordAudit } from './audit.service.ts';
import * as repo from './players.repo.ts';

export interface AdjustmentDeps {
  db: Kysely<Database>;
  clock: Clock;
  systemAccount: SystemAccounts;
  events: DomainEvents;
}

/** The creator's Idempotency-Key and a hash of the request it came with. */
export interface AdjustmentKey {
  key: string;
  requestHash: string;
}

type AdjustmentRow = WalletAdjustmentRow & { username: string; name: string };

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function viewOf(row: AdjustmentRow): AdjustmentView {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    name: row.name,
    direction: row.direction as AdjustmentDirection,
    amount: fromMinor(Number(row.amount)),
    currency: row.currency,
    status: row.status as AdjustmentStatus,
    reason: row.reason,
    createdBy: row.created_by_username,
    createdAt: iso(row.created_at),
    decidedBy: row.decided_by_username,
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    decisionReason: row.decision_reason,
    walletAfter: row.wallet_after === null ? null : fromMinor(Number(row.wallet_after)),
  };
}

/** What the audit log keeps of an adjustment. */
function auditState(row: { id: string; direction: string; amount: number; currency: string; status: string }) {
  return {
    adjustmentId: row.id,
    direction: row.direction,
    amount: fromMinor(Number(row.amount)),
    currency: row.currency,
    status: row.status,
  };
}

/**
 * Manual adjustments of a player's wallet by finance staff: a credit or a debit through the ledger
 * against the operator-adjustment system account, shown to the player as a deposit or a withdrawal
 * from / to ADJUSTMENT. Up to the four-eyes threshold it is booked at once; above it, it waits for a
 * second, different operator. A debit never takes the wallet below zero (the ledger's conditional debit).
 */
export function createAdjustments(deps: AdjustmentDeps) {
  const { db, clock, events } = deps;

  async function requireAdjustment(id: string): Promise<AdjustmentRow> {
    const row = await repo.findAdjustment(db, id);
    if (!row) throw notFound('NO_DATA');
    return row;
  }

  /**
   * Books the movement of an adjustment in the caller's transaction; the wallet balance after it.
   * A debit larger than the wallet answers MONEY_NOT_ENOUGH and rolls everything back.
   */
  async function book(
    trx: Transaction<Database>,
    adjustment: { id: string; userId: string; direction: string; amount: number },
    accounts: {
      wallet: Awaited<ReturnType<typeof playerLedgerAccounts>>['wallet'];
      system: Awaited<ReturnType<SystemAccounts>>;
    },
    now: number,
  ): Promise<number> {
    const credit = adjustment.direction === 'credit';
    const statementId = orderedId(now);
    try {
      const result = await bookMovement(trx, {
        statement: {
          id: statementId,
          userId: adjustment.userId,
          // SPEC §3 has no adjustment type: money in reads as a deposit, money out as a withdrawal,
          // the other side named ADJUSTMENT so the player's statement says it was a correction by staff.
          statementType: credit ? 'deposit' : 'withdraw',
          fromCode: credit ? ADJUSTMENT_CODE : WALLET_CODE,
          toCode: credit ? WALLET_CODE : ADJUSTMENT_CODE,
          status: 'SUCCESS',
          gameAccountId: null,
        },
        from: credit ? accounts.system : accounts.wallet,
        to: credit ? accounts.wallet : accounts.system,
        amount: adjustment.amount,
        kind: LEDGER_KINDS.operatorAdjustment,
        now,
      });
      const walletAfter = credit ? result.toBalance : result.fromBalance;
      await repo.recordAdjustmentBooking(trx, adjustment.id, { statement_id: statementId, wallet_after: walletAfter });
      return walletAfter;
    } catch (error) {
      if (error instanceof InsufficientFunds) throw refused('MONEY_NOT_ENOUGH', 'amount');
      throw error;
    }
  }

  async function accountsOf(userId: string) {
    const { wallet } = await playerLedgerAccounts(db, userId);
    // Made before the transaction opens (see createSystemAccounts).
    const system = await deps.systemAccount(SYSTEM_KINDS.operatorAdjustment, '', wallet.currency);
    return { wallet, system };
  }

  async function create(
    actor: AuditActor & { operatorId: string },
    userId: string,
    input: { direction: AdjustmentDirection; amount: number; reason: string },
    idempotency?: AdjustmentKey,
  ): Promise<AdjustmentResponse> {
    if (idempotency) {
      const earlier = await repo.findAdjustmentByKey(db, actor.operatorId, idempotency.key);
      if (earlier) {
        if (earlier.request_hash !== idempotency.requestHash) throw conflict('KEY_INVALID', 'Idempotency-Key');
        return { adjustment: viewOf(await requireAdjustment(earlier.id)) };
      }
    }
    const player = await repo.findPlayer(db, userId);
    if (!player) throw notFound('NO_USER');
    const accounts = await accountsOf(userId);
    const fourEyes = input.amount > (await fourEyesThresholdMinor(db));
    const now = clock.now();
    const id = randomId(16);
    let walletAfter: number | undefined;
    try {
      await db.transaction().execute(async (trx) => {
        await repo.insertAdjustment(trx, {
          id,
          user_id: userId,
          direction: input.direction,
          amount: input.amount,
          currency: accounts.wallet.currency,
          status: fourEyes ? 'pending' : 'booked',
          reason: input.reason,
          created_by: actor.operatorId,
          created_by_username: actor.username,
          created_at: now,
          decided_by: null,
          decided_by_username: null,
          decided_at: null,
          decision_reason: null,
          statement_id: null,
          wallet_after: null,
          idempotency_key: idempotency?.key ?? null,
          request_hash: idempotency?.requestHash ?? null,
        });
        if (!fourEyes) {
          walletAfter = await book(trx, { id, userId, ...input }, accounts, now);
        }
        await recordAudit(
          trx,
          actor,
          {
            action: 'player.adjustment_create',
            targetType: 'player',
            targetId: userId,
            after: {
              ...auditState({
                id,
                ...input,
                currency: accounts.wallet.currency,
                status: fourEyes ? 'pending' : 'booked',
              }),
              ...(walletAfter === undefined ? {} : { walletAfter: fromMinor(walletAfter) }),
            },
            reason: input.reason,
          },
          now,
        );
      });
    } catch (error) {
      // The same key sent twice at once: the first insert won; this one answers what it made.
      if (idempotency && isUniqueViolation(error, 'wallet_adjustments')) {
        return create(actor, userId, input, idempotency);
      }
      throw error;
    }
    if (walletAfter !== undefined) events.notify('wallet.changed', { userId, walletMinor: walletAfter });
    return { adjustment: viewOf(await requireAdjustment(id)) };
  }

  /**
   * The second pair of eyes. Taking the pending row and booking it are one transaction, and the take
   * is conditional on the row still pending and not the approver's own: two approvers at once book once.
   */
  async function approve(
    actor: AuditActor & { operatorId: string },
    id: string,
    reason: string | undefined,
  ): Promise<AdjustmentResponse> {
    const adjustment = await requireAdjustment(id);
    if (adjustment.created_by === actor.operatorId) throw forbidden('OWN_ADJUSTMENT');
    if (adjustment.status !== 'pending') throw conflict('ALREADY_DECIDED');
    const accounts = await accountsOf(adjustment.user_id);
    const now = clock.now();
    const walletAfter = await db.transaction().execute(async (trx) => {
      const taken = await repo.takePendingAdjustment(trx, id, {
        status: 'booked',
        decided_by: actor.operatorId,
        decided_by_username: actor.username,
        decided_at: now,
        decision_reason: reason || null,
      });
      if (!taken) throw conflict('ALREADY_DECIDED');
      const after = await book(
        trx,
        { id, userId: adjustment.user_id, direction: adjustment.direction, amount: Number(adjustment.amount) },
        accounts,
        now,
      );
      await recordAudit(
        trx,
        actor,
        {
          action: 'player.adjustment_approve',
          targetType: 'player',
          targetId: adjustment.user_id,
          before: auditState(adjustment),
          after: { ...auditState({ ...adjustment, status: 'booked' }), walletAfter: fromMinor(after) },
          reason: reason ?? null,
        },
        now,
      );
      return after;
    });
    events.notify('wallet.changed', { userId: adjustment.user_id, walletMinor: walletAfter });
    return { adjustment: viewOf(await requireAdjustment(id)) };
  }

  /** Refusing moves no money; the creator may withdraw their own request this way too. */
  async function refuse(actor: AuditActor & { operatorId: string }, id: string, reason: string) {
    const adjustment = await requireAdjustment(id);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const refused = await repo.refusePendingAdjustment(trx, id, {
        decided_by: actor.operatorId,
        decided_by_username: actor.username,
        decided_at: now,
        decision_reason: reason,
      });
      if (!refused) throw conflict('ALREADY_DECIDED');
      await recordAudit(
        trx,
        actor,
        {
          action: 'player.adjustment_refuse',
          targetType: 'player',
          targetId: adjustment.user_id,
          before: auditState(adjustment),
          after: auditState({ ...adjustment, status: 'refused' }),
          reason,
        },
        now,
      );
    });
    return { adjustment: viewOf(await requireAdjustment(id)) };
  }

  async function list(query: {
    status?: AdjustmentStatus | undefined;
    userId?: string | undefined;
    page: number;
    limit: number;
  }): Promise<AdjustmentListResponse> {
    const { rows, total, totalCapped } = await repo.listAdjustments(
      db,
      { status: query.status, userId: query.userId },
      { offset: (query.page - 1) * query.limit, limit: query.limit },
    );
    return {
      items: rows.map(viewOf),
      total,
      totalCapped,
      page: query.page,
      limit: query.limit,
      fourEyesThreshold: fromMinor(await fourEyesThresholdMinor(db)),
    };
  }

  return { create, approve, refuse, list };
}

export type Adjustments = ReturnType<typeof createAdjustments>;
