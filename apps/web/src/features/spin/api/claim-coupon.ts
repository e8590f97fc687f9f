import type { CouponClaimPayload, CouponClaimResponse } from '@wallet/contract/spinwheel';
import { api } from '@/lib/api-client';

/** POST /api/spinwheel/coupon/claim {coupon}: success carries the prize label for the success alert. */
export function claimCoupon(payload: CouponClaimPayload): Promise<CouponClaimResponse> {
  return api.post<CouponClaimResponse>('/api/spinwheel/coupon/claim', payload);
}
