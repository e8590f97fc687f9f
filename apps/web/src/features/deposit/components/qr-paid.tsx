import type { QrBankCode } from '@wallet/contract/constants';
import { CheckIcon } from '@wallet/web-kit/ui/icons';
import { Money } from '@wallet/web-kit/ui/money';
import { useTranslation } from 'react-i18next';

/** The QR was paid: what reached the wallet, instead of a QR, a countdown and a cancel that no longer apply. */
export function QrPaid({
  code,
  amount,
  onDone,
  onAgain,
}: {
  code: QrBankCode;
  amount: number;
  onDone: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="qr-paid" data-testid={`qr-paid-${code}`} role="status">
      <span className="qr-paid-icon" aria-hidden="true">
        <CheckIcon />
      </span>
      <strong className="qr-paid-title">{t('deposit.qr.paidTitle')}</strong>
      <p className="qr-amount">
        {t('deposit.qr.paidCredited')} <Money value={amount} /> {t('home.baht')}
      </p>
      <div className="qr-actions">
        <button type="button" className="btn btn-ghost btn-grow" data-testid={`qr-again-${code}`} onClick={onAgain}>
          {t('deposit.qr.paidAgain')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-grow"
          data-testid={`qr-paid-done-${code}`}
          onClick={onDone}
        >
          {t('deposit.qr.paidDone')}
        </button>
      </div>
    </div>
  );
}
