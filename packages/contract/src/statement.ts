import { z } from 'zod';
import { isoDateTime, pageRequest, text } from './common.ts';
import { SLIP_REASON_CODES } from './errors.ts';

import { DEPOSIT_CHANNELS, STATEMENT_TYPES } from './statement-rules.ts';

export {
  DEPOSIT_CHANNELS,
  type DepositChannel,
  STATEMENT_TYPES,
  STATUS,
  type StatementType,
  type StatusKind,
  statusKind,
} from './statement-rules.ts';

/**
 * The bonus, promotion, invite, refund or prize behind a line. description is what the line was booked
 * with (a bonus's or promotion code's code); name (not in SPEC) is the bonus's name or the promotion's
 * description for players, in the language of `?lang=`, which the player reads instead of the code.
 */
const linked = z.object({ description: z.string(), name: z.string().optional() });

/** POST /api/statement takes `?lang=th|lo|en` (Thai otherwise) for the names of linked bonuses. */
export { lookupLanguageQuery as statementLanguageQuery } from './lookup.ts';

/** Statement entry (SPEC §3). from/to are WALLET, a slot code or a bank code; null where a side has no account. */
export const statementEntry = z.object({
  /** Not in SPEC: keys the rows and lets support quote a line. */
  _id: z.string(),
  statementType: z.enum(STATEMENT_TYPES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  amount: z.number(),
  status: z.string(),
  createdAt: isoDateTime,
  /** Not in SPEC: how a deposit came in (DEPOSIT_CHANNELS); set on deposits only. */
  channel: z.enum(DEPOSIT_CHANNELS).optional(),
  /** Not in SPEC: why an operator refused or failed this withdrawal, as they wrote it for the player. */
  reason: z.string().optional(),
  bonus: linked.optional(),
  promotion: linked.optional(),
  invite: linked.optional(),
  refund: linked.optional(),
  luckydraw: linked.optional(),
});
export type StatementEntry = z.infer<typeof statementEntry>;

export const statementListRequest = pageRequest;
export type StatementListRequest = z.infer<typeof statementListRequest>;

export const statementListResponse = z.object({ total: z.number().int(), statements: z.array(statementEntry) });
export type StatementListResponse = z.infer<typeof statementListResponse>;

/** Slip (SPEC §3). note is the reason code shown in brackets after the status. */
export const slip = z.object({
  createdAt: isoDateTime,
  amount: z.number(),
  status: z.string(),
  note: z.enum(SLIP_REASON_CODES).nullable(),
  link: z.string(),
  reference: z.string(),
});
export type Slip = z.infer<typeof slip>;

export const slipListRequest = pageRequest;
export type SlipListRequest = z.infer<typeof slipListRequest>;

export const slipListResponse = z.object({ total: z.number().int(), slips: z.array(slip) });
export type SlipListResponse = z.infer<typeof slipListResponse>;

export const slipReferenceParams = z.object({ reference: text().min(1).max(100) });
export type SlipReferenceParams = z.infer<typeof slipReferenceParams>;

/** GET /api/statement/slip/reference/{reference}: where the slip image can be viewed. */
export const slipReferenceResponse = z.object({ url: z.string() });
export type SlipReferenceResponse = z.infer<typeof slipReferenceResponse>;

/**
 * POST /api/wallet/slip (designed here): the result code (SLIP_UPLOAD_MESSAGES in slip.ts) and the new
 * slip row. The server verifies during the upload, so the row is usually final (success or failed with
 * its note); it says processing only while the bank's slip service is unreachable and retries run.
 */
export const slipUploadResponse = z.object({ message: z.string(), slip });
export type SlipUploadResponse = z.infer<typeof slipUploadResponse>;
