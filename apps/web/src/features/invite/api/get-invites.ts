import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INVITE_PAGE_SIZE } from '@wallet/contract/constants';
import type { InviteListResponse } from '@wallet/contract/invite';
import { api } from '@/lib/api-client';

export const invitesQueryKey = (page: number) => ['invite', 'list', page] as const;

export function getInvites(page: number, limit: number = INVITE_PAGE_SIZE): Promise<InviteListResponse> {
  return api.post<InviteListResponse>('/api/invite', { page, limit });
}

/** POST /api/invite: one page of what invited friends earned; the previous page stays while the next loads. */
export function useInvites(page: number) {
  return useQuery({
    queryKey: invitesQueryKey(page),
    queryFn: () => getInvites(page),
    placeholderData: keepPreviousData,
    // SPEC §8: an invite-list failure only hides the loader, so a retry the player would wait for is not worth it.
    retry: false,
  });
}
