import type { PromotionReportQuery } from '@wallet/contract/backoffice/promotions';
import { TextField } from '@wallet/web-kit/ui/field';
import { ListIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/ui/date-time-field';
import { usePromotionReport } from '../api/get-promotion-report';
import { isoFromLocal } from './form-values';

const money = (minor: number) => formatMoney(minor / 100);

/**
 * What each bonus, code and programme cost, from the bonus records: credited, taken back (forfeited),
 * withdrawn after it, and the net the promotions expense account paid (credited − forfeited).
 */
export function CostReportPanel() {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query: PromotionReportQuery = {
    ...(isoFromLocal(from) ? { from: isoFromLocal(from) as string } : {}),
    ...(isoFromLocal(to) ? { to: isoFromLocal(to) as string } : {}),
  };
  const report = usePromotionReport(query);
  return (
    <section className="card table-card" aria-labelledby="report-title">
      <div className="table-card-title">
        <h2 className="card-title" id="report-title">
          {t('promotions.tabs.report')}
        </h2>
      </div>
      <div className="promo-report-head">
        <p className="muted">{t('promotions.reportHint')}</p>
        <div className="promo-report-filters">
          <DateTimeField
            kind="datetime"
            label={t('promotions.reportFrom')}
            optional
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <DateTimeField
            kind="datetime"
            label={t('promotions.reportTo')}
            optional
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
      </div>
      {report.isError ? (
        <LoadFailedCard icon={<ListIcon />} error={report.error} onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <Loader />
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="cost-report">
            <thead>
              <tr>
                <th scope="col">{t('promotions.source')}</th>
                <th scope="col">{t('promotions.code')}</th>
                <th scope="col">{t('promotions.currency')}</th>
                <th scope="col" className="num">
                  {t('promotions.players')}
                </th>
                <th scope="col" className="num">
                  {t('promotions.taken')}
                </th>
                <th scope="col" className="num">
                  {t('promotions.credited')}
                </th>
                <th scope="col" className="num">
                  {t('promotions.forfeited')}
                </th>
                <th scope="col" className="num">
                  {t('promotions.withdrawn')}
                </th>
                <th scope="col" className="num">
                  {t('promotions.netCost')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.length === 0 ? (
                <tr>
                  <td colSpan={9} className="empty-cell">
                    {t('promotions.noCosts')}
                  </td>
                </tr>
              ) : null}
              {report.data.rows.map((row) => (
                <tr key={`${row.source}-${row.code}-${row.currency}`} data-testid={`cost-${row.source}-${row.code}`}>
                  <td>{t(`promotions.sources.${row.source}`)}</td>
                  <td className="strong">{row.code}</td>
                  <td>{row.currency}</td>
                  <td className="num">{row.players}</td>
                  <td className="num">{row.taken}</td>
                  <td className="num">{money(row.credited)}</td>
                  <td className="num">{money(row.forfeited)}</td>
                  <td className="num">{money(row.withdrawn)}</td>
                  <td className="num strong">{money(row.netCost)}</td>
                </tr>
              ))}
            </tbody>
            {report.data.totals.length > 0 ? (
              <tfoot>
                {report.data.totals.map((total) => (
                  <tr key={total.currency} className="strong">
                    <td colSpan={2}>{t('promotions.total')}</td>
                    <td>{total.currency}</td>
                    <td className="num">{total.players}</td>
                    <td className="num">{total.taken}</td>
                    <td className="num">{money(total.credited)}</td>
                    <td className="num">{money(total.forfeited)}</td>
                    <td className="num">{money(total.withdrawn)}</td>
                    <td className="num">{money(total.netCost)}</td>
                  </tr>
                ))}
              </tfoot>
            ) : null}
          </table>
        </div>
      )}
    </section>
  );
}
