import { useQueryClient } from '@tanstack/react-query';
import { getToken } from '@wallet/web-kit/lib/auth-token';
import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { afterFirstScreen } from '@/lib/when-idle';
import { type ChatIdentity, getChatHistory } from '../api/chat-api';
import { storedGuestId } from '../lib/guest-id';

/** How often the closed chat asks whether support answered (the open panel has the live conversation). */
export const UNREAD_CHECK_MS = 10_000;

/** The member by their profile id, a guest who has written by their stored id; null when nobody can be answered. */
async function whoCanBeAnswered(fetchProfile: () => Promise<{ _id: string }>): Promise<ChatIdentity | null> {
  if (getToken()) return { userId: (await fetchProfile())._id, guestId: null };
  const guestId = storedGuestId();
  return guestId ? { userId: null, guestId } : null;
}

/**
 * Support's answers the player has not seen while the chat is closed: the newest page of the conversation,
 * asked for every UNREAD_CHECK_MS from after the first screen (no chunk of the panel with it: the first load stays within its budget),
 * counted from the newest message held when the panel was last open (or when counting started). Opening
 * the panel reads them (it marks them read, SPEC §4) and the count starts again from there.
 */
export function useUnreadAnswers(enabled: boolean, open: boolean): number {
  const queryClient = useQueryClient();
  const [unread, setUnread] = useState(0);
  /** Answers at or before this time are seen. */
  const seenUntil = useRef<number | null>(null);

  useEffect(() => {
    if (open) {
      seenUntil.current = Date.now();
      setUnread(0);
    }
  }, [open]);

  useEffect(() => {
    if (!enabled || open) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const identity = await whoCanBeAnswered(() =>
          queryClient.fetchQuery({
            queryKey: ['account', 'profile'],
            queryFn: () => api.get<{ _id: string }>('/api/account/profile'),
          }),
        );
        if (!identity || stopped) return;
        const { conversations } = await getChatHistory(identity, 0);
        const answers = conversations
          .filter((conversation) => conversation.sender === 'other' && !conversation.marker)
          .map((conversation) => Date.parse(conversation.createdAt));
        if (seenUntil.current === null) seenUntil.current = Math.max(0, ...answers);
        const since = seenUntil.current;
        if (!stopped) setUnread(answers.filter((at) => at > since).length);
      } catch {
        // The next check tries again.
      }
      if (!stopped) timer = setTimeout(check, UNREAD_CHECK_MS);
    };
    const cancel = afterFirstScreen(() => void check());
    return () => {
      stopped = true;
      cancel();
      clearTimeout(timer);
    };
  }, [enabled, open, queryClient]);

  return unread;
}
