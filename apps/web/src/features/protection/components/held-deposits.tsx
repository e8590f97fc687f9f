import '@/styles/protection.css';
import type { ProtectionView } from '@wallet/contract/protection';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { Money } from '@wallet/web-kit/ui/money';
import { useTranslation } from 'react-i18next';

/**
 * Deposits still held for our staff instead of credited, because they would have passed a deposit limit
 * or arrived while play was paused: the player is told, with when and why. One that staff credited or
 * returned is no longer in the list.
 */
export function HeldDeposits({ held }: { held: ProtectionView['heldDeposits'] }) {
  const { t } = useTranslation();
  if (held.length === 0) return null;
  return (
    <section className="held-deposits" role="status" aria-labelledby="held-title" data-testid="held-deposits">
      <h2 className="held-title" id="held-title">
        {t('protection.held.title')}
      </h2>
      <ul className="held-list">
        {held.map((item) => (
          <li key={`${item.at}-${item.amount}`}>
            <strong>
              <Money value={item.amount} /> {t('protection.baht')}
            </strong>{' '}
            <DateTime value={item.at} className="muted" />
            <p>{t(item.reason === 'DEPOSIT_LIMIT' ? 'errors.DEPOSIT_HELD_LIMIT' : 'protection.held.restricted')}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
