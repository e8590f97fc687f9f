import type { PlayerRecordKind } from '@wallet/contract/backoffice/player-rules';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { PlayerDetail } from '@wallet/contract/backoffice/players';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { ListIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Money } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFooter } from '@/ui/table-footer';
import { useAdjustments } from '../api/get-adjustments';
import { usePlayerAudit } from '../api/get-player-audit';
import { usePlayerRecords } from '../api/get-player-records';

const pages = (total: number, limit: number) => Math.max(1, Math.ceil(total / (limit || PLAYER_LIST_PAGE_SIZE)));

/** Statement, deposits, withdrawals or slips of one player, paged on the server. */
export function RecordsTab({ playerId, kind }: { playerId: string; kind: PlayerRecordKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = usePlayerRecords(playerId, kind, page);
  const data = records.data;
  return (
    <>
      {records.isError ? (
        <LoadFailedCard icon={<ListIcon />} error={records.error} onRetry={() => records.refetch()} />
      ) : null}
      <Loader active={records.isPending} />
      {data ? (
        <>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('playerPage.colTime')}</th>
                  <th scope="col">{t('playerPage.colType')}</th>
                  <th scope="col">{t('playerPage.colFromTo')}</th>
                  <th scope="col" className="num">
                    {t('playerPage.colAmount')}
                  </th>
                  <th scope="col">{t('playerPage.colStatus')}</th>
                  <th scope="col">{t('playerPage.colNote')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="empty-cell">
                      {t('playerPage.noRecords')}
                    </td>
                  </tr>
                ) : null}
                {data.items.map((row) => (
                  <tr key={row.id}>
                    <td className="nowrap">
                      <DateTime value={row.createdAt} />
                    </td>
                    <td>{t(`playerPage.recordType.${row.type}`, { defaultValue: row.type })}</td>
                    <td className="nowrap mono">{[row.from, row.to].filter(Boolean).join(' → ')}</td>
                    <td className="num nowrap">
                      <Money value={row.amount} />
                    </td>
                    <td>{row.status}</td>
                    <td className="break">{row.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TableFooter
            summary={t('playerPage.recordCount', { count: data.total })}
            page={page}
            totalPages={pages(data.total, data.limit)}
            onPage={setPage}
          />
        </>
      ) : null}
    </>
  );
}

export function GameAccountsTab({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('playerPage.colProvider')}</th>
            <th scope="col">{t('playerPage.colGameUsername')}</th>
            <th scope="col" className="num">
              {t('playerPage.colAmount')}
            </th>
            <th scope="col">{t('playerPage.colOpened')}</th>
            <th scope="col">{t('playerPage.colSynced')}</th>
          </tr>
        </thead>
        <tbody>
          {detail.gameAccounts.length === 0 ? (
            <tr>
              <td colSpan={5} className="empty-cell">
                {t('playerPage.noGameAccounts')}
              </td>
            </tr>
          ) : null}
          {detail.gameAccounts.map((game) => (
            <tr key={game.providerCode}>
              <td>{game.name}</td>
              <td className="mono">{game.username}</td>
              <td className="num nowrap">
                <Money value={detail.balances.games.find((b) => b.providerCode === game.providerCode)?.amount ?? 0} />
              </td>
              <td className="nowrap">
                <DateTime value={game.createdAt} />
              </td>
              <td className="nowrap">{game.syncedAt ? <DateTime value={game.syncedAt} /> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SessionsTab({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('playerPage.colSession')}</th>
            <th scope="col">{t('playerPage.colSignedIn')}</th>
            <th scope="col">{t('playerPage.colExpires')}</th>
          </tr>
        </thead>
        <tbody>
          {detail.sessions.length === 0 ? (
            <tr>
              <td colSpan={3} className="empty-cell">
                {t('playerPage.noSessions')}
              </td>
            </tr>
          ) : null}
          {detail.sessions.map((session) => (
            <tr key={session.id}>
              <td className="mono">{session.id}</td>
              <td className="nowrap">
                <DateTime value={session.createdAt} />
              </td>
              <td className="nowrap">
                <DateTime value={session.expiresAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AdjustmentsTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const adjustments = useAdjustments({ playerId }, page);
  const data = adjustments.data;
  return (
    <>
      <Loader active={adjustments.isPending} />
      {adjustments.isError ? (
        <LoadFailedCard icon={<ListIcon />} error={adjustments.error} onRetry={() => adjustments.refetch()} />
      ) : null}
      {data ? (
        <>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('playerPage.colTime')}</th>
                  <th scope="col">{t('adjustments.direction')}</th>
                  <th scope="col" className="num">
                    {t('playerPage.colAmount')}
                  </th>
                  <th scope="col">{t('playerPage.colStatus')}</th>
                  <th scope="col">{t('players.reason')}</th>
                  <th scope="col">{t('adjustments.colBy')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="empty-cell">
                      {t('adjustments.empty')}
                    </td>
                  </tr>
                ) : null}
                {data.items.map((a) => (
                  <tr key={a.id}>
                    <td className="nowrap">
                      <DateTime value={a.createdAt} />
                    </td>
                    <td>{t(`adjustments.${a.direction}`)}</td>
                    <td className="num nowrap">
                      <Money value={a.direction === 'debit' ? -a.amount : a.amount} signed />
                    </td>
                    <td>{t(`adjustments.status.${a.status}`)}</td>
                    <td className="break">{a.reason}</td>
                    <td className="nowrap">{[a.createdBy, a.decidedBy].filter(Boolean).join(' / ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TableFooter
            summary={t('playerPage.recordCount', { count: data.total })}
            page={page}
            totalPages={pages(data.total, data.limit)}
            onPage={setPage}
          />
        </>
      ) : null}
    </>
  );
}

export function HistoryTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = usePlayerAudit(playerId, page);
  const data = history.data;
  return (
    <>
      <Loader active={history.isPending} />
      {history.isError ? (
        <LoadFailedCard icon={<ListIcon />} error={history.error} onRetry={() => history.refetch()} />
      ) : null}
      {data ? (
        <>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('playerPage.colTime')}</th>
                  <th scope="col">{t('audit.colOperator')}</th>
                  <th scope="col">{t('audit.colAction')}</th>
                  <th scope="col">{t('players.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="empty-cell">
                      {t('playerPage.noHistory')}
                    </td>
                  </tr>
                ) : null}
                {data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td className="nowrap">
                      <DateTime value={entry.at} />
                    </td>
                    <td className="nowrap">{entry.operatorUsername}</td>
                    <td>{t(`auditActions.${entry.action}`, { defaultValue: entry.action })}</td>
                    <td className="break">{entry.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TableFooter
            summary={t('playerPage.recordCount', { count: data.total })}
            page={page}
            totalPages={pages(data.total, data.limit)}
            onPage={setPage}
          />
        </>
      ) : null}
    </>
  );
}
