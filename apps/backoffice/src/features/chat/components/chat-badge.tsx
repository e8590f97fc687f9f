import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chatConversationPath } from '@/lib/paths';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { useInbox } from '../api/get-inbox';
import { rememberRows, useChatLive } from '../api/live';
import { alertNewConversation } from '../lib/new-conversation-alert';
import { whoLabel } from './who';

/**
 * The navigation's count of conversations nobody has taken, and what keeps chat live on every screen
 * for an agent: a new conversation plays a tone and, when allowed, shows a browser notification.
 */
export function ChatBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const enabled = canCall(me.data?.role, 'GET /api/backoffice/chat/conversations');
  const waiting = useInbox('unassigned', 1, enabled);
  const rows = waiting.data?.rows;
  // Runs before the live hook's effect: what the agent can already see never counts as new.
  useEffect(() => {
    if (rows) rememberRows(rows);
  }, [rows]);
  useChatLive(enabled && waiting.data !== undefined, me.data?.id, (row) =>
    alertNewConversation(t('chat.alertTitle'), `${whoLabel(t, row)}: ${row.lastMessagePreview}`, () =>
      navigate(chatConversationPath(row.id)),
    ),
  );
  if (!waiting.data) return null;
  const total = waiting.data.total;
  return (
    <span
      className={total > 0 ? 'count-badge' : 'count-badge is-zero'}
      data-testid="nav-chat-count"
      title={t('chat.unassignedCount', { count: total })}
    >
      {total}
    </span>
  );
}
