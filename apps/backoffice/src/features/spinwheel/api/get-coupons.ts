import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SpinCouponPage } from '@wallet/contract/backoffice/spinwheel';
import { SPIN_PAGE_SIZE } from '@wallet/contract/backoffice/spinwheel-rules';
import { api } from '@/lib/api-client';
import { type ListRequest, listRequest, pageUrl } from '@/lib/list-request';

/** What the coupon list is filtered by; empty fields are left out. */
export interface CouponFilters {
  status: string;
  prizeType: string;
  wheelId: string;
  playerId: string;
}

export const EMPTY_COUPON_FILTERS: CouponFilters = { status: '', prizeType: '', wheelId: '', playerId: '' };

export const couponsQueryKey = ['backoffice', 'spinwheel', 'coupons'] as const;

export function couponsRequest(filters: CouponFilters): ListRequest {
  return listRequest('/api/backoffice/spinwheel/coupons', { ...filters });
}

export function getCoupons(filters: CouponFilters, page: number): Promise<SpinCouponPage> {
  return api.get<SpinCouponPage>(pageUrl(couponsRequest(filters), page, SPIN_PAGE_SIZE));
}

export function useCoupons(filters: CouponFilters, page: number) {
  return useQuery({
    queryKey: [...couponsQueryKey, filters, page],
    queryFn: () => getCoupons(filters, page),
    placeholderData: keepPreviousData,
  });
}
