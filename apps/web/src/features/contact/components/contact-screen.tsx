import { APP_VERSION } from '@wallet/contract/constants';
import { ChatIcon, LineIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { useContact } from '../api/get-contact';
import { useEnableChatWidget } from '../api/get-enable-chat-widget';

/**
 * The chat widget is a later issue. The flag is read now so the screen already follows the operator's
 * setting; with the widget disabled (the default) nothing is drawn.
 */
function ChatWidgetSlot() {
  useEnableChatWidget();
  return null;
}

export function ContactScreen({ topOffset }: { topOffset: boolean }) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useContact();

  return (
    <div className={topOffset ? 'page' : 'page page-flush'}>
      <header className="page-header">
        <h1 className="page-title">{t('contact.title')}</h1>
        <p className="muted">{t('contact.subtitle')}</p>
      </header>
      {isPending ? <Loader /> : null}
      {error ? <LoadFailedCard icon={<ChatIcon />} error={error} onRetry={() => refetch()} /> : null}
      {data ? (
        <section className="card contact-card">
          {data.contactText ? (
            <p className="contact-text">{data.contactText}</p>
          ) : (
            <p className="muted">{t('contact.empty')}</p>
          )}
          {data.lineQR ? <img className="contact-qr" src={data.lineQR} alt={t('contact.lineQrAlt')} /> : null}
          {data.lineName || data.lineLink ? (
            <div className="contact-line">
              <span className="contact-line-label">
                <LineIcon /> {t('contact.line')}
              </span>
              {data.lineName ? <strong className="contact-line-name">{data.lineName}</strong> : null}
              {data.lineLink ? (
                <a className="btn btn-line btn-block" href={data.lineLink} target="_blank" rel="noopener noreferrer">
                  {t('contact.addLine')}
                </a>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
      <p className="app-version">{t('common.version', { version: APP_VERSION })}</p>
      <ChatWidgetSlot />
    </div>
  );
}
