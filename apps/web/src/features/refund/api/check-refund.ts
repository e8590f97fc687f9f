import { useQuery } from '@tanstack/react-query';
import type { RefundCheckResponse } from '@wallet/contract/refund';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export const refundQueryRoot = ['refund'] as const;

export function checkRefund(language: string): Promise<RefundCheckResponse> {
  return api.get<RefundCheckResponse>(withLanguage('/api/refund/check', language));
}

/** GET /api/refund/check: the refund on offer, its terms and the operator's info, in the app's language. */
export function useRefundCheck() {
  const language = useContentLanguage();
  return useQuery({ queryKey: [...refundQueryRoot, 'check', language], queryFn: () => checkRefund(language) });
}
