import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorMeResponse } from '@wallet/contract/backoffice/auth';
import { ApiError } from '@wallet/web-kit/api/api-error';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';

export function getMe(): Promise<OperatorMeResponse> {
  return api.get<OperatorMeResponse>('/api/backoffice/me');
}

export const meQueryKey = ['backoffice', 'me'] as const;

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });

/** Every screen reads who is signed in from here: the shell, the navigation, My account. */
export function useMe() {
  return useQuery(meQueryOptions);
}

/** The server's answer to an owner or finance operator who must enrol two-factor first (production). */
const TOTP_ENROLMENT_REQUIRED = 'TOTP_ENROLMENT_REQUIRED';

/**
 * A call refused with TOTP_ENROLMENT_REQUIRED means the cached `me` is out of date (the role was
 * changed to one that must enrol): `me` is read again, so the shell's banner shows at once.
 */
export function useMeFollowsEnrolmentRefusals(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = (error: unknown) => {
      if (error instanceof ApiError && error.code === TOTP_ENROLMENT_REQUIRED) {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      // me itself is never refused this way; skipping it keeps a refusal from looping.
      if (event.type === 'updated' && event.action.type === 'error' && event.query.queryHash !== hashKey(meQueryKey)) {
        refresh(event.action.error);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refresh(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
