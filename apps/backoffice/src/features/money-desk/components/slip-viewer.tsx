import { DateTime } from '@wallet/web-kit/ui/date-time';
import { DocumentIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { useSlipDetail } from '../api/get-slip-detail';

/** The slip as the player uploaded it, beside what the bank's verification service answered. */
export function SlipViewer({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useSlipDetail(id);
  if (detail.isPending) return <Loader />;
  if (detail.isError)
    return <LoadFailedCard icon={<DocumentIcon />} error={detail.error} onRetry={() => detail.refetch()} />;
  const { imageUrl, verifier } = detail.data;
  return (
    <div className="md-slip">
      <a href={imageUrl} target="_blank" rel="noreferrer" className="md-slip-image">
        <img src={imageUrl} alt={t('moneyDesk.slipImage')} data-testid="slip-image" />
      </a>
      <dl className="md-facts">
        <dt>{t('moneyDesk.verifierSays')}</dt>
        <dd>{verifier.holdReason ? t(`moneyDesk.holdReasons.${verifier.holdReason}`) : '—'}</dd>
        <dt>{t('moneyDesk.senderAccount')}</dt>
        <dd className="mono">
          {verifier.senderBankCode ?? '—'} {verifier.senderAccountNo ?? ''}
        </dd>
        <dt>{t('moneyDesk.senderName')}</dt>
        <dd data-testid="sender-name">{verifier.senderName ?? t('moneyDesk.senderNameUnknown')}</dd>
        <dt>{t('moneyDesk.sendingBank')}</dt>
        <dd className="mono">{verifier.sendingBank ?? '—'}</dd>
        <dt>{t('moneyDesk.transferredAt')}</dt>
        <dd>{verifier.transferredAt ? <DateTime value={verifier.transferredAt} /> : '—'}</dd>
      </dl>
    </div>
  );
}
