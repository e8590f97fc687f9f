import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  maskAccountNo,
  type SlipTransfer,
  type SlipTransferQuery,
  type SlipVerifyProvider,
  SlipVerifyUnavailable,
  shortenAccountName,
} from './slip-verify-provider.ts';

export interface SandboxSlipTransfer {
  reference: string;
  sendingBankId: string;
  /** Minor units. */
  amount: number;
  transferredAt: number;
  /** The sender's account name, when the bank knows it: reported shortened, as banks do. */
  sender: { bankCode: string; accountNo: string; name?: string | null };
  receiver: { bankCode: string; accountNo: string };
}

export interface SandboxSlipVerifier extends SlipVerifyProvider {
  /** Makes the sandbox bank know a transfer, as if it had just happened. */
  recordTransfer(transfer: SandboxSlipTransfer): Promise<void>;
  /** The next `times` lookups fail as if the bank's API were down. */
  failNext(times: number): void;
  clearFaults(): void;
}

/**
 * The sandbox "bank slip API". It keeps the transfers it knows in its own table (it is another
 * company and never reads our books) and answers with masked account numbers, as banks do. Scripted
 * outages are kept in memory per server process.
 */
export function createSandboxSlipVerifier(db: Kysely<Database>, clock: Clock): SandboxSlipVerifier {
  let failuresQueued = 0;
  return {
    name: 'sandbox',
    async lookup(query: SlipTransferQuery): Promise<SlipTransfer | null> {
      if (failuresQueued > 0) {
        failuresQueued -= 1;
        throw new SlipVerifyUnavailable('sandbox slip API is down (scripted fault)');
      }
      const row = await db
        .selectFrom('sandbox_slip_transfers')
        .selectAll()
        .where('reference', '=', query.reference)
        .where('sending_bank_id', '=', query.sendingBankId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        reference: row.reference,
        amount: Number(row.amount),
        transferredAt: Number(row.transferred_at),
        sender: {
          bankCode: row.sender_bank,
          accountNo: maskAccountNo(row.sender_account),
          name: row.sender_name === null ? null : shortenAccountName(row.sender_name),
        },
        receiver: { bankCode: row.receiver_bank, accountNo: maskAccountNo(row.receiver_account) },
      };
    },
    async recordTransfer(transfer) {
      await db
        .insertInto('sandbox_slip_transfers')
        .values({
          reference: transfer.reference,
          sending_bank_id: transfer.sendingBankId,
          amount: transfer.amount,
          transferred_at: transfer.transferredAt,
          sender_bank: transfer.sender.bankCode,
          sender_account: transfer.sender.accountNo,
          sender_name: transfer.sender.name ?? null,
          receiver_bank: transfer.receiver.bankCode,
          receiver_account: transfer.receiver.accountNo,
          created_at: clock.now(),
        })
        .execute();
    },
    failNext(times) {
      if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be a positive integer');
      failuresQueued += times;
    },
    clearFaults() {
      failuresQueued = 0;
    },
  };
}
