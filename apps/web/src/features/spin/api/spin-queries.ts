import { useQuery } from '@tanstack/react-query';
import type { CouponListResponse, SpinSetupResponse } from '@wallet/contract/spinwheel';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

/** Every spin query sits under this root, so a spin or a claim reloads the wheel, the coins and the coupons. */
export const spinQueryRoot = ['spinwheel'] as const;
export const spinSetupQueryKey = (language: string) => [...spinQueryRoot, 'setup', language] as const;
export const couponsQueryKey = (language: string) => [...spinQueryRoot, 'coupons', language] as const;

/** GET /api/spinwheel/setup: the active wheel's name (in the player's language), its slices and the coins. */
export function getSpinSetup(language: string): Promise<SpinSetupResponse> {
  return api.get<SpinSetupResponse>(withLanguage('/api/spinwheel/setup', language));
}

/** GET /api/spinwheel/coupon: the player's coupons, newest first; the table pages them. */
export function getCoupons(language: string): Promise<CouponListResponse> {
  return api.get<CouponListResponse>(withLanguage('/api/spinwheel/coupon', language));
}

export function useSpinSetup() {
  const language = useContentLanguage();
  return useQuery({ queryKey: spinSetupQueryKey(language), queryFn: () => getSpinSetup(language) });
}

export function useCoupons() {
  const language = useContentLanguage();
  // SPEC §8: list loads fail silently.
  return useQuery({ queryKey: couponsQueryKey(language), queryFn: () => getCoupons(language), retry: false });
}
