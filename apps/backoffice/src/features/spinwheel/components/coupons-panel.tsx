import type { SpinCouponRow } from '@wallet/contract/backoffice/spinwheel';
import { SPIN_COUPON_STATUSES, SPIN_PAGE_SIZE, SPIN_PRIZE_TYPES } from '@wallet/contract/backoffice/spinwheel-rules';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { SelectField, TextField } from '@wallet/web-kit/ui/field';
import { GiftIcon } from '@wallet/web-kit/ui/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterForm } from '@/lib/filter-form';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { PagedTable } from '@/ui/paged-table';
import { couponsRequest, EMPTY_COUPON_FILTERS, useCoupons } from '../api/get-coupons';
import { FulfilDialog } from './fulfil-dialog';
import { PlayerCell } from './player-cell';
import { WheelSelect } from './wheel-select';
import { prizeText } from './wheel-texts';

/** The coupons players won, newest first; a claimed non-cash prize is handed over here (with a confirmation). */
export function CouponsPanel({ canFulfil }: { canFulfil: boolean }) {
  const { t } = useTranslation();
  const { draft, setDraft, filters, page, setPage, apply, clear, bind } = useFilterForm(EMPTY_COUPON_FILTERS);
  const [fulfilling, setFulfilling] = useState<SpinCouponRow | null>(null);
  const coupons = useCoupons(filters, page);
  return (
    <>
      <form className="card filters" onSubmit={apply} aria-label={t('spinwheel.filterCoupons')}>
        <SelectField
          label={t('spinwheel.couponStatus')}
          placeholder={t('spinwheel.anyStatus')}
          options={SPIN_COUPON_STATUSES.map((status) => ({ value: status, label: t(`spinwheel.statuses.${status}`) }))}
          {...bind('status')}
        />
        <SelectField
          label={t('spinwheel.prizeType')}
          placeholder={t('spinwheel.anyPrize')}
          options={SPIN_PRIZE_TYPES.map((type) => ({ value: type, label: t(`spinwheel.prizeTypes.${type}`) }))}
          {...bind('prizeType')}
        />
        <WheelSelect value={draft.wheelId} onChange={(wheelId) => setDraft((current) => ({ ...current, wheelId }))} />
        <TextField label={t('spinwheel.playerId')} autoComplete="off" maxLength={64} {...bind('playerId')} />
        <div className="filters-actions">
          <button type="submit" className="btn btn-primary">
            {t('spinwheel.apply')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={clear}>
            {t('spinwheel.reset')}
          </button>
        </div>
      </form>
      <PagedTable<SpinCouponRow>
        list={coupons}
        icon={<GiftIcon />}
        label={t('spinwheel.tabs.coupons')}
        columns={canFulfil ? 7 : 6}
        empty={t('spinwheel.noCoupons')}
        summary={(total) => t('spinwheel.rows', { count: total })}
        paging={{ page, onPage: setPage, pageSize: SPIN_PAGE_SIZE }}
        exportCsv={
          <ExportCsvButton
            route="GET /api/backoffice/spinwheel/coupons.csv"
            request={couponsRequest(filters)}
            name="coupons"
          />
        }
        head={
          <>
            <th scope="col">{t('spinwheel.wonAt')}</th>
            <th scope="col">{t('spinwheel.player')}</th>
            <th scope="col">{t('spinwheel.slice')}</th>
            <th scope="col">{t('spinwheel.prize.title')}</th>
            <th scope="col">{t('spinwheel.couponStatus')}</th>
            <th scope="col">{t('spinwheel.expiresAt')}</th>
            {canFulfil ? <th scope="col">{t('spinwheel.actions')}</th> : null}
          </>
        }
        row={(coupon) => (
          <tr key={coupon.id} data-testid={`coupon-${coupon.id}`}>
            <td className="nowrap">
              <DateTime value={coupon.at} />
            </td>
            <td className="nowrap">
              <PlayerCell playerId={coupon.playerId} username={coupon.username} />
            </td>
            <td>
              <span className="strong">{coupon.sliceCode}</span> {coupon.sliceLabel}
            </td>
            <td>{prizeText(t, coupon.prizeType, coupon.amount, coupon.itemName)}</td>
            <td>
              <span className={`coupon-status is-${coupon.status}`}>{t(`spinwheel.statuses.${coupon.status}`)}</span>
              {coupon.fulfilledAt ? (
                <span className="muted coupon-fulfilled">
                  {' '}
                  {t('spinwheel.fulfilledBy', { by: coupon.fulfilledBy ?? '' })} <DateTime value={coupon.fulfilledAt} />
                </span>
              ) : null}
            </td>
            <td className="nowrap">
              <DateTime value={coupon.expiresAt} />
            </td>
            {canFulfil ? (
              <td>
                {coupon.prizeType === 'item' && coupon.status === 'claimed' ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    onClick={() => setFulfilling(coupon)}
                    data-testid={`fulfil-${coupon.id}`}
                  >
                    {t('spinwheel.fulfil')}
                  </button>
                ) : null}
              </td>
            ) : null}
          </tr>
        )}
      />
      <FulfilDialog coupon={fulfilling} onClose={() => setFulfilling(null)} />
    </>
  );
}
