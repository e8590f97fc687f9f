import type { TruelinkResponse } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';

export function sendTruelink(link: string, idempotencyKey: string): Promise<TruelinkResponse> {
  return api.post<TruelinkResponse>('/api/wallet/truelink', { link }, { idempotencyKey });
}
