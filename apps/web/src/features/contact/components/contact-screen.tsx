import { APP_VERSION } from '@wallet/contract/constants';
import { ChatIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { useEnableChatWidget } from '@/lib/lookups/get-enable-chat-widget';
import { useInfo } from '../api/get-info';
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

/**
 * The operator's name and website (GET /api/lookup/info). Not on the closed-service page: while the
 * service is closed only the contact lookup answers.
 */
function OperatorWebsite() {
  const { t } = useTranslation();
  const { data } = useInfo();
  if (!data?.website) return null;
  return (
    <a className="contact-website" href={data.website} target="_blank" rel="noopener noreferrer">
      {t('contact.website', { name: data.name || data.website })}
    </a>
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
      <OperatorWebsite />
      <ChatEntry />
      <p className="app-version">{t('common.version', { version: APP_VERSION })}</p>
    </div>
  );
}
