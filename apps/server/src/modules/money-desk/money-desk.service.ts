import type { AuditAction, AuditTargetType } from '@wallet/contract/backoffice/audit-actions';
import type {
  MoneyClaim,
  MoneyDecisionResponse,
  MoneyOutcome,
  MoneyQueue,
  MoneyQueueCounts,
  MoneyQueueItem,
  MoneyQueuePage,
  MoneyQueueQueryParsed,
  MoneySlipCandidate,
  MoneySlipDetail,
  SlipRejectReason,
} from '@wallet/contract/backoffice/money-desk';
import { CLAIM_IDLE_MS } from '@wallet/contract/backoffice/money-desk';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import { fromMinor } from '@wallet/contract/money';
import type { Kysely, Transaction } from 'kysely';
import { fourEyesThresholdMinor } from '../../db/content-settings.ts';
import type { Database } from '../../db/schema.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound, refused } from '../../lib/domain-error.ts';
import * as repo from './money-desk.repo.ts';
import { createSecondApproval, isProtectionHold } from './second-approval.ts';

/** Who acts, from where (the same shape the back office's audit log records). */
export interface DeskActor {
  operatorId: string;
  username: string;
  role: OperatorRole | null;
  ip: string;
  requestId: string;
}

export interface DeskAuditChange {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
}

/** Runs inside the deciding transaction once the decision has won its conditional update. */
export type Within<O extends string = MoneyOutcome> = (trx: Transaction<Database>, outcome: O) => Promise<void>;

/** Player protection's say on a credit, asked inside the crediting transaction: false refuses it. */
export type Admit = (trx: Transaction<Database>, userId: string, amountMinor: number) => Promise<boolean>;

/**
 * What the money desk needs of the features that own the money (deposit, slip, withdraw) and of the
 * back office's audit log. app.ts hands them over, so no feature imports another. Every decision
 * runs `within` in its own transaction after its conditional update has won, and refuses a decided
 * item with ALREADY_DECIDED.
 */
export interface MoneyDeskPorts {
  creditTransfer(
    id: string,
    decision: {
      userId: string;
      operator: string;
      reason: string | null;
      admit: Admit;
      within: Within<'CREDITED' | 'DUPLICATE'>;
    },
  ): Promise<{ status: 'CREDITED' | 'DUPLICATE' }>;
  returnTransfer(
    id: string,
    decision: { operator: string; reason: string; within: (trx: Transaction<Database>) => Promise<void> },
  ): Promise<unknown>;
  confirmManualDeposit(
    id: string,
    decision: {
      operator: string;
      bankReference: string | undefined;
      reason: string | null;
      within: (trx: Transaction<Database>) => Promise<void>;
    },
  ): Promise<unknown>;
  rejectManualDeposit(
    id: string,
    decision: { operator: string; reason: string; within: (trx: Transaction<Database>) => Promise<void> },
  ): Promise<unknown>;
  approveSlip(
    id: string,
    decision: { username: string; operator: string; admit: Admit; within: Within<'CREDITED' | 'DUPLICATE'> },
  ): Promise<unknown>;
  /** Every player whose registered account fits a held slip's sender: the only players it can pay. */
  slipCandidates(id: string): Promise<MoneySlipCandidate[]>;
  rejectSlip(
    id: string,
    decision: { note: SlipRejectReason; operator: string; within: (trx: Transaction<Database>) => Promise<void> },
  ): Promise<unknown>;
  slipImageUrl(id: string): string;
  slipVerifierAnswer(id: string): Promise<MoneySlipDetail['verifier']>;
  approveWithdrawal(
    id: string,
    decider: { operatorId: string; username: string },
    within: Within<'APPROVED' | 'FIRST_APPROVAL'>,
  ): Promise<'APPROVED' | 'FIRST_APPROVAL'>;
  rejectWithdrawal(id: string, reason: string, within: Within<'REJECTED'>): Promise<'REJECTED'>;
  markPayout(
    id: string,
    outcome: 'paid' | 'failed',
    reason: string | null,
    within: Within<'PAID' | 'FAILED'>,
  ): Promise<'PAID' | 'FAILED'>;
  recordAudit(trx: Transaction<Database>, actor: DeskActor, change: DeskAuditChange, now: number): Promise<void>;
}

export interface MoneyDeskDeps {
  db: Kysely<Database>;
  clock: Clock;
  ports: MoneyDeskPorts;
  /** Player protection: no desk credit reaches a restricted player or passes a deposit limit. */
  restrictions: PlayerRestrictions;
  /** Told after every change of a queue, so operators' badges follow at once. */
  changed(): void;
}

const TARGET_TYPES: Record<MoneyQueue, AuditTargetType> = {
  transfers: 'transfer',
  'manual-deposits': 'deposit',
  slips: 'slip',
  withdrawals: 'withdrawal',
};

const PLAYER_SEARCH_LIMIT = 20;

/**
 * The money desk: queues of what finance must decide, claims so two operators do not work the same
 * item, and the decisions themselves, each with its audit row in the deciding transaction.
 */
export function createMoneyDesk(deps: MoneyDeskDeps) {
  const { db, clock, ports } = deps;

  function claimOf(row: repo.QueueRow, operatorId: string): MoneyClaim | null {
    if (row.claim_operator_id === null || row.claim_expires_at === null) return null;
    return {
      operatorId: row.claim_operator_id,
      operatorUsername: row.claim_operator_username ?? '',
      expiresAt: new Date(row.claim_expires_at).toISOString(),
      mine: row.claim_operator_id === operatorId,
    };
  }

  function toItem(queue: MoneyQueue, row: repo.QueueRow, operatorId: string, thresholdMinor: number): MoneyQueueItem {
    const now = clock.now();
    const isWithdrawal = queue === 'withdrawals';
    return {
      queue,
      id: row.id,
      amount: fromMinor(row.amount),
      currency: row.currency,
      createdAt: new Date(row.created_at).toISOString(),
      ageSeconds: Math.max(0, Math.floor((now - row.created_at) / 1000)),
      player:
        row.user_id === null
          ? null
          : {
              id: row.user_id,
              username: row.username ?? '',
              name: row.name ?? '',
              bankCode: row.bank_code ?? '',
              bankAccountNo: row.bank_account_no ?? '',
            },
      fromBankCode: row.from_bank_code,
      fromAccountNo: row.from_account_no,
      reference: row.reference,
      reason: row.reason,
      stage: !isWithdrawal
        ? row.approval_user_id
          ? 'awaiting-second-approval'
          : null
        : row.review !== 'AWAITING'
          ? 'at-payout'
          : row.first_approved_by
            ? 'awaiting-second-approval'
            : 'awaiting-approval',
      firstApprovedBy: row.first_approved_by_name,
      needsTwoApprovals: isWithdrawal ? row.amount > thresholdMinor : isProtectionHold(row.reason),
      firstApproval:
        row.approval_username !== null && row.approval_reason !== null
          ? { player: row.approval_username, reason: row.approval_reason }
          : null,
      claim: claimOf(row, operatorId),
    };
  }

  async function counts(): Promise<MoneyQueueCounts> {
    const now = clock.now();
    const [transfers, manualDeposits, slips, withdrawals, awaitingSecondApproval] = await Promise.all([
      repo.countOpen(db, 'transfers', now),
      repo.countOpen(db, 'manual-deposits', now),
      repo.countOpen(db, 'slips', now),
      repo.countOpen(db, 'withdrawals', now),
      repo.countAwaitingSecondApproval(db),
    ]);
    return { transfers, manualDeposits, slips, withdrawals, awaitingSecondApproval };
  }

  async function list(queue: MoneyQueue, query: MoneyQueueQueryParsed, operatorId: string): Promise<MoneyQueuePage> {
    const [{ rows, ...count }, threshold] = await Promise.all([
      repo.pageQueue(db, queue, query, clock.now()),
      fourEyesThresholdMinor(db),
    ]);
    return {
      items: rows.map((row) => toItem(queue, row, operatorId, threshold)),
      ...count,
      page: query.page,
      limit: query.limit,
    };
  }

  async function openItem(queue: MoneyQueue, id: string): Promise<repo.QueueRow> {
    const row = await repo.findOpenItem(db, queue, id, clock.now());
    if (row) return row;
    // Known but no longer open: someone decided it.
    const known = await db.selectFrom(repo.queueTable(queue)).select('id').where('id', '=', id).executeTakeFirst();
    throw known ? conflict('ALREADY_DECIDED') : notFound('NO_DATA');
  }

  async function slipDetail(id: string, operatorId: string): Promise<MoneySlipDetail> {
    const row = await openItem('slips', id);
    return {
      item: toItem('slips', row, operatorId, await fourEyesThresholdMinor(db)),
      imageUrl: ports.slipImageUrl(id),
      verifier: await ports.slipVerifierAnswer(id),
      candidates: await ports.slipCandidates(id),
    };
  }

  async function players(q: string) {
    const rows = await repo.searchPlayers(db, q, PLAYER_SEARCH_LIMIT);
    return {
      items: rows.map((row) => ({
        id: row.id,
        username: row.username,
        name: row.name,
        bankCode: row.bank_code,
        bankAccountNo: row.bank_account_no,
      })),
    };
  }

  /** A decision may go ahead unless someone else holds a live claim on the item. */
  async function assertNotClaimedByOther(queue: MoneyQueue, id: string, actor: DeskActor): Promise<void> {
    const claim = await repo.findLiveClaim(db, queue, id, clock.now());
    if (claim && claim.operator_id !== actor.operatorId) throw conflict('CLAIMED_BY_OTHER');
  }

  async function claim(actor: DeskActor, queue: MoneyQueue, id: string): Promise<{ claim: MoneyClaim | null }> {
    const row = await openItem(queue, id);
    const now = clock.now();
    const expiresAt = now + CLAIM_IDLE_MS;
    const taken = await db.transaction().execute(async (trx) => {
      const won = await repo.takeClaim(
        trx,
        { queue, itemId: id, operatorId: actor.operatorId, operatorUsername: actor.username },
        now,
        expiresAt,
      );
      if (won) {
        await ports.recordAudit(
          trx,
          actor,
          {
            action: 'money.claim',
            targetType: TARGET_TYPES[queue],
            targetId: id,
            before: row.claim_operator_id ? { claimedBy: row.claim_operator_username } : null,
            after: { claimedBy: actor.username, expiresAt: new Date(expiresAt).toISOString() },
          },
          now,
        );
      }
      return won;
    });
    if (!taken) throw conflict('CLAIMED_BY_OTHER');
    deps.changed();
    return {
      claim: {
        operatorId: actor.operatorId,
        operatorUsername: actor.username,
        expiresAt: new Date(expiresAt).toISOString(),
        mine: true,
      },
    };
  }

  async function release(actor: DeskActor, queue: MoneyQueue, id: string): Promise<{ claim: null }> {
    const now = clock.now();
    const released = await db.transaction().execute(async (trx) => {
      const won = await repo.releaseClaim(trx, queue, id, actor.operatorId);
      if (won) {
        await ports.recordAudit(
          trx,
          actor,
          {
            action: 'money.release',
            targetType: TARGET_TYPES[queue],
            targetId: id,
            before: { claimedBy: actor.username },
          },
          now,
        );
      }
      return won;
    });
    if (!released) {
      const claimHeld = await repo.findLiveClaim(db, queue, id, now);
      if (claimHeld) throw conflict('CLAIMED_BY_OTHER');
      // Nothing to let go of: the item is free either way.
    }
    deps.changed();
    return { claim: null };
  }

  /**
   * The common path of every decision: the item must be open and not claimed by someone else; the
   * decision runs in its feature, which calls back inside its transaction to write the audit row and
   * drop the claim there.
   */
  async function decide<O extends MoneyOutcome>(
    actor: DeskActor,
    queue: MoneyQueue,
    id: string,
    action: (outcome: O) => AuditAction,
    reason: string | null,
    run: (within: (trx: Transaction<Database>, outcome: O) => Promise<void>) => Promise<O | undefined>,
    /** More of what the decision did, for the audit row (the player credited). */
    detail: Record<string, unknown> = {},
  ): Promise<MoneyDecisionResponse> {
    const before = await openItem(queue, id);
    await assertNotClaimedByOther(queue, id, actor);
    let decided: O | undefined;
    const within = async (trx: Transaction<Database>, outcome: O) => {
      decided = outcome;
      await ports.recordAudit(
        trx,
        actor,
        {
          action: action(outcome),
          targetType: TARGET_TYPES[queue],
          targetId: id,
          before: snapshot(before),
          after: { outcome, ...detail },
          reason,
        },
        clock.now(),
      );
      await repo.dropClaim(trx, queue, id);
    };
    const outcome = (await run(within)) ?? decided;
    if (outcome === undefined) throw new Error(`decision on ${queue} ${id} ended without an outcome`);
    deps.changed();
    return { id, outcome };
  }

  function snapshot(row: repo.QueueRow) {
    return {
      amount: fromMinor(row.amount),
      currency: row.currency,
      player: row.username,
      fromAccountNo: row.from_account_no,
      reference: row.reference,
      reason: row.reason,
      review: row.review,
      firstApprovedBy: row.first_approved_by_name,
    };
  }

  const secondApproval = createSecondApproval({
    db,
    clock,
    recordAudit: ports.recordAudit,
    snapshot,
    changed: deps.changed,
  });
  const admit: Admit = (trx, userId, amountMinor) => deps.restrictions.depositFits(trx, userId, amountMinor);

  /**
   * Credits an unmatched transfer to the player the operator found. Never into a timed-out, excluded or
   * over-limit account (the return action sends such money back); a transfer held by the player's
   * protection needs a reason and a second operator besides.
   */
  async function creditTransfer(
    actor: DeskActor,
    id: string,
    decision: { userId: string; reason?: string | undefined },
  ) {
    const row = await openItem('transfers', id);
    const player = await repo.findPlayer(db, { userId: decision.userId });
    if (!player) throw refused('NO_USER', 'userId');
    const reason = decision.reason || null;
    const twoApprovals = isProtectionHold(row.reason);
    if (twoApprovals && !reason) throw refused('KEY_MISSING', 'reason');
    if (twoApprovals && row.approval_user_id !== null) secondApproval.assertSecond(actor, row, player.id, 'userId');
    await deps.restrictions.assertDeposit(player.id, row.amount, 'bank');
    if (twoApprovals && row.approval_user_id === null) {
      await assertNotClaimedByOther('transfers', id, actor);
      return secondApproval.first(actor, 'transfers', row, player, reason as string);
    }
    return decide<'CREDITED' | 'DUPLICATE'>(
      actor,
      'transfers',
      id,
      () => 'transfer.credit',
      reason,
      async (within) =>
        (
          await ports.creditTransfer(id, {
            userId: player.id,
            operator: actor.username,
            reason,
            admit,
            within: async (trx, outcome) => {
              if (twoApprovals) await secondApproval.useFirst(trx, 'transfers', row);
              await within(trx, outcome);
            },
          })
        ).status,
      { player: player.username },
    );
  }

  async function returnTransfer(actor: DeskActor, id: string, reason: string) {
    return decide<'RETURNED'>(
      actor,
      'transfers',
      id,
      () => 'transfer.return',
      reason,
      async (within) => {
        await ports.returnTransfer(id, { operator: actor.username, reason, within: (trx) => within(trx, 'RETURNED') });
        return 'RETURNED';
      },
    );
  }

  async function confirmManual(
    actor: DeskActor,
    id: string,
    decision: { bankReference?: string | undefined; reason?: string | undefined },
  ) {
    const reason = decision.reason || null;
    return decide<'CONFIRMED'>(
      actor,
      'manual-deposits',
      id,
      () => 'manual_deposit.confirm',
      reason,
      async (within) => {
        await ports.confirmManualDeposit(id, {
          operator: actor.username,
          bankReference: decision.bankReference,
          reason,
          within: (trx) => within(trx, 'CONFIRMED'),
        });
        return 'CONFIRMED';
      },
    );
  }

  async function rejectManual(actor: DeskActor, id: string, reason: string) {
    return decide<'REJECTED'>(
      actor,
      'manual-deposits',
      id,
      () => 'manual_deposit.reject',
      reason,
      async (within) => {
        await ports.rejectManualDeposit(id, {
          operator: actor.username,
          reason,
          within: (trx) => within(trx, 'REJECTED'),
        });
        return 'REJECTED';
      },
    );
  }

  /**
   * Approving a held slip credits its uploader, or the player the operator names; either must be one of
   * the slip's candidates (their registered account fits the sender the bank reported). A look-alike
   * slip (AMBIGUOUS_SENDER) is credited only to a player named from that list, with a reason; a player
   * whose account name does not fit the sender's name, or a slip held by the player's protection, needs a
   * second operator. Never into a timed-out, excluded or over-limit account.
   */
  async function approveSlip(
    actor: DeskActor,
    id: string,
    decision: { username?: string | undefined; reason?: string | undefined },
  ) {
    const row = await openItem('slips', id);
    const ambiguous = row.reason === 'AMBIGUOUS_SENDER';
    const protectionHold = isProtectionHold(row.reason);
    const reason = decision.reason || null;
    if (ambiguous && !decision.username) throw refused('KEY_MISSING', 'username');
    if ((ambiguous || protectionHold) && !reason) throw refused('KEY_MISSING', 'reason');
    const player = await repo.findPlayer(db, { username: decision.username ?? row.username ?? '' });
    if (!player) throw refused('NO_USER', 'username');
    const candidate = (await ports.slipCandidates(id)).find((fitting) => fitting.id === player.id);
    if (!candidate) throw refused('KEY_INVALID', 'username');
    const twoApprovals = protectionHold || (ambiguous && !candidate.nameFits);
    if (twoApprovals && row.approval_user_id !== null) secondApproval.assertSecond(actor, row, player.id, 'username');
    await deps.restrictions.assertDeposit(player.id, row.amount, 'slip');
    if (twoApprovals && row.approval_user_id === null) {
      await assertNotClaimedByOther('slips', id, actor);
      return secondApproval.first(actor, 'slips', row, player, reason as string);
    }
    return decide<'CREDITED' | 'DUPLICATE'>(
      actor,
      'slips',
      id,
      () => 'slip.approve',
      reason,
      async (within) => {
        await ports.approveSlip(id, {
          username: player.username,
          operator: actor.username,
          admit,
          within: async (trx, outcome) => {
            if (twoApprovals) await secondApproval.useFirst(trx, 'slips', row);
            await within(trx, outcome);
          },
        });
        return undefined;
      },
      { player: player.username },
    );
  }

  async function rejectSlip(actor: DeskActor, id: string, note: SlipRejectReason, reason?: string | undefined) {
    return decide<'REJECTED'>(
      actor,
      'slips',
      id,
      () => 'slip.reject',
      reason || note,
      async (within) => {
        await ports.rejectSlip(id, { note, operator: actor.username, within: (trx) => within(trx, 'REJECTED') });
        return 'REJECTED';
      },
    );
  }

  async function approveWithdrawal(actor: DeskActor, id: string, reason?: string | undefined) {
    return decide<'APPROVED' | 'FIRST_APPROVAL'>(
      actor,
      'withdrawals',
      id,
      (outcome) => (outcome === 'FIRST_APPROVAL' ? 'withdrawal.first_approval' : 'withdrawal.approve'),
      reason || null,
      (within) => ports.approveWithdrawal(id, { operatorId: actor.operatorId, username: actor.username }, within),
    );
  }

  async function rejectWithdrawal(actor: DeskActor, id: string, reason: string) {
    return decide<'REJECTED'>(
      actor,
      'withdrawals',
      id,
      () => 'withdrawal.reject',
      reason,
      (within) => ports.rejectWithdrawal(id, reason, within),
    );
  }

  async function markPayout(actor: DeskActor, id: string, outcome: 'paid' | 'failed', reason: string | null) {
    return decide<'PAID' | 'FAILED'>(
      actor,
      'withdrawals',
      id,
      (o) => (o === 'PAID' ? 'withdrawal.paid' : 'withdrawal.failed'),
      reason,
      (within) => ports.markPayout(id, outcome, reason, within),
    );
  }

  return {
    counts,
    list,
    slipDetail,
    players,
    claim,
    release,
    creditTransfer,
    returnTransfer,
    confirmManual,
    rejectManual,
    approveSlip,
    rejectSlip,
    approveWithdrawal,
    rejectWithdrawal,
    markPayout,
  };
}
export type MoneyDesk = ReturnType<typeof createMoneyDesk>;
