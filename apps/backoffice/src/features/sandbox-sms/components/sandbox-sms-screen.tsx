import { DateTime } from '@wallet/web-kit/ui/date-time';
import { TextField } from '@wallet/web-kit/ui/field';
import { ChatIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { useFilterForm } from '@/lib/filter-form';
import { useSandboxSms } from '../api/get-sandbox-sms';

/**
 * The sandbox's SMS outbox (DESIGN §4): no text reaches a phone in the sandbox, so staff read a player's
 * one-time code here. The server serves it only while sandbox providers are on.
 */
export function SandboxSmsScreen() {
  const { t } = useTranslation();
  const { filters, apply, clear, bind } = useFilterForm({ phone: '' });
  const sms = useSandboxSms(filters.phone.trim());
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('sandboxSms.title')}</h1>
          <p className="muted">{t('sandboxSms.subtitle')}</p>
        </div>
      </header>
      <form className="card filters" onSubmit={apply} aria-label={t('sandboxSms.search')}>
        <TextField label={t('sandboxSms.phone')} inputMode="tel" autoComplete="off" maxLength={20} {...bind('phone')} />
        <div className="filters-actions">
          <button type="submit" className="btn btn-primary">
            {t('sandboxSms.search')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={clear}>
            {t('sandboxSms.reset')}
          </button>
        </div>
      </form>
      {sms.isError ? <LoadFailedCard icon={<ChatIcon />} error={sms.error} onRetry={() => sms.refetch()} /> : null}
      <Loader active={sms.isPending} />
      {sms.data ? (
        <section className="card">
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('sandboxSms.colTime')}</th>
                  <th scope="col">{t('sandboxSms.phone')}</th>
                  <th scope="col">{t('sandboxSms.colCode')}</th>
                  <th scope="col">{t('sandboxSms.colText')}</th>
                </tr>
              </thead>
              <tbody>
                {sms.data.messages.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="empty-cell">
                      {t('sandboxSms.empty')}
                    </td>
                  </tr>
                ) : null}
                {sms.data.messages.map((message) => (
                  <tr key={`${message.createdAt}-${message.phone}-${message.text}`} data-testid="sms-row">
                    <td className="nowrap">
                      <DateTime value={message.createdAt} />
                    </td>
                    <td className="mono nowrap">{message.phone}</td>
                    <td className="mono strong">{message.code ?? '—'}</td>
                    <td className="break">{message.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
