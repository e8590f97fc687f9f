import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CannedRepliesResponse, CannedReplyPayload, CannedReplyResponse } from '@wallet/contract/backoffice/chat';
import { api } from '@/lib/api-client';
import { cannedKey } from './keys';

/** The languages a canned reply is written in: the player's, whatever the agent reads. */
export const CANNED_LANGUAGES = ['th', 'lo', 'en'] as const;
export type CannedLanguage = (typeof CANNED_LANGUAGES)[number];
/** CANNED_REPLY_TITLE_MAX (restated: its module pulls Zod). */
export const CANNED_TITLE_MAX = 100;

/** GET /api/backoffice/chat/canned-replies. */
export function useCannedReplies() {
  return useQuery({
    queryKey: cannedKey,
    queryFn: () => api.get<CannedRepliesResponse>('/api/backoffice/chat/canned-replies').then((r) => r.replies),
  });
}

export type CannedChange =
  | { kind: 'create'; payload: CannedReplyPayload }
  | { kind: 'update'; id: string; payload: CannedReplyPayload }
  | { kind: 'delete'; id: string };

/** POST, PUT …/:id or DELETE …/:id of /api/backoffice/chat/canned-replies. */
export function useChangeCanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CannedChange): Promise<unknown> => {
      const base = '/api/backoffice/chat/canned-replies';
      if (change.kind === 'create') return api.post<CannedReplyResponse>(base, change.payload);
      const url = `${base}/${encodeURIComponent(change.id)}`;
      return change.kind === 'update' ? api.put<CannedReplyResponse>(url, change.payload) : api.delete(url);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cannedKey }),
  });
}
