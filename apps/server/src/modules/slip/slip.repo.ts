import type { SlipStatus } from '@wallet/contract/slip';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SlipsTable } from '../../db/schema/slips.ts';
import type { Database } from '../../db/schema.ts';

export type SlipRow = Selectable<SlipsTable>;

/** bigint columns may come back as strings from some drivers; the app speaks numbers. */
function normalise(row: SlipRow): SlipRow {
  return {
    ...row,
    amount: Number(row.amount),
    transferred_at: row.transferred_at === null ? null : Number(row.transferred_at),
    file_size: Number(row.file_size),
    attempts: Number(row.attempts),
    next_attempt_at: Number(row.next_attempt_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export interface NewSlip {
  id: string;
  userId: string;
  fileName: string;
  contentType: string;
  fileSize: number;
  /** The first verification attempt is the uploader's: it holds the slip until this time. */
  leaseUntil: number;
  now: number;
}

/**
 * Records an accepted upload, if the player's once-a-minute allowance has come round: the allowance is
 * claimed with a conditional upsert in the same transaction, so of two uploads at one moment exactly
 * one is recorded. False when the player uploaded within the interval.
 */
export async function insertSlipIfAllowed(db: Kysely<Database>, slip: NewSlip, intervalMs: number): Promise<boolean> {
  return db.transaction().execute((trx) => insertSlipIfAllowedIn(trx, slip, intervalMs));
}

/** As insertSlipIfAllowed, in the caller's transaction. */
export async function insertSlipIfAllowedIn(
  trx: Transaction<Database>,
  slip: NewSlip,
  intervalMs: number,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('slip_upload_throttle')
    .values({ user_id: slip.userId, last_upload_at: slip.now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ last_upload_at: slip.now })
        .where('slip_upload_throttle.last_upload_at', '<=', slip.now - intervalMs),
    )
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await trx
    .insertInto('slips')
    .values({
      id: slip.id,
      user_id: slip.userId,
      status: 'processing',
      note: null,
      reference: null,
      sending_bank: null,
      amount: 0,
      transferred_at: null,
      statement_id: null,
      file_name: slip.fileName,
      content_type: slip.contentType,
      file_size: slip.fileSize,
      attempts: 1,
      next_attempt_at: slip.leaseUntil,
      created_at: slip.now,
      updated_at: slip.now,
    })
    .execute();
  return true;
}

/** When the player's last upload was accepted, if ever. */
export async function lastUploadAt(db: Kysely<Database>, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('slip_upload_throttle')
    .select('last_upload_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.last_upload_at) : undefined;
}

export async function findSlip(db: Kysely<Database>, id: string): Promise<SlipRow | undefined> {
  const row = await db.selectFrom('slips').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? normalise(row) : undefined;
}

/**
 * The player's newest slip under a reference: the bank's transaction reference, or for a slip whose
 * QR could not be read, the slip's own id (which the list shows as its reference).
 */
export async function findPlayerSlipByReference(
  db: Kysely<Database>,
  userId: string,
  reference: string,
): Promise<SlipRow | undefined> {
  const row = await db
    .selectFrom('slips')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('reference', '=', reference), eb.and([eb('reference', 'is', null), eb('id', '=', reference)])]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? normalise(row) : undefined;
}

export async function countPlayerSlips(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('slips')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first; the id breaks ties so paging is stable within one millisecond. */
export async function pagePlayerSlips(db: Kysely<Database>, userId: string, offset: number, limit: number) {
  const rows = await db
    .selectFrom('slips')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(normalise);
}

/** Keeps what the QR code said, so a retry need not decode the image again. */
export async function saveQrReading(
  db: Kysely<Database>,
  id: string,
  reading: { reference: string; sendingBank: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('slips')
    .set({ reference: reading.reference, sending_bank: reading.sendingBank, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/** The sending account as the bank's verification service reported it. */
export interface SlipSender {
  bankCode: string;
  accountNo: string;
  name?: string | null | undefined;
}

export interface SlipOutcome {
  status: Exclude<SlipStatus, 'processing'>;
  note: string | null;
  amount?: number;
  transferredAt?: number;
  statementId?: string;
  sender?: SlipSender;
}

function outcomeColumns(outcome: SlipOutcome, now: number) {
  return {
    status: outcome.status,
    note: outcome.note,
    ...(outcome.amount !== undefined ? { amount: outcome.amount } : {}),
    ...(outcome.transferredAt !== undefined ? { transferred_at: outcome.transferredAt } : {}),
    ...(outcome.statementId !== undefined ? { statement_id: outcome.statementId } : {}),
    ...(outcome.sender
      ? {
          sender_bank_code: outcome.sender.bankCode,
          sender_account_no: outcome.sender.accountNo,
          sender_name: outcome.sender.name ?? null,
        }
      : {}),
    verifier_error: null,
    updated_at: now,
  };
}

/**
 * Moves a slip out of processing. The status condition makes it happen once: of an uploader and a
 * background retry racing on the same slip, only one decides it. Runs in the crediting transaction
 * for a success. True when this call decided the slip.
 */
export async function settleSlip(
  db: Kysely<Database>,
  id: string,
  outcome: SlipOutcome,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('slips')
    .set(outcomeColumns(outcome, now))
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Leaves a processing slip for an operator, saying why and what the bank confirmed, and takes it out
 * of the automatic attempts (`awaitingOperator` is a due time no sweep ever reaches).
 */
export async function holdSlip(
  db: Kysely<Database>,
  id: string,
  hold: { reason: string; amount: number; transferredAt: number; sender: SlipSender },
  awaitingOperator: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('slips')
    .set({
      hold_reason: hold.reason,
      amount: hold.amount,
      transferred_at: hold.transferredAt,
      sender_bank_code: hold.sender.bankCode,
      sender_account_no: hold.sender.accountNo,
      sender_name: hold.sender.name ?? null,
      next_attempt_at: awaitingOperator,
      verifier_error: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/**
 * The operator's decision on a held slip; only a slip still held can be decided, once. Runs in the
 * crediting transaction when the decision pays someone. True when this call decided it.
 */
export async function settleHeldSlip(
  db: Kysely<Database>,
  id: string,
  outcome: SlipOutcome,
  operator: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('slips')
    .set({ ...outcomeColumns(outcome, now), decided_by: operator })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('hold_reason', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Once a held slip's transfer is paid, the other held slips of the same transfer (the same slip
 * uploaded by someone else) can only be duplicates; no attempt would ever come to say so.
 */
export async function failHeldTwins(
  trx: Transaction<Database>,
  reference: string,
  decidedId: string,
  operator: string,
  now: number,
): Promise<void> {
  await trx
    .updateTable('slips')
    .set({ status: 'failed', note: 'SLIP_REFNO_DUPLICATED', decided_by: operator, updated_at: now })
    .where('reference', '=', reference)
    .where('id', '!=', decidedId)
    .where('status', '=', 'processing')
    .where('hold_reason', 'is not', null)
    .execute();
}

/** Slips as the operator lists them, with the uploader's username; newest first. */
export async function listSlipsForOperator(
  db: Kysely<Database>,
  filter: { status?: SlipStatus | undefined; limit: number },
): Promise<Array<SlipRow & { username: string }>> {
  let query = db
    .selectFrom('slips')
    .innerJoin('users', 'users.id', 'slips.user_id')
    .selectAll('slips')
    .select('users.username');
  if (filter.status) query = query.where('slips.status', '=', filter.status);
  const rows = await query
    .orderBy('slips.created_at', 'desc')
    .orderBy('slips.id', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({ ...normalise(row), username: row.username }));
}

/** The registered bank account a player would be paid from, by id or by username. */
export async function findPlayerAccount(
  db: Kysely<Database>,
  who: { userId: string } | { username: string },
): Promise<
  | {
      id: string;
      username: string;
      bank_code: string;
      bank_account_no: string;
      bank_account_name: string;
      currency: string | null;
    }
  | undefined
> {
  let query = db
    .selectFrom('users')
    .select(['id', 'username', 'bank_code', 'bank_account_no', 'bank_account_name', 'currency']);
  query = 'userId' in who ? query.where('id', '=', who.userId) : query.where('username', '=', who.username);
  return query.executeTakeFirst();
}

/** Players by id, with what the money desk shows of each (a held slip's candidates). */
export async function findPlayersByIds(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'bank_code', 'bank_account_no', 'bank_account_name', 'currency'])
    .where('id', 'in', ids)
    .orderBy('username')
    .execute();
}

/** Puts off the next attempt of a processing slip until `at`. */
export async function postponeSlip(
  db: Kysely<Database>,
  id: string,
  at: number,
  now: number,
  verifierError: string | null = null,
): Promise<void> {
  await db
    .updateTable('slips')
    .set({ next_attempt_at: at, verifier_error: verifierError, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/** Processing slips whose next attempt is due (after an outage, or left behind by a stopped server). */
export async function dueSlipIds(db: Kysely<Database>, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('slips')
    .select('id')
    .where('status', '=', 'processing')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims the next attempt at a due slip: one conditional UPDATE counts the attempt and pushes the due
 * time out by the lease, so of several server instances sweeping at once only one gets it.
 */
export async function claimAttempt(
  db: Kysely<Database>,
  id: string,
  now: number,
  leaseUntil: number,
): Promise<SlipRow | undefined> {
  const result = await db
    .updateTable('slips')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil, updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('next_attempt_at', '<=', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return findSlip(db, id);
}
