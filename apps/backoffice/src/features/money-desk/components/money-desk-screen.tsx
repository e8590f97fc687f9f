import type { MoneyQueueCounts, MoneyQueueItem } from '@wallet/contract/backoffice/money-desk';
import { MONEY_QUEUE_PAGE_SIZE, MONEY_QUEUES, type MoneyQueue } from '@wallet/contract/backoffice/money-desk-rules';
import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import { TextField } from '@wallet/web-kit/ui/field';
import { WalletIcon } from '@wallet/web-kit/ui/icons';
import { Money } from '@wallet/web-kit/ui/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { PagedTable } from '@/ui/paged-table';
import { type Sort, SortHeader } from '@/ui/sort-header';
import { useMoneyCounts } from '../api/get-counts';
import { type QueueParams, queueRequest, useQueue } from '../api/get-queue';
import { ageParts } from './format-age';
import { ItemDialog } from './item-dialog';

/** The route each queue opens with: a role that may not call it does not see the tab. */
const QUEUE_ROUTES: Record<MoneyQueue, BackofficeRoute> = {
  transfers: 'GET /api/backoffice/money/transfers',
  'manual-deposits': 'GET /api/backoffice/money/manual-deposits',
  slips: 'GET /api/backoffice/money/slips',
  withdrawals: 'GET /api/backoffice/money/withdrawals',
};

const COUNT_OF: Record<MoneyQueue, keyof MoneyQueueCounts> = {
  transfers: 'transfers',
  'manual-deposits': 'manualDeposits',
  slips: 'slips',
  withdrawals: 'withdrawals',
};

/** The queues of money the operator decides, one tab each with its live size, oldest first. */
export function MoneyDeskScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const queues = MONEY_QUEUES.filter((queue) => canCall(me.data?.role, QUEUE_ROUTES[queue]));
  // The tab lives in the address (?queue=), so the dashboard and a colleague's link open the right one.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('queue');
  const chosen = (MONEY_QUEUES as readonly string[]).includes(asked ?? '') ? (asked as MoneyQueue) : null;
  const setChosen = (next: MoneyQueue) => setSearch({ queue: next }, { replace: true });
  const queue = chosen && queues.includes(chosen) ? chosen : (queues[0] ?? null);
  const counts = useMoneyCounts(queues.length > 0);

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('moneyDesk.title')}</h1>
          <p className="muted">{t('moneyDesk.subtitle')}</p>
        </div>
      </header>
      <div className="md-tabs" role="tablist" aria-label={t('moneyDesk.title')}>
        {queues.map((name) => {
          const size = counts.data?.[COUNT_OF[name]];
          return (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={name === queue}
              className={name === queue ? 'md-tab is-active' : 'md-tab'}
              data-testid={`tab-${name}`}
              onClick={() => setChosen(name)}
            >
              <span>{t(`moneyDesk.queues.${name}`)}</span>
              {size !== undefined ? (
                <span className={size > 0 ? 'count-badge' : 'count-badge is-zero'} data-testid={`count-${name}`}>
                  {size}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {queue ? <QueueTable key={queue} queue={queue} counts={counts.data} /> : null}
    </div>
  );
}

function QueueTable({ queue, counts }: { queue: MoneyQueue; counts: MoneyQueueCounts | undefined }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<QueueParams>({ page: 1, sort: 'createdAt', order: 'asc', q: '' });
  const [draft, setDraft] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQueue(queue, params);
  const sort: Sort<QueueParams['sort']> = { column: params.sort, order: params.order };
  const onSort = (next: Sort<QueueParams['sort']>) =>
    setParams((current) => ({ ...current, sort: next.column, order: next.order, page: 1 }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams((current) => ({ ...current, q: draft, page: 1 }));
  };
  const open = list.data?.items.find((item) => item.id === openId) ?? null;
  return (
    <>
      <form className="card filters md-filters" onSubmit={search} aria-label={t('moneyDesk.search')}>
        <TextField
          label={t('moneyDesk.search')}
          hint={t(queue === 'transfers' ? 'moneyDesk.searchHintTransfers' : 'moneyDesk.searchHint')}
          name="q"
          maxLength={50}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="filters-actions">
          <button type="submit" className="btn btn-primary">
            {t('moneyDesk.apply')}
          </button>
        </div>
        {queue === 'withdrawals' && counts && counts.awaitingSecondApproval > 0 ? (
          <p className="md-note" data-testid="second-approval-note">
            {t('moneyDesk.awaitingSecond', { count: counts.awaitingSecondApproval })}
          </p>
        ) : null}
      </form>
      <PagedTable
        list={list}
        icon={<WalletIcon />}
        label={t(`moneyDesk.queues.${queue}`)}
        exportCsv={
          <ExportCsvButton
            route={`GET /api/backoffice/money/${queue}.csv`}
            request={queueRequest(queue, params)}
            name={queue}
          />
        }
        head={
          <>
            <SortHeader column="createdAt" sort={sort} onSort={onSort}>
              {t('moneyDesk.colAge')}
            </SortHeader>
            <SortHeader column="amount" sort={sort} onSort={onSort}>
              {t('moneyDesk.colAmount')}
            </SortHeader>
            <th scope="col">{t('moneyDesk.colPlayer')}</th>
            <th scope="col">{t(queue === 'withdrawals' ? 'moneyDesk.payTo' : 'moneyDesk.colFrom')}</th>
            <th scope="col">{t('moneyDesk.colState')}</th>
            <th scope="col">{t('moneyDesk.colClaim')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('moneyDesk.open')}</span>
            </th>
          </>
        }
        columns={7}
        empty={t('moneyDesk.empty')}
        row={(item) => <QueueRow key={item.id} item={item} onOpen={() => setOpenId(item.id)} />}
        summary={(count) => t('moneyDesk.total', { count })}
        paging={{
          page: params.page,
          onPage: (page) => setParams((current) => ({ ...current, page })),
          pageSize: MONEY_QUEUE_PAGE_SIZE,
        }}
      />
      {open ? <ItemDialog item={open} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function QueueRow({ item, onOpen }: { item: MoneyQueueItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const age = ageParts(item.ageSeconds);
  const reason = item.reason ? t(`moneyDesk.reasons.${item.reason}`, { defaultValue: item.reason }) : '';
  // A held transfer or slip with its first approval shows both why it waits and that it waits for a second.
  const state =
    item.queue === 'withdrawals' && item.stage
      ? t(`moneyDesk.stages.${item.stage}`)
      : item.stage
        ? `${reason} · ${t(`moneyDesk.stages.${item.stage}`)}`
        : reason;
  return (
    <tr data-testid={`item-${item.id}`}>
      <td className="nowrap">{t(`moneyDesk.${age.key}`, age.values)}</td>
      <td className="nowrap strong">
        <Money value={item.amount} />
      </td>
      <td>
        {item.player ? (
          `${item.player.username} · ${item.player.name}`
        ) : (
          <span className="muted">{t('moneyDesk.noPlayer')}</span>
        )}
      </td>
      <td className="mono nowrap">
        {item.fromBankCode ?? ''} {item.fromAccountNo ?? ''}
      </td>
      <td>
        {state}
        {item.needsTwoApprovals ? <span className="role-badge">{t('moneyDesk.fourEyes')}</span> : null}
      </td>
      <td>
        {item.claim ? (
          <span className={item.claim.mine ? 'role-badge is-mine' : 'role-badge'}>
            {item.claim.mine ? t('moneyDesk.claimedByYou') : item.claim.operatorUsername}
          </span>
        ) : (
          <span className="muted">{t('moneyDesk.unclaimed')}</span>
        )}
      </td>
      <td>
        <button type="button" className="btn btn-ghost btn-small" onClick={onOpen}>
          {t('moneyDesk.open')}
        </button>
      </td>
    </tr>
  );
}
