import type { WalletMoveResponse, WithdrawAllPayload } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';

/** Withdraws the whole balance; `amount` is the balance the player saw, so a stale screen is refused (409). */
export function withdrawAll(payload: WithdrawAllPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/withdrawAll', payload, { idempotencyKey });
}
