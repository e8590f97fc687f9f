import { z } from 'zod';
import { SLIP_REASON_CODES } from './errors.ts';
import { SLIP_HOLD_REASONS, SLIP_STATUSES } from './slip.ts';

/**
 * Slips as the operator sees and decides them (sandbox stand-ins now, the back office later). Designed
 * here; SPEC shows only the player's side.
 */
export const slipOperatorListQuery = z.object({
  status: z.enum(SLIP_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type SlipOperatorListQuery = z.infer<typeof slipOperatorListQuery>;

export const slipOperatorView = z.object({
  id: z.string(),
  /** The uploader's username (phone). */
  username: z.string(),
  status: z.enum(SLIP_STATUSES),
  note: z.string().nullable(),
  holdReason: z.enum(SLIP_HOLD_REASONS).nullable(),
  reference: z.string().nullable(),
  /** 3-digit sending-bank id from the slip's QR code. */
  sendingBank: z.string().nullable(),
  /** The sending account as the bank's verification service reported it (usually masked). */
  senderBankCode: z.string().nullable(),
  senderAccountNo: z.string().nullable(),
  amount: z.number(),
  transferredAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** Why a processing slip waits: the verification vendor's last outage (down, quota…); null otherwise. */
  verifierError: z.string().nullable(),
  createdAt: z.string(),
});
export type SlipOperatorView = z.infer<typeof slipOperatorView>;

/**
 * Credits a held slip's transfer to the player the operator identified (by username), whose registered
 * account must fit the sender the bank reported. If that is not the uploader, the uploader's slip fails
 * NOT_MATCH and the money goes to the named player.
 */
export const slipCreditRequest = z.object({ username: z.string().min(1).max(30) });
export type SlipCreditRequest = z.infer<typeof slipCreditRequest>;

/** Fails a held slip with a reason code of SPEC §8 (NOT_MATCH unless the operator says otherwise). */
export const slipRejectRequest = z.object({ note: z.enum(SLIP_REASON_CODES).default('NOT_MATCH') });
export type SlipRejectRequest = z.infer<typeof slipRejectRequest>;
