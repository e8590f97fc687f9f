import {
  type BankFeedResponse,
  type BankFeedTransfer,
  type BankTransferStatus,
  type BankTransferView,
  bankFeedTransfer,
  MIN_VISIBLE_ACCOUNT_DIGITS,
  normaliseAccountNo,
  type UnmatchedReason,
  visibleDigitCount,
} from '@wallet/contract/bank-feed';
import type { BankDepositAccount } from '@wallet/contract/deposit';
import { fromMinor, toMinor } from '@wallet/contract/money';
import type { Kysely, Transaction } from 'kysely';
import { findAccountHolders } from '../../db/account-holders.repo.ts';
import { CONTENT_KEYS, type DepositContent } from '../../db/content-settings.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import { ledgerCurrency } from '../../ledger/accounts.ts';
import { SYSTEM_KINDS } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, DomainError, notFound, refused } from '../../lib/domain-error.ts';
import { orderedId } from '../../lib/ids.ts';
import { canonicalBankReference, type DepositService } from '../../money/deposit-crediting.ts';
import { type SignedDelivery, signedDelivery, verifyBankFeed } from '../../providers/payments/bank-feed-signature.ts';
import * as repo from './bank-feed.repo.ts';

/** The deposit-reference key of a bank transfer: the slip feature claims the same key for the same transfer. */
export function bankDepositReference(reference: string): string {
  return `bank:${reference}`;
}

/** A refused delivery: unauthenticated for anything about the signature, refused for a signed but malformed body. */
export class BankFeedRefused extends DomainError {
  constructor(
    readonly reason: 'missing' | 'malformed' | 'stale' | 'mismatch' | 'bad-json' | 'bad-payload',
    kind: 'unauthenticated' | 'refused',
    field?: string,
  ) {
    super(kind === 'unauthenticated' ? 'UNAUTHORIZED' : 'KEY_INVALID', kind, field);
  }
}

export interface RawDelivery {
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** The webhook's answer plus, when this delivery credited a wallet, the balance afterwards. */
export type FeedResult = BankFeedResponse & { walletMinor?: number };

export interface BankFeedDeps {
  db: Kysely<Database>;
  clock: Clock;
  deposits: DepositService;
  secret: string;
  toleranceSeconds: number;
  /**
   * Player protection: a transfer from a known player that would pass a deposit limit, or arrives
   * while play is restricted, is kept UNMATCHED (reason DEPOSIT_LIMIT / PLAYER_RESTRICTED) for the
   * money desk instead of credited; the player sees it held (GET /api/account/protection).
   */
  restrictions: PlayerRestrictions;
}

/** The operator's bank deposit accounts (type BANK; gateways take money through their own webhook). */
export async function operatorBankAccounts(db: Kysely<Database>): Promise<BankDepositAccount[]> {
  const content = await getSetting<DepositContent>(db, CONTENT_KEYS.deposit);
  return (content?.banks ?? []).filter((account) => account.bankType === 'BANK');
}

function toView(row: repo.BankTransferRow): BankTransferView {
  return {
    id: row.id,
    reference: row.reference,
    mode: row.mode as BankTransferView['mode'],
    toAccountNo: row.to_account_no,
    toBankCode: row.to_bank_code,
    fromAccountNo: row.from_account_no,
    fromBankCode: row.from_bank_code,
    amount: fromMinor(Number(row.amount)),
    currency: row.currency,
    transferredAt: new Date(Number(row.transferred_at)).toISOString(),
    status: row.status as BankTransferStatus,
    reason: row.reason as UnmatchedReason | null,
    userId: row.user_id,
    statementId: row.statement_id,
    resolvedBy: row.resolved_by,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

/**
 * The bank feed (DESIGN §4): verifies each signed delivery, records it once per bank reference, and
 * credits the registered player who sent it. Whatever cannot be credited is kept with its reason for
 * the operator, who can credit it later to the right player.
 */
export function createBankFeed(deps: BankFeedDeps) {
  const { db, clock, deposits } = deps;

  /** A delivery as the bank would sign it now; the sandbox bank sends through here. */
  function sign(transfer: BankFeedTransfer): SignedDelivery {
    return signedDelivery(deps.secret, transfer, clock.now());
  }

  /** The webhook: signature and freshness first, so an unsigned body is never even parsed. */
  async function receive(delivery: RawDelivery): Promise<FeedResult> {
    const check = verifyBankFeed({
      secret: deps.secret,
      timestamp: delivery.timestamp,
      signature: delivery.signature,
      rawBody: delivery.rawBody,
      nowMs: clock.now(),
      toleranceSeconds: deps.toleranceSeconds,
    });
    if (!check.ok) throw new BankFeedRefused(check.reason, 'unauthenticated');
    let json: unknown;
    try {
      json = JSON.parse(delivery.rawBody);
    } catch {
      throw new BankFeedRefused('bad-json', 'refused');
    }
    const parsed = bankFeedTransfer.safeParse(json);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.');
      throw new BankFeedRefused('bad-payload', 'refused', field || undefined);
    }
    return accept({ ...parsed.data, reference: canonicalBankReference(parsed.data.reference) });
  }

  async function repeated(reference: string): Promise<FeedResult> {
    const row = await repo.findTransferByReference(db, reference);
    if (!row) throw new Error(`bank transfer ${reference} vanished`);
    return { reference, status: row.status as BankTransferStatus, repeated: true };
  }

  /** Records a transfer that is not credited; a concurrent twin that recorded it first wins. */
  async function keep(
    transfer: BankFeedTransfer,
    status: Exclude<BankTransferStatus, 'CREDITED'>,
    extra: { currency: string | null; reason?: UnmatchedReason; userId?: string },
  ): Promise<FeedResult> {
    const inserted = await repo.insertTransfer(db, {
      ...rowOf(transfer, clock.now()),
      currency: extra.currency,
      user_id: extra.userId ?? null,
      status,
      reason: extra.reason ?? null,
    });
    return inserted ? { reference: transfer.reference, status, repeated: false } : repeated(transfer.reference);
  }

  function rowOf(transfer: BankFeedTransfer, now: number): repo.NewBankTransfer {
    return {
      id: orderedId(now),
      reference: transfer.reference,
      mode: transfer.mode,
      to_account_no: normaliseAccountNo(transfer.to.accountNo),
      to_bank_code: transfer.to.bankCode ?? null,
      from_account_no: transfer.from.accountNo,
      from_bank_code: transfer.from.bankCode ?? null,
      amount: toMinor(transfer.amount),
      currency: null,
      transferred_at: Date.parse(transfer.transferredAt),
      status: 'UNMATCHED',
      reason: null,
      user_id: null,
      statement_id: null,
      resolved_by: null,
      created_at: now,
      updated_at: now,
    };
  }

  /** Matches and credits one verified transfer; a reference already recorded moves nothing. */
  async function accept(transfer: BankFeedTransfer): Promise<FeedResult> {
    if (await repo.findTransferByReference(db, transfer.reference)) return repeated(transfer.reference);

    const toAccountNo = normaliseAccountNo(transfer.to.accountNo);
    const destination = (await operatorBankAccounts(db)).find(
      (account) =>
        normaliseAccountNo(account.bankAccountNo) === toAccountNo &&
        (!transfer.to.bankCode || transfer.to.bankCode === account.bankCode),
    );
    if (!destination) return keep(transfer, 'UNKNOWN_DESTINATION', { currency: null });
    const currency = destination.currency ? ledgerCurrency(destination.currency) : null;

    if (visibleDigitCount(transfer.from.accountNo) < MIN_VISIBLE_ACCOUNT_DIGITS) {
      return keep(transfer, 'UNMATCHED', { currency, reason: 'AMBIGUOUS' });
    }
    // Two holders already mean "not sure": the operator decides.
    const candidates = await findAccountHolders(db, transfer.from, 2);
    const [sender] = candidates;
    if (!sender || candidates.length > 1) {
      return keep(transfer, 'UNMATCHED', { currency, reason: sender ? 'AMBIGUOUS' : 'NO_PLAYER' });
    }
    const walletCurrency = ledgerCurrency(sender.currency);
    if (currency && currency !== walletCurrency) return keep(transfer, 'UNMATCHED', { currency, reason: 'CURRENCY' });
    const hold = await deps.restrictions.depositHold(sender.id, toMinor(transfer.amount), 'bank');
    if (hold) return keep(transfer, 'UNMATCHED', { currency: walletCurrency, reason: hold, userId: sender.id });

    const now = clock.now();
    const outcome = await deposits.credit(
      {
        userId: sender.id,
        amount: toMinor(transfer.amount),
        // A masked SMS notice may omit the sender's bank; the match proves it is the registered one.
        fromCode: transfer.from.bankCode ?? sender.bankCode,
        source: { kind: SYSTEM_KINDS.bankClearing, providerCode: '' },
        reference: bankDepositReference(transfer.reference),
        admit: (trx) => deps.restrictions.depositFits(trx, sender.id, toMinor(transfer.amount)),
      },
      (trx, statementId) =>
        repo.insertTransfer(trx, {
          ...rowOf(transfer, now),
          currency: walletCurrency,
          status: 'CREDITED',
          user_id: sender.id,
          statement_id: statementId,
        }),
    );
    if (outcome.credited) {
      return { reference: transfer.reference, status: 'CREDITED', repeated: false, walletMinor: outcome.walletMinor };
    }
    if (outcome.reason === 'held') {
      // Another deposit of the player's was credited meanwhile: asked again, the hold is recorded for them.
      const heldNow =
        (await deps.restrictions.depositHold(sender.id, toMinor(transfer.amount), 'bank')) ?? 'DEPOSIT_LIMIT';
      return keep(transfer, 'UNMATCHED', { currency: walletCurrency, reason: heldNow, userId: sender.id });
    }
    // declined: a concurrent delivery of the same reference recorded it first. duplicate-reference:
    // that twin credited it, or another route (an uploaded slip) already paid this bank transfer.
    if (outcome.reason === 'declined') return repeated(transfer.reference);
    return keep(transfer, 'DUPLICATE', { currency: walletCurrency });
  }

  /**
   * The operator's fix for an UNMATCHED transfer: credits it to the player they identified, exactly
   * once (the status condition and the bank reference both guard it). If the same bank transfer was
   * paid meanwhile by a slip, it is marked DUPLICATE and nothing moves.
   */
  async function creditUnmatched(
    transferId: string,
    decision: {
      userId: string;
      operator: string;
      reason?: string | null | undefined;
      /** Player protection's say, asked inside the crediting transaction: false refuses the credit. */
      admit?: (trx: Transaction<Database>, userId: string, amountMinor: number) => Promise<boolean>;
      /** Runs in the deciding transaction once it has won (the money desk's audit row). */
      within?: (trx: Transaction<Database>, outcome: 'CREDITED' | 'DUPLICATE') => Promise<void>;
    },
  ): Promise<{ status: 'CREDITED' | 'DUPLICATE'; statementId: string | null }> {
    const row = await repo.findTransferById(db, transferId);
    if (!row) throw notFound('NO_DATA');
    if (row.status !== 'UNMATCHED') throw conflict('ALREADY_DECIDED');
    const user = await repo.findCreditTarget(db, decision.userId);
    if (!user) throw notFound('NO_USER');
    const walletCurrency = ledgerCurrency(user.currency);
    if (row.currency && row.currency !== walletCurrency) throw refused('KEY_INVALID', 'currency');
    const admit = decision.admit;

    const outcome = await deposits.credit(
      {
        userId: user.id,
        amount: Number(row.amount),
        fromCode: row.from_bank_code ?? user.bank_code,
        source: { kind: SYSTEM_KINDS.bankClearing, providerCode: '' },
        reference: bankDepositReference(row.reference),
        ...(admit ? { admit: (trx: Transaction<Database>) => admit(trx, user.id, Number(row.amount)) } : {}),
      },
      async (trx, statementId) => {
        const won = await repo.resolveUnmatched(
          trx,
          row.id,
          {
            status: 'CREDITED',
            userId: user.id,
            statementId,
            resolvedBy: decision.operator,
            decisionReason: decision.reason ?? null,
          },
          clock.now(),
        );
        if (won) await decision.within?.(trx, 'CREDITED');
        return won;
      },
    );
    if (outcome.credited) return { status: 'CREDITED', statementId: outcome.statementId };
    if (outcome.reason === 'declined') throw conflict('ALREADY_DECIDED');
    if (outcome.reason === 'held') throw refused('DEPOSIT_LIMIT_EXCEEDED', 'amount');
    // duplicate-reference: either another operator's click credited it a moment ago (the row is no
    // longer UNMATCHED), or a slip paid this very bank transfer, which the row now records.
    const marked = await db.transaction().execute(async (trx) => {
      const won = await repo.resolveUnmatched(
        trx,
        row.id,
        {
          status: 'DUPLICATE',
          userId: null,
          statementId: null,
          resolvedBy: decision.operator,
          decisionReason: decision.reason ?? null,
        },
        clock.now(),
      );
      if (won) await decision.within?.(trx, 'DUPLICATE');
      return won;
    });
    if (!marked) throw conflict('ALREADY_DECIDED');
    return { status: 'DUPLICATE', statementId: null };
  }

  /**
   * The operator had the bank send an UNMATCHED transfer back to whoever sent it. It never reached a
   * wallet or the ledger, so only the record changes; once, however operators race.
   */
  async function returnToSender(
    transferId: string,
    decision: { operator: string; reason: string; within?: (trx: Transaction<Database>) => Promise<void> },
  ): Promise<{ status: 'RETURNED' }> {
    const row = await repo.findTransferById(db, transferId);
    if (!row) throw notFound('NO_DATA');
    if (row.status !== 'UNMATCHED') throw conflict('ALREADY_DECIDED');
    const returned = await db.transaction().execute(async (trx) => {
      const won = await repo.resolveUnmatched(
        trx,
        row.id,
        {
          status: 'RETURNED',
          userId: null,
          statementId: null,
          resolvedBy: decision.operator,
          decisionReason: decision.reason,
        },
        clock.now(),
      );
      if (won) await decision.within?.(trx);
      return won;
    });
    if (!returned) throw conflict('ALREADY_DECIDED');
    return { status: 'RETURNED' };
  }

  async function list(filter: { status?: BankTransferStatus | undefined; limit: number }): Promise<BankTransferView[]> {
    return (await repo.listTransfers(db, filter)).map(toView);
  }

  async function find(transferId: string): Promise<BankTransferView | undefined> {
    const row = await repo.findTransferById(db, transferId);
    return row && toView(row);
  }

  return { sign, receive, creditUnmatched, returnToSender, list, find };
}
export type BankFeed = ReturnType<typeof createBankFeed>;
