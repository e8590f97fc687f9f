import type { SlipReasonCode } from '@wallet/contract/errors';
import { fromMinor } from '@wallet/contract/money';
import { SLIP_UPLOAD_INTERVAL_MS, type SlipHoldReason } from '@wallet/contract/slip';
import type { SlipOperatorView } from '@wallet/contract/slip-operator';
import type { Slip } from '@wallet/contract/statement';
import type { Kysely, Transaction } from 'kysely';
import { slipVerify as buildMiniQr } from 'promptparse/generate';
import { findAccountHolders } from '../../db/account-holders.repo.ts';
import { CONTENT_KEYS, type DepositContent, type SlipWindowContent } from '../../db/content-settings.ts';
import { type MoneyTransactions, PLAIN_TRANSACTIONS } from '../../db/money-transactions.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import { ledgerCurrency } from '../../ledger/accounts.ts';
import { SYSTEM_KINDS } from '../../ledger/ledger.ts';
import { inDailyWindow } from '../../lib/bangkok-time.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, limited, notFound, refused } from '../../lib/domain-error.ts';
import { orderedId } from '../../lib/ids.ts';
import type { ImageDecoder } from '../../lib/image-decoder/image-decoder.ts';
import type { DepositService } from '../../money/deposit-crediting.ts';
import {
  accountMatches,
  accountNameFits,
  type SlipImage,
  type SlipTransfer,
  type SlipVerifyProvider,
  SlipVerifyUnavailable,
} from '../../providers/slip-verify/slip-verify-provider.ts';
import { bankCodeOfId, bankIdOfCode } from '../../providers/slip-verify/thai-bank-ids.ts';
import {
  claimAttempt,
  countPlayerSlips,
  dueSlipIds,
  failHeldTwins,
  findPlayerAccount,
  findPlayerSlipByReference,
  findPlayersByIds,
  findSlip,
  holdSlip,
  insertSlipIfAllowedIn,
  lastUploadAt,
  listSlipsForOperator,
  pagePlayerSlips,
  postponeSlip,
  type SlipOutcome,
  type SlipRow,
  saveQrReading,
  settleHeldSlip,
  settleSlip,
} from './slip.repo.ts';
import { sniffImage } from './slip-image.ts';
import type { SlipImageLinks } from './slip-image-links.ts';
import { REFERENCE_PATTERN, readMiniQr } from './slip-qr.ts';
import { judgeTransfer, SLIP_CURRENCY } from './slip-rules.ts';
import type { SlipStorage } from './slip-storage.ts';

/**
 * How long one verification attempt may hold a slip before another instance may take it over: far
 * beyond the verifier's time limit, and never equal to a retry delay, so a held slip and a slip
 * waiting for its retry can be told apart.
 */
export const SLIP_ATTEMPT_LEASE_MS = 3 * 60 * 1000;
/** After an outage answer the next attempt waits this long, doubling each time: 1, 2, 4, 8, 16 min. */
export const SLIP_RETRY_BASE_MS = 60 * 1000;
/** The sixth failed attempt (about half an hour after upload) gives up with UNKNOW_ERROR. */
export const SLIP_MAX_ATTEMPTS = 6;
/** A verifier slower than this counts as down for this attempt. */
const VERIFIER_TIMEOUT_MS = 20_000;
/** Without a verifier a slip waits for an operator: it is never due for an automatic attempt. */
const AWAITING_OPERATOR = Number.MAX_SAFE_INTEGER;
const SWEEP_BATCH = 20;
/** More players than this behind one masked sender are not listed; the operator asks the bank instead. */
const MAX_SLIP_CANDIDATES = 20;

/** A registered player whose account fits a held slip's sender (the money desk's list to choose from). */
export interface SlipCandidate {
  id: string;
  username: string;
  name: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  nameFits: boolean;
}

/** The once-ever claim key of a bank transfer: the bank feed credits transfers under exactly this. */
export function bankReference(reference: string): string {
  return `bank:${reference}`;
}

export interface SlipServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  deposits: DepositService;
  /** Undefined when no slip-verification service is configured: slips then wait for an operator. */
  verifier: SlipVerifyProvider | undefined;
  storage: SlipStorage;
  links: SlipImageLinks;
  images: ImageDecoder;
  logError(error: unknown, message: string): void;
  /** A vendor outage the sweep will retry; never includes a secret. */
  logWarning?(message: string): void;
  /** Player protection: uploads refused while restricted; a confirmed transfer over a limit is held. */
  restrictions: PlayerRestrictions;
}

/** What the slip's QR code said: the once-ever key's reference, the sending bank and the code's text. */
interface QrReading {
  reference: string;
  sendingBank: string;
  payload: string;
}

/** The mini QR of a slip read earlier (only its reference and bank are stored): rebuilt, as banks print it. */
function miniQrPayload(slip: SlipRow): string {
  return buildMiniQr({ sendingBank: slip.sending_bank ?? '', transRef: slip.reference ?? '' });
}

/** Whatever the verifier does inside, one attempt never holds a slip longer than this. */
function withTimeout<T>(call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SlipVerifyUnavailable('slip verification timed out')), VERIFIER_TIMEOUT_MS);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Transfer-slip deposits (DESIGN §4). An accepted upload is stored and verified at once, inside the
 * upload request, so the player usually learns the outcome in the answer. When the bank's
 * verification service is down the slip stays processing and a background sweep retries it (also
 * after a restart, since the due time is in the database) until it succeeds or gives up.
 */
export function createSlipService(deps: SlipServiceDeps) {
  const { db, clock } = deps;

  /** Player protection: no slip is taken from a timed-out or excluded player. */
  async function assertUploadAllowed(userId: string): Promise<void> {
    await deps.restrictions.assertAllowed(userId, 'deposit');
  }

  async function assertUploadOpen(): Promise<void> {
    const window = await getSetting<SlipWindowContent>(db, CONTENT_KEYS.slipWindow);
    if (window && inDailyWindow(clock.now(), window.closedFrom, window.closedTo)) throw refused('SLIP_UPLOAD_CLOSED');
  }

  /** A cheap early refusal, before the body is read; the binding check is the claim in insertSlipIfAllowed. */
  async function assertUploadAllowance(userId: string): Promise<void> {
    const last = await lastUploadAt(db, userId);
    if (last !== undefined && last > clock.now() - SLIP_UPLOAD_INTERVAL_MS) throw limited('REQUEST_LIMIT_1MIN');
  }

  /**
   * Stores an uploaded image as a new slip and makes the first verification attempt. The slip is written
   * in a `tx` transaction that names it as the operation it starts, so a caller whose process dies
   * before answering can still answer from the slip (see uploaded).
   */
  async function upload(
    userId: string,
    bytes: Buffer,
    tx: MoneyTransactions<SlipRow> = PLAIN_TRANSACTIONS,
  ): Promise<SlipRow> {
    const image = sniffImage(bytes);
    if (!image) throw refused('SLIP_INVALID_FILE');
    const now = clock.now();
    const id = orderedId(now);
    const fileName = `${id}.${image.extension}`;
    await deps.storage.save(fileName, bytes);
    let accepted = false;
    try {
      accepted = await tx.transaction(
        db,
        (trx) =>
          insertSlipIfAllowedIn(
            trx,
            {
              id,
              userId,
              fileName,
              contentType: image.contentType,
              fileSize: bytes.length,
              leaseUntil: now + SLIP_ATTEMPT_LEASE_MS,
              now,
            },
            SLIP_UPLOAD_INTERVAL_MS,
          ),
        id,
      );
    } finally {
      if (!accepted) await deps.storage.remove(fileName);
    }
    if (!accepted) throw limited('REQUEST_LIMIT_1MIN');
    const slip = (await findSlip(db, id)) as SlipRow;
    return attemptSafely(slip);
  }

  /** A slip this player uploaded, as it stands now. */
  async function uploaded(userId: string, slipId: string): Promise<SlipRow | undefined> {
    const slip = await findSlip(db, slipId);
    return slip?.user_id === userId ? slip : undefined;
  }

  /** An unexpected failure leaves the slip processing; the sweep takes it up again when the lease ends. */
  async function attemptSafely(slip: SlipRow): Promise<SlipRow> {
    try {
      return await attempt(slip);
    } catch (error) {
      deps.logError(error, `slip ${slip.id}: verification attempt failed unexpectedly`);
      return (await findSlip(db, slip.id)) ?? slip;
    }
  }

  async function settle(slip: SlipRow, outcome: SlipOutcome): Promise<SlipRow> {
    await settleSlip(db, slip.id, outcome, clock.now());
    return (await findSlip(db, slip.id)) as SlipRow;
  }

  const fail = (slip: SlipRow, note: SlipReasonCode, transfer?: SlipTransfer) =>
    settle(slip, {
      status: 'failed',
      note,
      ...(transfer ? { amount: transfer.amount, transferredAt: transfer.transferredAt, sender: transfer.sender } : {}),
    });

  /** Leaves the slip processing for an operator: no automatic attempt takes it up again. */
  async function hold(slip: SlipRow, reason: SlipHoldReason, transfer: SlipTransfer): Promise<SlipRow> {
    const details = { reason, amount: transfer.amount, transferredAt: transfer.transferredAt, sender: transfer.sender };
    await holdSlip(db, slip.id, details, AWAITING_OPERATOR, clock.now());
    return (await findSlip(db, slip.id)) as SlipRow;
  }

  /**
   * Whether the sending account as the bank shows it (masked, same bank) also fits a registered player
   * other than the uploader. Then the slip proves only that one of them sent the money, and a player
   * could be paid for a look-alike's transfer by uploading that player's slip.
   */
  async function senderFitsAnotherPlayer(sender: SlipTransfer['sender'], uploaderId: string): Promise<boolean> {
    const holders = await findAccountHolders(db, sender, 2);
    return holders.some((holder) => holder.id !== uploaderId);
  }

  /**
   * The reference, sending bank and QR text from the slip's QR code: stored already, or read from the
   * image now. A slip without any QR code goes to a verifier that reads images, if this one does.
   */
  async function readReference(slip: SlipRow): Promise<QrReading | { image: SlipImage } | { failed: SlipReasonCode }> {
    if (slip.reference !== null && slip.sending_bank !== null) {
      return { reference: slip.reference, sendingBank: slip.sending_bank, payload: miniQrPayload(slip) };
    }
    const bytes = await deps.storage.read(slip.file_name);
    if (!bytes) return { failed: 'UPLOADED_FILE_NOT_EXIST' };
    const qr = await deps.images.readQr(bytes);
    if (qr.kind === 'too-large') return { failed: 'IMG_SIZE_UNABLE_TO_PROCESS' };
    if (qr.kind === 'unreadable') return { failed: 'CANNOT_READ_CROPPED_IMAGE' };
    if (qr.kind === 'no-qr') {
      return deps.verifier?.lookupImage
        ? { image: { bytes, contentType: slip.content_type } }
        : { failed: 'INVALID_SLIP' };
    }
    const mini = readMiniQr(qr.text);
    if (!mini) return { failed: 'UNSTABLE_REFNO_ON_SLIP' };
    const reading = { reference: mini.reference, sendingBank: mini.sendingBankId };
    await saveQrReading(db, slip.id, reading, clock.now());
    return { ...reading, payload: qr.text.trim() };
  }

  /** Asks the verifier, within its time limit; null when it is down (the slip is postponed or given up). */
  async function askVerifier(
    slip: SlipRow,
    verifier: SlipVerifyProvider,
    read: QrReading | { image: SlipImage },
  ): Promise<{ transfer: SlipTransfer | null } | { settled: SlipRow }> {
    try {
      const transfer = await withTimeout(
        'image' in read
          ? (verifier.lookupImage?.(read.image) ?? Promise.resolve(null))
          : verifier.lookup({ sendingBankId: read.sendingBank, reference: read.reference, payload: read.payload }),
      );
      return { transfer };
    } catch (error) {
      if (!(error instanceof SlipVerifyUnavailable)) throw error;
      if (slip.attempts >= SLIP_MAX_ATTEMPTS) return { settled: await fail(slip, 'UNKNOW_ERROR') };
      const now = clock.now();
      // The vendor's own words (never a secret), so an operator sees why the slip still waits.
      const why = error.message.slice(0, 300);
      await postponeSlip(db, slip.id, now + SLIP_RETRY_BASE_MS * 2 ** (slip.attempts - 1), now, why);
      deps.logWarning?.(`slip ${slip.id}: verifier ${verifier.name} unavailable, retrying later: ${error.message}`);
      return { settled: (await findSlip(db, slip.id)) as SlipRow };
    }
  }

  /**
   * A transfer a vendor read from the image itself: its reference and sending bank are recorded as if
   * read from the QR, and the once-ever registry is asked before anything is credited.
   */
  async function adoptImageReading(
    slip: SlipRow,
    transfer: SlipTransfer,
  ): Promise<QrReading | { failed: SlipReasonCode }> {
    const sendingBank = bankIdOfCode(transfer.sender.bankCode);
    if (!sendingBank || !REFERENCE_PATTERN.test(transfer.reference)) return { failed: 'UNSTABLE_REFNO_ON_SLIP' };
    const reading = { reference: transfer.reference, sendingBank };
    await saveQrReading(db, slip.id, reading, clock.now());
    return { ...reading, payload: '' };
  }

  /** One verification attempt at a slip this caller has claimed. */
  async function attempt(slip: SlipRow): Promise<SlipRow> {
    if (slip.attempts > SLIP_MAX_ATTEMPTS) return fail(slip, 'UNKNOW_ERROR');
    let read = await readReference(slip);
    if ('failed' in read) return fail(slip, read.failed);
    if ('reference' in read && (await deps.deposits.isReferenceCredited(bankReference(read.reference)))) {
      return fail(slip, 'SLIP_REFNO_DUPLICATED');
    }
    if (!deps.verifier) {
      await postponeSlip(db, slip.id, AWAITING_OPERATOR, clock.now());
      return (await findSlip(db, slip.id)) as SlipRow;
    }

    const asked = await askVerifier(slip, deps.verifier, read);
    if ('settled' in asked) return asked.settled;
    const transfer = asked.transfer;
    if (!transfer) return fail(slip, 'INVALID_SLIP');
    if ('image' in read) {
      read = await adoptImageReading(slip, transfer);
      if ('failed' in read) return fail(slip, read.failed);
      if (await deps.deposits.isReferenceCredited(bankReference(read.reference))) {
        return fail(slip, 'SLIP_REFNO_DUPLICATED', transfer);
      }
    }
    if (transfer.reference !== read.reference) return fail(slip, 'INVALID_SLIP');
    return judgeAndCredit(slip, read.sendingBank, transfer);
  }

  /**
   * Credits a transfer the bank confirmed, if it may pay this player; otherwise fails the slip saying
   * why, or holds it for an operator when the sender the bank reports fits another player as well.
   */
  async function judgeAndCredit(slip: SlipRow, sendingBankId: string, transfer: SlipTransfer): Promise<SlipRow> {
    const reference = transfer.reference;

    const player = await findPlayerAccount(db, { userId: slip.user_id });
    if (!player) throw new Error(`slip ${slip.id}: uploader ${slip.user_id} vanished`);
    const deposit = await getSetting<DepositContent>(db, CONTENT_KEYS.deposit);
    const refusal = judgeTransfer(transfer, {
      player: {
        bankCode: player.bank_code,
        accountNo: player.bank_account_no,
        walletCurrency: ledgerCurrency(player.currency),
      },
      depositAccounts: deposit?.banks ?? [],
      uploadedAt: slip.created_at,
      slipSendingBank: bankCodeOfId(sendingBankId),
    });
    if (refusal) return fail(slip, refusal, transfer);
    if (await senderFitsAnotherPlayer(transfer.sender, slip.user_id)) return hold(slip, 'AMBIGUOUS_SENDER', transfer);
    // The money already left the player's bank: over a deposit limit or while restricted it waits for an operator.
    const protectionHold = await deps.restrictions.depositHold(slip.user_id, transfer.amount, 'slip');
    if (protectionHold) return hold(slip, protectionHold, transfer);

    const credited = await deps.deposits.credit(
      {
        userId: slip.user_id,
        amount: transfer.amount,
        fromCode: bankCodeOfId(sendingBankId) ?? transfer.sender.bankCode,
        source: { kind: SYSTEM_KINDS.bankClearing, providerCode: '' },
        reference: bankReference(reference),
        admit: (trx) => deps.restrictions.depositFits(trx, slip.user_id, transfer.amount),
      },
      (trx, statementId) =>
        settleSlip(
          trx,
          slip.id,
          {
            status: 'success',
            note: null,
            amount: transfer.amount,
            transferredAt: transfer.transferredAt,
            statementId,
            sender: transfer.sender,
          },
          clock.now(),
        ),
    );
    // Another route (the bank feed, or a twin upload of this slip) credited the transfer first.
    if (!credited.credited && credited.reason === 'duplicate-reference') {
      return fail(slip, 'SLIP_REFNO_DUPLICATED', transfer);
    }
    if (!credited.credited && credited.reason === 'held') {
      // Another deposit of the player's was credited meanwhile: asked again, the hold is recorded for them.
      const heldNow = await deps.restrictions.depositHold(slip.user_id, transfer.amount, 'slip');
      return hold(slip, heldNow ?? 'DEPOSIT_LIMIT', transfer);
    }
    // Declined means the slip was no longer processing: someone else decided it. Either way, reread.
    return (await findSlip(db, slip.id)) as SlipRow;
  }

  /** Verifies every processing slip whose next attempt is due; run by the background timer. */
  async function retryDue(): Promise<number> {
    const now = clock.now();
    let attempted = 0;
    for (const id of await dueSlipIds(db, now, SWEEP_BATCH)) {
      const claimed = await claimAttempt(db, id, now, now + SLIP_ATTEMPT_LEASE_MS);
      if (!claimed) continue;
      attempted += 1;
      await attemptSafely(claimed);
    }
    return attempted;
  }

  function toApi(slip: SlipRow): Slip {
    return {
      createdAt: new Date(slip.created_at).toISOString(),
      amount: fromMinor(slip.amount),
      status: slip.status,
      note: slip.note as Slip['note'],
      link: deps.links.url(slip.id),
      // A slip whose QR could not be read has no bank reference; its own id stands in, so the
      // reference call can still show its image.
      reference: slip.reference ?? slip.id,
    };
  }

  async function list(userId: string, page: number, limit: number) {
    const [total, rows] = await Promise.all([
      countPlayerSlips(db, userId),
      pagePlayerSlips(db, userId, (page - 1) * limit, limit),
    ]);
    return { total, slips: rows.map(toApi) };
  }

  async function imageUrl(userId: string, reference: string): Promise<string> {
    const slip = await findPlayerSlipByReference(db, userId, reference);
    if (!slip) throw notFound('NO_DATA');
    return deps.links.url(slip.id);
  }

  /** The stored image behind a verified link. */
  async function image(slipId: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
    const slip = await findSlip(db, slipId);
    if (!slip) return undefined;
    const bytes = await deps.storage.read(slip.file_name);
    return bytes ? { bytes, contentType: slip.content_type } : undefined;
  }

  function toOperatorView(slip: SlipRow & { username: string }): SlipOperatorView {
    return {
      id: slip.id,
      username: slip.username,
      status: slip.status as SlipOperatorView['status'],
      note: slip.note,
      holdReason: slip.hold_reason as SlipOperatorView['holdReason'],
      reference: slip.reference,
      sendingBank: slip.sending_bank,
      senderBankCode: slip.sender_bank_code,
      senderAccountNo: slip.sender_account_no,
      amount: fromMinor(slip.amount),
      transferredAt: slip.transferred_at === null ? null : new Date(slip.transferred_at).toISOString(),
      decidedBy: slip.decided_by,
      verifierError: slip.verifier_error,
      createdAt: new Date(slip.created_at).toISOString(),
    };
  }

  async function operatorList(filter: { status?: SlipRow['status'] | undefined; limit: number }) {
    const rows = await listSlipsForOperator(db, {
      ...(filter.status ? { status: filter.status as SlipOperatorView['status'] } : {}),
      limit: filter.limit,
    });
    return rows.map(toOperatorView);
  }

  async function operatorView(slipId: string): Promise<SlipOperatorView> {
    const slip = await findSlip(db, slipId);
    const uploader = slip && (await findPlayerAccount(db, { userId: slip.user_id }));
    if (!slip || !uploader) throw notFound('NO_DATA');
    return toOperatorView({ ...slip, username: uploader.username });
  }

  async function heldSlip(slipId: string): Promise<SlipRow> {
    const slip = await findSlip(db, slipId);
    if (!slip) throw notFound('NO_DATA');
    if (slip.status !== 'processing' || slip.hold_reason === null) throw conflict('ALREADY_DECIDED');
    return slip;
  }

  /**
   * Every registered player whose account fits the sender the bank reported for a held slip (same bank,
   * the visible digits, the slip's currency), each with whether their registered account name fits the
   * sender's name as the bank gave it. Only these can be paid by the slip.
   */
  async function heldSlipCandidates(slipId: string): Promise<SlipCandidate[]> {
    const slip = await heldSlip(slipId);
    return candidatesOf(slip);
  }

  async function candidatesOf(slip: SlipRow): Promise<SlipCandidate[]> {
    const { sender_bank_code: bankCode, sender_account_no: accountNo } = slip;
    if (bankCode === null || accountNo === null) return [];
    const holders = await findAccountHolders(db, { accountNo, bankCode }, MAX_SLIP_CANDIDATES);
    const players = await findPlayersByIds(
      db,
      holders.map((holder) => holder.id),
    );
    return players
      .filter(
        (player) =>
          player.bank_code === bankCode &&
          accountMatches(accountNo, player.bank_account_no) &&
          ledgerCurrency(player.currency) === SLIP_CURRENCY,
      )
      .map((player) => ({
        id: player.id,
        username: player.username,
        name: player.name,
        bankCode: player.bank_code,
        bankAccountNo: player.bank_account_no,
        bankAccountName: player.bank_account_name,
        nameFits: accountNameFits(slip.sender_name, player.bank_account_name),
      }));
  }

  /**
   * The operator's credit of a held slip to the player they identified, one of heldSlipCandidates. It
   * goes through the deposit path under the transfer's bank reference, so it pays once whatever else (the
   * bank feed, another slip) saw the same transfer; `admit` (player protection) is asked inside that
   * transaction. The uploader's slip succeeds if they are that player; otherwise it fails NOT_MATCH and
   * records the statement the money went to. Other held slips of the same transfer end as duplicates.
   */
  async function creditHeld(
    slipId: string,
    decision: {
      username: string;
      operator: string;
      admit?: (trx: Transaction<Database>, userId: string, amountMinor: number) => Promise<boolean>;
      /** Runs in the deciding transaction once the decision has won (the money desk's audit row). */
      within?: (trx: Transaction<Database>, outcome: 'CREDITED' | 'DUPLICATE') => Promise<void>;
    },
  ) {
    const slip = await heldSlip(slipId);
    const target = await findPlayerAccount(db, { username: decision.username });
    if (!target) throw refused('NO_USER', 'username');
    const { reference, sender_bank_code: senderBank } = slip;
    if (reference === null || senderBank === null) throw conflict('KEY_INVALID', 'status');
    if (!(await candidatesOf(slip)).some((candidate) => candidate.id === target.id)) {
      throw refused('KEY_INVALID', 'username');
    }
    const admit = decision.admit;

    const now = clock.now();
    const credited = await deps.deposits.credit(
      {
        userId: target.id,
        amount: slip.amount,
        fromCode: senderBank,
        source: { kind: SYSTEM_KINDS.bankClearing, providerCode: '' },
        reference: bankReference(reference),
        ...(admit ? { admit: (trx: Transaction<Database>) => admit(trx, target.id, slip.amount) } : {}),
      },
      async (trx, statementId) => {
        const outcome: SlipOutcome =
          target.id === slip.user_id
            ? { status: 'success', note: null, statementId }
            : { status: 'failed', note: 'NOT_MATCH', statementId };
        if (!(await settleHeldSlip(trx, slip.id, outcome, decision.operator, now))) return false;
        await failHeldTwins(trx, reference, slip.id, decision.operator, now);
        await decision.within?.(trx, 'CREDITED');
        return true;
      },
    );
    if (!credited.credited) {
      // declined: another decision got there first. held: player protection refuses it now.
      if (credited.reason === 'declined') throw conflict('ALREADY_DECIDED');
      if (credited.reason === 'held') throw refused('DEPOSIT_LIMIT_EXCEEDED', 'amount');
      // duplicate-reference: the transfer was paid meanwhile.
      const duplicate: SlipOutcome = { status: 'failed', note: 'SLIP_REFNO_DUPLICATED' };
      const marked = await db.transaction().execute(async (trx) => {
        const won = await settleHeldSlip(trx, slip.id, duplicate, decision.operator, now);
        if (won) await decision.within?.(trx, 'DUPLICATE');
        return won;
      });
      if (!marked) throw conflict('ALREADY_DECIDED');
    }
    return operatorView(slip.id);
  }

  /** The operator's refusal of a held slip, with the reason the player will see. */
  async function rejectHeld(
    slipId: string,
    decision: { note: SlipReasonCode; operator: string; within?: (trx: Transaction<Database>) => Promise<void> },
  ) {
    const slip = await heldSlip(slipId);
    const outcome: SlipOutcome = { status: 'failed', note: decision.note };
    const rejected = await db.transaction().execute(async (trx) => {
      const won = await settleHeldSlip(trx, slip.id, outcome, decision.operator, clock.now());
      if (won) await decision.within?.(trx);
      return won;
    });
    if (!rejected) throw conflict('ALREADY_DECIDED');
    return operatorView(slip.id);
  }

  /** What the bank's verification service said of a held slip, for the operator's decision. */
  async function verifierAnswer(slipId: string) {
    const slip = await findSlip(db, slipId);
    if (!slip) throw notFound('NO_DATA');
    return {
      holdReason: slip.hold_reason,
      sendingBank: slip.sending_bank,
      senderBankCode: slip.sender_bank_code,
      senderAccountNo: slip.sender_account_no,
      senderName: slip.sender_name,
      transferredAt: slip.transferred_at === null ? null : new Date(slip.transferred_at).toISOString(),
    };
  }

  /** A signed, short-lived link to a slip's image, for the operator's viewer. */
  function operatorImageUrl(slipId: string): string {
    return deps.links.url(slipId);
  }

  return {
    assertUploadAllowed,
    assertUploadOpen,
    assertUploadAllowance,
    upload,
    retryDue,
    toApi,
    uploaded,
    list,
    imageUrl,
    image,
    operatorList,
    operatorView,
    operatorImageUrl,
    verifierAnswer,
    heldSlipCandidates,
    creditHeld,
    rejectHeld,
  };
}
export type SlipService = ReturnType<typeof createSlipService>;
