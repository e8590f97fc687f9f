import type { PromotionCodeView } from '@wallet/contract/backoffice/promotions';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { GiftIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePromotionCodes } from '../api/get-promotion-codes';
import { PromotionCodeForm } from './promotion-code-form';

/** The codes players can type on the Bonus screen, with how often each was redeemed. */
export function PromotionCodesPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const codes = usePromotionCodes();
  const [editing, setEditing] = useState<PromotionCodeView | 'new' | null>(null);
  if (editing) {
    return <PromotionCodeForm promotion={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  if (codes.isError) {
    return <LoadFailedCard icon={<GiftIcon />} error={codes.error} onRetry={() => void codes.refetch()} />;
  }
  if (!codes.data) return <Loader />;
  return (
    <section className="card table-card" aria-labelledby="codes-title">
      <div className="table-card-title">
        <h2 className="card-title" id="codes-title">
          {t('promotions.tabs.codes')}
        </h2>
        {canManage ? (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setEditing('new')}
            data-testid="code-new"
          >
            {t('promotions.newCode')}
          </button>
        ) : null}
      </div>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('promotions.code')}</th>
              <th scope="col">{t('promotions.offer')}</th>
              <th scope="col">{t('promotions.percentFail')}</th>
              <th scope="col">{t('promotions.redeemed')}</th>
              <th scope="col">{t('promotions.window')}</th>
              <th scope="col">{t('promotions.status')}</th>
              {canManage ? <th scope="col">{t('promotions.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {codes.data.items.length === 0 ? (
              <tr>
                <td colSpan={7} className="empty-cell">
                  {t('promotions.noCodes')}
                </td>
              </tr>
            ) : null}
            {codes.data.items.map((code) => (
              <tr key={code.code} data-testid={`code-${code.code}`}>
                <td className="strong">{code.code}</td>
                <td className="nowrap">
                  {code.kind === 'percent'
                    ? t('promotions.percentOffer', {
                        value: code.value,
                        cap: code.maxBonus > 0 ? formatMoney(code.maxBonus / 100) : t('promotions.noCap'),
                      })
                    : t('promotions.fixedOffer', { value: formatMoney(code.value / 100) })}
                </td>
                <td>{code.percentFail}%</td>
                <td className="nowrap">
                  {code.redeemed} / {code.maxRedemptions || '∞'}
                </td>
                <td className="nowrap">
                  {code.validFrom ? <DateTime value={code.validFrom} /> : t('promotions.open')}
                  {' – '}
                  {code.validTo ? <DateTime value={code.validTo} /> : t('promotions.open')}
                </td>
                <td>
                  <span className={code.enabled ? 'state is-on' : 'state is-off'}>
                    {code.enabled ? t('promotions.on') : t('promotions.off')}
                  </span>
                </td>
                {canManage ? (
                  <td>
                    <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(code)}>
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
