import { APP_VERSION } from '@wallet/contract/constants';
import { ChatIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { useEnableChatWidget } from '../api/get-enable-chat-widget';
import { ContactDetails } from './contact-details';

/**
 * Chat is offered only where the operator switched it on (GET /api/lookup/enableChatWidget): a page
 * that promises a chat nobody answers is worse than none.
 */
function ChatEntry() {
  const { t } = useTranslation();
  const { data } = useEnableChatWidget();
  if (!data?.enableChatWidget) return null;
  return (
    <section className="card contact-card" data-testid="chat-entry">
      <span className="contact-line-label">
        <ChatIcon /> {t('contact.chatTitle')}
      </span>
      <p className="muted">{t('contact.chatHint')}</p>
    </section>
  );
}

export function ContactScreen({ topOffset }: { topOffset: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={topOffset ? 'page' : 'page page-flush'}>
      <header className="page-header">
        <h1 className="page-title">{t('contact.title')}</h1>
        <p className="muted">{t('contact.subtitle')}</p>
      </header>
      <ContactDetails />
      <ChatEntry />
      <p className="app-version">{t('common.version', { version: APP_VERSION })}</p>
    </div>
  );
}
