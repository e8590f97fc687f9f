import { z } from 'zod';
import { isoDateTime, pageRequest } from './common.ts';

/** GET /api/refund/check. */
export const refundCheckResponse = z.object({
  /** Whether there is a refund to claim. */
  result: z.boolean(),
  /** An active bonus blocks the claim. */
  bonus: z.boolean(),
  /** HTML; rendered only through the sanitiser. */
  info: z.string(),
  refundAmount: z.number(),
  /** Percents of the bonus the refund becomes. */
  refundSuccess: z.number(),
  refundFail: z.number(),
});
export type RefundCheckResponse = z.infer<typeof refundCheckResponse>;

export const refundListRequest = pageRequest;
export type RefundListRequest = z.infer<typeof refundListRequest>;

export const refund = z.object({ refundAmount: z.number(), createdAt: isoDateTime });
export type Refund = z.infer<typeof refund>;

/** POST /api/refund. */
export const refundListResponse = z.object({ total: z.number().int(), refunds: z.array(refund) });
export type RefundListResponse = z.infer<typeof refundListResponse>;

/** GET /api/refund/receive: the message is shown to the player. */
export const refundReceiveResponse = z.object({ message: z.string() });
export type RefundReceiveResponse = z.infer<typeof refundReceiveResponse>;

/** GET /api/refund/addWallet (designed here): a result code, like receive. */
export const refundAddWalletResponse = z.object({ message: z.string() });
export type RefundAddWalletResponse = z.infer<typeof refundAddWalletResponse>;
