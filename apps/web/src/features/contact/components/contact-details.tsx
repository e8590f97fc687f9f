import { ChatIcon, LineIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { SafeHtml } from '@wallet/web-kit/ui/safe-html';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { useContact } from '../api/get-contact';

/**
 * The operator's contact (text, LINE QR, name and link): the contact page and the closed-service page
 * show it. The text is the operator's HTML, sanitised again here.
 */
export function ContactDetails() {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useContact();
  if (isPending) return <Loader />;
  if (error) return <LoadFailedCard icon={<ChatIcon />} error={error} onRetry={() => refetch()} />;
  return (
    <section className="card contact-card">
      {data.contactText ? (
        <SafeHtml className="contact-text" html={data.contactText} />
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
  );
}
