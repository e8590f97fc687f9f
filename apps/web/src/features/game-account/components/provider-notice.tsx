import { WarningIcon } from '@wallet/web-kit/ui/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '@/lib/config';

/** The build's message for one provider, confirmed before its game opens (SPEC §2 launch rules). */
export function ProviderNotice({ onContinue, onCancel }: { onContinue: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="provider-notice" role="alert" aria-labelledby={titleId}>
      <h3 className="provider-notice-title" id={titleId}>
        <WarningIcon />
        <span>{t('game.noticeTitle')}</span>
      </h3>
      <p className="provider-notice-text">{config.providerMessage}</p>
      <div className="form-actions">
        <button type="button" className="btn btn-ghost btn-grow" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary btn-grow" data-testid="launch-continue" onClick={onContinue}>
          {t('game.continue')}
        </button>
      </div>
    </section>
  );
}
