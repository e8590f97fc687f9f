import type { BonusTypeView } from '@wallet/contract/backoffice/promotions';
import { GiftIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBonusTypes } from '../api/get-bonus-types';
import { BonusTypeForm } from './bonus-type-form';

/** The bonus types players see on their Bonus screen, in the operator's order; a new one or an edit opens the form. */
export function BonusTypesPanel({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const bonuses = useBonusTypes();
  const [editing, setEditing] = useState<BonusTypeView | 'new' | null>(null);
  if (editing) {
    return <BonusTypeForm bonus={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  if (bonuses.isError) {
    return <LoadFailedCard icon={<GiftIcon />} error={bonuses.error} onRetry={() => void bonuses.refetch()} />;
  }
  if (!bonuses.data) return <Loader />;
  const language = i18n.language === 'en' ? 'en' : 'th';
  return (
    <section className="card table-card" aria-labelledby="bonus-types-title">
      <div className="table-card-title">
        <h2 className="card-title" id="bonus-types-title">
          {t('promotions.tabs.bonuses')}
        </h2>
        {canManage ? (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setEditing('new')}
            data-testid="bonus-new"
          >
            {t('promotions.newBonus')}
          </button>
        ) : null}
      </div>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('promotions.sortOrder')}</th>
              <th scope="col">{t('promotions.code')}</th>
              <th scope="col">{t('promotions.name')}</th>
              <th scope="col">{t('promotions.offer')}</th>
              <th scope="col">{t('promotions.limitType')}</th>
              <th scope="col">{t('promotions.percentFail')}</th>
              <th scope="col">{t('promotions.status')}</th>
              {canManage ? <th scope="col">{t('promotions.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {bonuses.data.items.length === 0 ? (
              <tr>
                <td colSpan={8} className="empty-cell">
                  {t('promotions.noBonuses')}
                </td>
              </tr>
            ) : null}
            {bonuses.data.items.map((bonus) => (
              <tr key={bonus.code} data-testid={`bonus-${bonus.code}`}>
                <td>{bonus.sortOrder}</td>
                <td className="strong">{bonus.code}</td>
                <td>{bonus.names[language] || bonus.names.th}</td>
                <td className="nowrap">
                  {bonus.kind === 'percent'
                    ? t('promotions.percentOffer', {
                        value: bonus.value,
                        cap: bonus.maxBonus > 0 ? formatMoney(bonus.maxBonus / 100) : t('promotions.noCap'),
                      })
                    : t('promotions.fixedOffer', { value: formatMoney(bonus.value / 100) })}
                </td>
                <td className="nowrap">
                  {t(`promotions.limitTypes.${bonus.limitType}`)} × {bonus.maxReceived || '∞'}
                </td>
                <td>{bonus.percentFail}%</td>
                <td>
                  <span className={bonus.enabled ? 'state is-on' : 'state is-off'}>
                    {bonus.enabled ? t('promotions.on') : t('promotions.off')}
                  </span>
                </td>
                {canManage ? (
                  <td>
                    <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(bonus)}>
                      {t('promotions.edit')}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
