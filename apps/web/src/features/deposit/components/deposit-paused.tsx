import type { DepositPause } from '@wallet/contract/protection';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { ShieldIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';

/**
 * In place of a deposit method while player protection pauses deposits (a time-out, a self-exclusion, a
 * used-up limit): why, and until when. Money sent meanwhile is held for an operator, not credited, so no
 * account, QR form or upload is offered.
 */
export function DepositPaused({ pause }: { pause: DepositPause }) {
  const { t } = useTranslation();
  const period = pause.period ? t(`deposit.paused.period.${pause.period}`) : '';
  return (
    <section className="deposit-paused" data-testid="deposit-paused" role="status">
      <p className="deposit-paused-title">
        <ShieldIcon />
        <strong>{t('deposit.paused.title')}</strong>
      </p>
      <p>{t(`deposit.paused.reason.${pause.reason}`, { period })}</p>
      {pause.until ? (
        <p className="deposit-paused-until">
          {t('deposit.paused.until')} <DateTime value={pause.until} />
        </p>
      ) : null}
      <p className="muted">{t('deposit.paused.held')}</p>
    </section>
  );
}
