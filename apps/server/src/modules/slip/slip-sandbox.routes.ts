import { successResponse, text } from '@wallet/contract/common';
import { type BankDepositAccount, depositContent } from '@wallet/contract/deposit';
import { apiAmount, toMinor } from '@wallet/contract/money';
import { slipOperatorListQuery, slipOperatorView } from '@wallet/contract/slip-operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { slipVerify as miniQrPayload } from 'promptparse/generate';
import { z } from 'zod';
import { CONTENT_KEYS } from '../../db/content-settings.ts';
import type { Database } from '../../db/schema.ts';
import { getSetting } from '../../db/settings.repo.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, refused } from '../../lib/domain-error.ts';
import { randomDigits, randomId } from '../../lib/ids.ts';
import { renderSlipImage } from '../../providers/slip-verify/sandbox-slip-image.ts';
import type { SandboxSlipVerifier } from '../../providers/slip-verify/sandbox-slip-verify.ts';
import { maskAccountNo } from '../../providers/slip-verify/slip-verify-provider.ts';
import { bankIdOfCode } from '../../providers/slip-verify/thai-bank-ids.ts';
import { findPlayerAccount } from './slip.repo.ts';
import type { SlipService } from './slip.service.ts';

const accountNo = z.string().regex(/^\d{6,20}$/);
const bankCode = text().min(2).max(10);

const makeSlipBody = z.object({
  /** The player whose registered bank account sends the money, unless from* say otherwise. */
  username: text().min(1).max(30).optional(),
  fromBankCode: bankCode.optional(),
  fromAccountNo: accountNo.optional(),
  /** The sending account's holder; defaults to the named player's registered account name. */
  fromAccountName: text().trim().min(1).max(100).optional(),
  /** Defaults to the operator's first BANK deposit account. */
  toBankCode: bankCode.optional(),
  toAccountNo: accountNo.optional(),
  amount: apiAmount,
  /** ISO 8601 time of the transfer; defaults to now. */
  transferredAt: z.iso.datetime({ offset: true }).optional(),
  reference: z
    .string()
    .regex(/^[A-Za-z0-9]{6,50}$/)
    .optional(),
  /** valid: a correct mini QR; broken: one whose checksum is wrong; none: no QR code at all. */
  qr: z.enum(['valid', 'broken', 'none']).default('valid'),
  /** false: the bank's slip API will not know this transfer (as for a forged slip). */
  knownToBank: z.boolean().default(true),
});
type MakeSlipBody = z.infer<typeof makeSlipBody>;

/** Corrupts the last checksum digit, keeping the payload otherwise well-formed. */
function breakChecksum(payload: string): string {
  const last = payload.at(-1) === '0' ? '1' : '0';
  return payload.slice(0, -1) + last;
}

/** A transaction reference shaped like a Thai bank's: date, then digits and letters. */
function newReference(now: number): string {
  const date = new Date(now + 7 * 3600 * 1000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${date}${randomDigits(6)}${randomId(8)}`;
}

export interface SlipSandboxOptions {
  db: Kysely<Database>;
  clock: Clock;
  verifier: SandboxSlipVerifier;
  slips: SlipService;
}

/**
 * The sandbox slip maker: records a transfer at the sandbox bank and answers a PNG slip of it, which
 * can then be uploaded like a real one. Every field can be bent (another receiver, sender or time, a
 * broken or missing QR code, a transfer the bank does not know) to walk each failure reason.
 */
export const slipSandboxRoutes: FastifyPluginAsyncZod<SlipSandboxOptions> = async (
  app,
  { db, clock, verifier, slips },
) => {
  async function sender(body: MakeSlipBody) {
    let registered: { bank_code: string; bank_account_no: string; bank_account_name: string } | undefined;
    if (body.username !== undefined) {
      registered = await findPlayerAccount(db, { username: body.username });
      if (!registered) throw refused('NO_USER', 'username');
    }
    const code = body.fromBankCode ?? registered?.bank_code;
    const account = body.fromAccountNo ?? registered?.bank_account_no;
    if (code === undefined) throw refused('KEY_MISSING', 'fromBankCode');
    if (account === undefined) throw refused('KEY_MISSING', 'fromAccountNo');
    const id = bankIdOfCode(code);
    if (id === undefined) throw refused('INVALID_BANK', 'fromBankCode');
    return {
      bankCode: code,
      accountNo: account,
      bankId: id,
      name: body.fromAccountName ?? registered?.bank_account_name,
    };
  }

  async function receiver(body: MakeSlipBody) {
    const stored = depositContent.safeParse(await getSetting(db, CONTENT_KEYS.deposit));
    const banks: BankDepositAccount[] = stored.success ? stored.data.banks.filter((b) => b.bankType === 'BANK') : [];
    const named = banks.find((b) => b.bankAccountNo === body.toAccountNo);
    const fallback = banks[0];
    const account = body.toAccountNo ?? fallback?.bankAccountNo;
    const code = body.toBankCode ?? named?.bankCode ?? fallback?.bankCode;
    if (account === undefined) throw refused('KEY_MISSING', 'toAccountNo');
    if (code === undefined) throw refused('KEY_MISSING', 'toBankCode');
    return { bankCode: code, accountNo: account };
  }

  app.post('/sandbox/slips', { schema: { body: makeSlipBody } }, async (request, reply) => {
    const body = request.body;
    const amount = toMinor(body.amount);
    if (amount <= 0) throw refused('KEY_INVALID', 'amount');
    const from = await sender(body);
    const to = await receiver(body);
    const transferredAt = body.transferredAt ? Date.parse(body.transferredAt) : clock.now();
    const reference = body.reference ?? newReference(transferredAt);

    if (body.knownToBank) {
      try {
        await verifier.recordTransfer({
          reference,
          sendingBankId: from.bankId,
          amount,
          transferredAt,
          sender: { bankCode: from.bankCode, accountNo: from.accountNo, name: from.name ?? null },
          receiver: to,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'sandbox_slip_transfers')) throw conflict('KEY_INVALID', 'reference');
        throw error;
      }
    }
    const payload = miniQrPayload({ sendingBank: from.bankId, transRef: reference });
    const png = renderSlipImage({
      senderBankCode: from.bankCode,
      receiverBankCode: to.bankCode,
      senderAccountNo: maskAccountNo(from.accountNo),
      receiverAccountNo: maskAccountNo(to.accountNo),
      amount,
      transferredAt,
      reference,
      qrPayload: body.qr === 'none' ? null : body.qr === 'broken' ? breakChecksum(payload) : payload,
    });
    return reply
      .type('image/png')
      .header('x-slip-reference', reference)
      .header('content-disposition', `inline; filename="slip-${reference}.png"`)
      .send(png);
  });

  const faultBody = z.object({ times: z.number().int().min(1).max(100).default(1) });
  app.post(
    '/sandbox/slips/faults',
    { schema: { body: faultBody, response: { 200: successResponse } } },
    async (request) => {
      verifier.failNext(request.body.times);
      return { message: 'OK' };
    },
  );
  app.delete('/sandbox/slips/faults', { schema: { response: { 200: successResponse } } }, async () => {
    verifier.clearFaults();
    return { message: 'OK' };
  });

  // The slips as the bank's side sees them, for tests and the CLI; the decisions are the back office's.
  app.get(
    '/sandbox/slips',
    {
      schema: {
        querystring: slipOperatorListQuery,
        response: { 200: z.object({ slips: z.array(slipOperatorView) }) },
      },
    },
    async (request) => ({ slips: await slips.operatorList(request.query) }),
  );
};
