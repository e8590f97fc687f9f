import type { CouponClaimPayload, CouponClaimResponse } from '@wallet/contract/spinwheel';
import { api } from '@/lib/api-client';
import { withLanguage } from '@/lib/content-language';

/** POST /api/spinwheel/coupon/claim?lang= {coupon}: success carries the prize label for the success alert. */
export function claimCoupon(payload: CouponClaimPayload, language: string): Promise<CouponClaimResponse> {
  return api.post<CouponClaimResponse>(withLanguage('/api/spinwheel/coupon/claim', language), payload);
}
