import { BellIcon, ChatIcon, DocumentIcon } from '@wallet/web-kit/ui/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import {
  askNotificationPermission,
  type NotifyPermission,
  notificationPermission,
} from '../lib/new-conversation-alert';
import { ConversationPane } from './conversation-pane';
import { Inbox } from './inbox';
import { MemberSidebar } from './member-sidebar';

/** The agents' console: the inbox, the open conversation and who the player is. */
export function ChatScreen({ conversationId }: { conversationId: string | null }) {
  const { t } = useTranslation();
  const me = useMe();
  const canManageCanned = canCall(me.data?.role, 'POST /api/backoffice/chat/canned-replies');
  return (
    <div className="page chat-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('chat.title')}</h1>
          <p className="muted">{t('chat.subtitle')}</p>
        </div>
        <div className="chat-toolbar">
          <AlertsButton />
          {canManageCanned ? (
            <Link to={paths.cannedReplies} className="btn btn-ghost btn-small">
              <DocumentIcon />
              <span>{t('chat.canned.manage')}</span>
            </Link>
          ) : null}
        </div>
      </header>
      <div className="chat-layout">
        <Inbox activeId={conversationId} selfId={me.data?.id} />
        {conversationId ? (
          <>
            <ConversationPane key={conversationId} conversationId={conversationId} />
            <MemberSidebar key={`side-${conversationId}`} conversationId={conversationId} />
          </>
        ) : (
          <section className="card chat-conv">
            <div className="chat-empty">
              <ChatIcon />
              <p>{t('chat.pickOne')}</p>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}

/** Browsers ask for notification permission only after a click: the agent turns alerts on here. */
function AlertsButton() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<NotifyPermission>(notificationPermission);
  if (permission === 'unsupported') return null;
  if (permission === 'granted')
    return (
      <span className="chat-alerts is-on" data-testid="chat-alerts-on">
        <BellIcon /> {t('chat.alertsOn')}
      </span>
    );
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      onClick={() => void askNotificationPermission().then(setPermission)}
      disabled={permission === 'denied'}
      title={permission === 'denied' ? t('chat.alertsBlocked') : undefined}
      data-testid="chat-alerts"
    >
      <BellIcon />
      <span>{t(permission === 'denied' ? 'chat.alertsBlocked' : 'chat.alertsEnable')}</span>
    </button>
  );
}
