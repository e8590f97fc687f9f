import { formatMoney } from '@wallet/web-kit/ui/money';
import { useTranslation } from 'react-i18next';

/** What a bonus or a code gives: a percentage with its cap, or a fixed amount (minor units). */
export function OfferCell({ offer }: { offer: { kind: string; value: number; maxBonus: number } }) {
  const { t } = useTranslation();
  return (
    <td className="nowrap">
      {offer.kind === 'percent'
        ? t('promotions.percentOffer', {
            value: offer.value,
            cap: offer.maxBonus > 0 ? formatMoney(offer.maxBonus / 100) : t('promotions.noCap'),
          })
        : t('promotions.fixedOffer', { value: formatMoney(offer.value / 100) })}
    </td>
  );
}

export function EnabledCell({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <td>
      <span className={enabled ? 'state is-on' : 'state is-off'}>
        {enabled ? t('promotions.on') : t('promotions.off')}
      </span>
    </td>
  );
}

export function EditCell({ onEdit }: { onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <td>
      <button type="button" className="btn btn-ghost btn-small" onClick={onEdit}>
        {t('promotions.edit')}
      </button>
    </td>
  );
}

/** The "new" button beside a promotions list's title. */
export function NewButton({ label, testId, onClick }: { label: string; testId: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-primary btn-small" onClick={onClick} data-testid={testId}>
      {label}
    </button>
  );
}
