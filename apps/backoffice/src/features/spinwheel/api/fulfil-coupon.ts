import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpinCouponFulfilPayload, SpinCouponResponse } from '@wallet/contract/backoffice/spinwheel';
import { api } from '@/lib/api-client';
import { couponsQueryKey } from './get-coupons';

/** POST /api/backoffice/spinwheel/coupons/:id/fulfil: the non-cash prize a player claimed was handed over. */
export function fulfilCoupon({
  id,
  ...payload
}: SpinCouponFulfilPayload & { id: string }): Promise<SpinCouponResponse> {
  return api.post<SpinCouponResponse>(`/api/backoffice/spinwheel/coupons/${encodeURIComponent(id)}/fulfil`, payload);
}

export function useFulfilCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fulfilCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }),
  });
}
