import type { TransferPayload, WalletMoveResponse } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';

/** POST /api/wallet/transfer. Money moves: the caller passes one idempotency key per player action. */
export function transfer(payload: TransferPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/transfer', payload, { idempotencyKey });
}
