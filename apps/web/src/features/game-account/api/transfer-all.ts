import type { TransferAllPayload, WalletMoveResponse } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';

/** POST /api/wallet/transferAll. Money moves: the caller passes one idempotency key per player action. */
export function transferAll(payload: TransferAllPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/transferAll', payload, { idempotencyKey });
}
