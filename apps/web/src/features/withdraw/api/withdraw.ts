import type { WalletMoveResponse, WithdrawPayload } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';

/** Money leaves the wallet: the caller passes one idempotency key per player action. */
export function withdraw(payload: WithdrawPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/withdraw', payload, { idempotencyKey });
}
