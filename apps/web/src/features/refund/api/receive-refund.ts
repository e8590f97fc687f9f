import type { RefundReceiveResponse } from '@wallet/contract/refund';
import { api } from '@/lib/api-client';

/** GET /api/refund/receive: claims the refund on offer as a bonus; the message is shown to the player. */
export function receiveRefund(): Promise<RefundReceiveResponse> {
  return api.get<RefundReceiveResponse>('/api/refund/receive');
}
