import type { DepositLookupResponse } from '@wallet/contract/deposit';
import { api } from '@/lib/api-client';

export const depositLookupQueryKey = ['deposit-lookup'] as const;

export function getDepositLookup(): Promise<DepositLookupResponse> {
  return api.get<DepositLookupResponse>('/api/lookup/deposit');
}
