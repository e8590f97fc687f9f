import type { AddPayload, WalletMoveResponse } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';

export function addDeposit(payload: AddPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/add', payload, { idempotencyKey });
}
