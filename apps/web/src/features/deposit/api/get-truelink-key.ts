import type { TruelinkKeyResponse } from '@wallet/contract/deposit';
import { api } from '@/lib/api-client';

export function getTruelinkKey(): Promise<TruelinkKeyResponse> {
  return api.get<TruelinkKeyResponse>('/api/wallet/truelink/key');
}
