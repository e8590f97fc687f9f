import type { DashboardDay, DashboardResponse } from '@wallet/contract/backoffice/dashboard';
import { DASHBOARD_QUEUES, type DashboardQueue } from '@wallet/contract/backoffice/dashboard-rules';
import { type Permission, roleCan } from '@wallet/contract/backoffice/permissions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import { DateTime, RelativeTime } from '@wallet/web-kit/ui/date-time';
import { SelectField } from '@wallet/web-kit/ui/field';
import { HomeIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Money } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { moneyDeskQueue } from '@/lib/paths';
import { useMe } from '@/lib/session/get-me';
import { useDashboard } from '../api/get-dashboard';
import { dayText } from './day-text';
import { MoneyChart } from './money-chart';

/** Who works each queue: a role without it sees the count, not the way in. */
const QUEUE_PERMISSION: Record<DashboardQueue, Permission> = {
  unmatchedTransfers: 'money.read',
  manualDeposits: 'money.read',
  undecidedSlips: 'slips.read',
  pendingWithdrawals: 'money.read',
};

function moneyOf(day: DashboardDay, currency: string) {
  return day.money.find((entry) => entry.currency === currency) ?? { currency, deposits: 0, withdrawals: 0, net: 0 };
}

/**
 * The back office's home: today's figures, the last days as a chart and a table (Bangkok calendar days,
 * money from the ledger), and how much waits in each money-desk queue now.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('dashboard.title')}</h1>
          {me.data ? <p className="muted">{t('home.title', { username: me.data.username })}</p> : null}
        </div>
        {data ? (
          <p className="muted dashboard-updated">
            {t('dashboard.updated')} <DateTime value={data.generatedAt} />
          </p>
        ) : null}
      </header>
      {dashboard.isError ? (
        <LoadFailedCard icon={<HomeIcon />} error={dashboard.error} onRetry={() => dashboard.refetch()} />
      ) : null}
      <Loader active={dashboard.isPending} />
      {data ? <DashboardFigures data={data} role={me.data?.role} /> : null}
    </div>
  );
}

function DashboardFigures({ data, role }: { data: DashboardResponse; role: OperatorRole | undefined }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const currency = chosen && data.currencies.includes(chosen) ? chosen : (data.currencies[0] ?? 'THB');
  const today = data.days.at(-1);
  const todayMoney = today ? moneyOf(today, currency) : undefined;
  const newestFirst = [...data.days].reverse();

  return (
    <>
      <section className="card" aria-labelledby="dashboard-today">
        <div className="dashboard-section-head">
          <h2 className="card-title" id="dashboard-today">
            {t('dashboard.today', { date: dayText(data.today) })}
          </h2>
          {data.currencies.length > 1 ? (
            <SelectField
              label={t('dashboard.currency')}
              name="currency"
              value={currency}
              onChange={(event) => setChosen(event.target.value)}
              options={data.currencies.map((code) => ({ value: code, label: code }))}
            />
          ) : (
            <p className="muted">{t('dashboard.amountsIn', { currency })}</p>
          )}
        </div>
        {today && todayMoney ? (
          <dl className="figure-cards" data-testid="today-figures">
            <Figure label={t('dashboard.deposits')} testId="today-deposits">
              <Money value={todayMoney.deposits} />
            </Figure>
            <Figure label={t('dashboard.withdrawals')} testId="today-withdrawals">
              <Money value={todayMoney.withdrawals} />
            </Figure>
            <Figure label={t('dashboard.net')} testId="today-net">
              <Money value={todayMoney.net} className={todayMoney.net < 0 ? 'is-negative' : undefined} />
            </Figure>
            <Figure label={t('dashboard.newPlayers')} testId="today-new-players">
              {today.newPlayers.toLocaleString('en-US')}
            </Figure>
            <Figure label={t('dashboard.activePlayers')} testId="today-active-players">
              {today.activePlayers.toLocaleString('en-US')}
            </Figure>
          </dl>
        ) : null}
        <p className="muted dashboard-help">{t('dashboard.help')}</p>
      </section>

      <section className="card" aria-labelledby="dashboard-queues">
        <h2 className="card-title" id="dashboard-queues">
          {t('dashboard.queuesTitle')}
        </h2>
        <ul className="queue-list">
          {DASHBOARD_QUEUES.map((queue) => {
            const size = data.queues[queue];
            return (
              <li key={queue} className="queue-item" data-testid={`queue-${queue}`}>
                <span className="queue-name">{t(`dashboard.queues.${queue}`)}</span>
                <span className={size.count > 0 ? 'queue-count is-waiting' : 'queue-count'}>
                  {size.count.toLocaleString('en-US')}
                </span>
                <span className="muted queue-age">
                  {size.oldestAt ? (
                    <>
                      {t('dashboard.oldest')} <RelativeTime value={size.oldestAt} />
                    </>
                  ) : (
                    t('dashboard.queueEmpty')
                  )}
                </span>
                {role && roleCan(role, QUEUE_PERMISSION[queue]) ? (
                  <Link className="btn btn-ghost btn-small" to={moneyDeskQueue(queue)}>
                    {t('dashboard.openQueue')}
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card" aria-labelledby="dashboard-chart">
        <h2 className="card-title" id="dashboard-chart">
          {t('dashboard.chartTitle', { count: data.days.length })}
        </h2>
        <MoneyChart
          days={data.days.map((day) => {
            const money = moneyOf(day, currency);
            return { date: day.date, deposits: money.deposits, withdrawals: money.withdrawals };
          })}
        />
      </section>

      <section className="card table-card" aria-labelledby="dashboard-days">
        <h2 className="card-title table-card-title" id="dashboard-days">
          {t('dashboard.daysTitle')}
        </h2>
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col" aria-sort="descending">
                  {t('dashboard.colDate')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.deposits')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.withdrawals')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.net')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.newPlayers')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.activePlayers')}
                </th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((day) => {
                const money = moneyOf(day, currency);
                return (
                  <tr key={day.date} data-testid="dashboard-day">
                    <th scope="row" className="nowrap">
                      {dayText(day.date)}
                    </th>
                    <td className="num">
                      <Money value={money.deposits} />
                    </td>
                    <td className="num">
                      <Money value={money.withdrawals} />
                    </td>
                    <td className="num">
                      <Money value={money.net} className={money.net < 0 ? 'is-negative' : undefined} />
                    </td>
                    <td className="num">{day.newPlayers.toLocaleString('en-US')}</td>
                    <td className="num">{day.activePlayers.toLocaleString('en-US')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="figure-card" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
