import type { SlipReferenceResponse } from '@wallet/contract/statement';
import { api } from '@/lib/api-client';

/** A short-lived signed address of the slip image. */
export function getSlipImageUrl(reference: string): Promise<SlipReferenceResponse> {
  return api.get<SlipReferenceResponse>(`/api/statement/slip/reference/${encodeURIComponent(reference)}`);
}
