import type { SlipLookupResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export const slipLookupQueryKey = ['slip-lookup'] as const;

export function getSlipLookup(): Promise<SlipLookupResponse> {
  return api.get<SlipLookupResponse>('/api/lookup/slip');
}
