import { TextField } from '@wallet/web-kit/ui/field';
import { ListIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/ui/date-time-field';
import { EMPTY_REPORT_FILTERS, type ReportFilters, useSpinReport } from '../api/get-report';
import { useWheelNames, WheelSelect } from './wheel-select';
import { prizeText } from './wheel-texts';

const oneDecimal = (value: number) => value.toFixed(1);
const signed = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)}`;

/** Coins earned and spent, spins, what was paid out, and each slice's wins against what its weight expects. */
export function ReportPanel() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ReportFilters>(EMPTY_REPORT_FILTERS);
  const [filters, setFilters] = useState<ReportFilters>(EMPTY_REPORT_FILTERS);
  const report = useSpinReport(filters);
  const wheelName = useWheelNames();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const data = report.data;
  return (
    <>
      <form className="card filters" onSubmit={apply} aria-label={t('spinwheel.filterReport')}>
        <WheelSelect value={draft.wheelId} onChange={(wheelId) => setDraft((current) => ({ ...current, wheelId }))} />
        <DateTimeField
          kind="date"
          label={t('spinwheel.from')}
          name="from"
          value={draft.from}
          onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
        />
        <DateTimeField
          kind="date"
          label={t('spinwheel.to')}
          name="to"
          value={draft.to}
          onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
        />
        <div className="filters-actions">
          <button type="submit" className="btn btn-primary">
            {t('spinwheel.apply')}
          </button>
        </div>
      </form>
      {report.isError ? (
        <LoadFailedCard icon={<ListIcon />} error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <Loader />
      ) : (
        <>
          <section className="card" aria-labelledby="spin-totals-title">
            <h2 className="card-title" id="spin-totals-title">
              {t('spinwheel.totals')}
            </h2>
            <dl className="spin-figures" data-testid="spin-totals">
              <div>
                <dt>{t('spinwheel.coinsEarned')}</dt>
                <dd>{data.coinsEarned}</dd>
              </div>
              <div>
                <dt>{t('spinwheel.coinsWon')}</dt>
                <dd>{data.coinsWon}</dd>
              </div>
              <div>
                <dt>{t('spinwheel.coinsSpent')}</dt>
                <dd>{data.coinsSpent}</dd>
              </div>
              <div>
                <dt>{t('spinwheel.spins')}</dt>
                <dd>{data.spins}</dd>
              </div>
              <div>
                <dt>{t('spinwheel.bonusPaidTotal')}</dt>
                <dd>
                  {data.bonusPaid.length === 0
                    ? formatMoney(0)
                    : data.bonusPaid.map((paid) => (
                        <span key={paid.currency} className="spin-figure-line">
                          {formatMoney(paid.amount / 100)} {paid.currency}
                        </span>
                      ))}
                </dd>
              </div>
              <div>
                <dt>{t('spinwheel.itemsWonTotal')}</dt>
                <dd>
                  {data.itemsWon}{' '}
                  <span className="muted">{t('spinwheel.itemsFulfilled', { count: data.itemsFulfilled })}</span>
                </dd>
              </div>
            </dl>
          </section>
          <section className="card table-card" aria-labelledby="spin-slices-title">
            <div className="table-card-title">
              <h2 className="card-title" id="spin-slices-title">
                {t('spinwheel.bySlice')}
              </h2>
            </div>
            <p className="muted table-card-hint">{t('spinwheel.bySliceHint')}</p>
            <div className="table-scroll">
              <table className="data-table" data-testid="spin-report">
                <thead>
                  <tr>
                    <th scope="col">{t('spinwheel.wheel')}</th>
                    <th scope="col">{t('spinwheel.slice')}</th>
                    <th scope="col">{t('spinwheel.prize.title')}</th>
                    <th scope="col" className="num">
                      {t('spinwheel.weight')}
                    </th>
                    <th scope="col" className="num">
                      {t('spinwheel.spins')}
                    </th>
                    <th scope="col" className="num">
                      {t('spinwheel.won')}
                    </th>
                    <th scope="col" className="num">
                      {t('spinwheel.expected')}
                    </th>
                    <th scope="col" className="num">
                      {t('spinwheel.difference')}
                    </th>
                    <th scope="col" className="num">
                      {t('spinwheel.claimed')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.length === 0 ? (
                    <tr>
                      <td colSpan={9} className="empty-cell">
                        {t('spinwheel.noSpins')}
                      </td>
                    </tr>
                  ) : null}
                  {data.rows.map((row) => (
                    <tr
                      key={`${row.wheelId}-${row.version}-${row.sliceCode}`}
                      data-testid={`report-${row.sliceCode}-v${row.version}`}
                    >
                      <td>
                        {wheelName(row.wheelId)}{' '}
                        <span className="muted">{t('spinwheel.versionShort', { version: row.version })}</span>
                      </td>
                      <td>
                        <span className="strong">{row.sliceCode}</span> {row.sliceLabel}
                      </td>
                      <td>{prizeText(t, row.prizeType, row.amount)}</td>
                      <td className="num">{row.weight}</td>
                      <td className="num">{row.spins}</td>
                      <td className="num strong">{row.won}</td>
                      <td className="num">{oneDecimal(row.expected)}</td>
                      <td className="num">{signed(row.won - row.expected)}</td>
                      <td className="num">{row.claimed}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </>
  );
}
