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

/**
 * The server's answers to an operator who must do something on My account first: enrol two-factor
 * (production owner and finance), or replace a password an owner made.
 */
const ACCOUNT_FIRST_CODES: readonly string[] = ['TOTP_ENROLMENT_REQUIRED', 'PASSWORD_CHANGE_REQUIRED'];

/**
 * A call refused with one of ACCOUNT_FIRST_CODES means the cached `me` is out of date (the role was
 * changed to one that must enrol, the password was reset): `me` is read again, so the shell's banner
 * or its way to the password form follows at once.
 */
export function useMeFollowsEnrolmentRefusals(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = (error: unknown) => {
      if (error instanceof ApiError && ACCOUNT_FIRST_CODES.includes(error.code)) {
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
