import type { PlayerRecordKind } from '@wallet/contract/backoffice/player-rules';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { PlayerDetail, PlayerRecord } from '@wallet/contract/backoffice/players';
import { statusKind } from '@wallet/contract/statement-rules';
import { WALLET_CODE } from '@wallet/contract/wallet-codes';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { ListIcon } from '@wallet/web-kit/ui/icons';
import { formatMoney, Money } from '@wallet/web-kit/ui/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { PagedTable } from '@/ui/paged-table';
import { adjustmentsRequest, useAdjustments } from '../api/get-adjustments';
import { playerAuditRequest, usePlayerAudit } from '../api/get-player-audit';
import { playerRecordsRequest, usePlayerRecords } from '../api/get-player-records';

const INTO_WALLET = ['deposit', 'bonus', 'slip'];
const OUT_OF_WALLET = ['withdraw', 'withdrawal', 'finish_bonus'];

/** +1 into the wallet, −1 out of it, 0 for a move between two game accounts (the amounts are unsigned). */
function recordSign(row: Pick<PlayerRecord, 'type' | 'from' | 'to'>): 1 | -1 | 0 {
  if (INTO_WALLET.includes(row.type)) return 1;
  if (OUT_OF_WALLET.includes(row.type)) return -1;
  if (row.to === WALLET_CODE) return 1;
  if (row.from === WALLET_CODE) return -1;
  return 0;
}

function SignedMoney({ value, sign }: { value: number; sign: 1 | -1 | 0 }) {
  const prefix = sign === 1 ? '+' : sign === -1 ? '\u2212' : '';
  return <span className={sign === -1 ? 'money is-out' : 'money'}>{`${prefix}${formatMoney(value)}`}</span>;
}

/** Statement, deposits, withdrawals or slips of one player, paged on the server. */
export function RecordsTab({ playerId, kind }: { playerId: string; kind: PlayerRecordKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      list={usePlayerRecords(playerId, kind, page)}
      framed={false}
      icon={<ListIcon />}
      exportCsv={
        <ExportCsvButton
          route="GET /api/backoffice/players/:id/records.csv"
          request={playerRecordsRequest(playerId, kind)}
          name={`player-${kind}`}
        />
      }
      head={
        <>
          <th scope="col">{t('playerPage.colTime')}</th>
          <th scope="col">{t('playerPage.colType')}</th>
          <th scope="col">{t('playerPage.colFromTo')}</th>
          <th scope="col" className="num">
            {t('playerPage.colAmount')}
          </th>
          <th scope="col">{t('playerPage.colStatus')}</th>
          <th scope="col">{t('playerPage.colNote')}</th>
        </>
      }
      columns={6}
      empty={t('playerPage.noRecords')}
      row={(row) => (
        <tr key={row.id}>
          <td className="nowrap">
            <DateTime value={row.createdAt} />
          </td>
          <td>{t(`playerPage.recordType.${row.type}`, { defaultValue: row.type })}</td>
          <td className="nowrap">
            {[
              row.from && (row.from === WALLET_CODE ? t('playerPage.walletCode') : (row.fromName ?? row.from)),
              row.to && (row.to === WALLET_CODE ? t('playerPage.walletCode') : (row.toName ?? row.to)),
            ]
              .filter(Boolean)
              .join(' → ')}
          </td>
          <td className="num nowrap">
            <SignedMoney value={row.amount} sign={recordSign(row)} />
          </td>
          <td>{t(`playerPage.recordStatus.${statusKind(row.status)}`)}</td>
          <td className="break">{row.note}</td>
        </tr>
      )}
      summary={(count) => t('playerPage.recordCount', { count })}
      paging={{ page, onPage: setPage, pageSize: PLAYER_LIST_PAGE_SIZE }}
    />
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
  return (
    <PagedTable
      list={useAdjustments({ playerId }, page)}
      framed={false}
      icon={<ListIcon />}
      exportCsv={
        <ExportCsvButton
          route="GET /api/backoffice/players/:id/adjustments.csv"
          request={adjustmentsRequest({ playerId })}
          name="player-adjustments"
        />
      }
      head={
        <>
          <th scope="col">{t('playerPage.colTime')}</th>
          <th scope="col">{t('adjustments.direction')}</th>
          <th scope="col" className="num">
            {t('playerPage.colAmount')}
          </th>
          <th scope="col">{t('playerPage.colStatus')}</th>
          <th scope="col">{t('players.reason')}</th>
          <th scope="col">{t('adjustments.colBy')}</th>
        </>
      }
      columns={6}
      empty={t('adjustments.empty')}
      row={(a) => (
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
      )}
      summary={(count) => t('playerPage.recordCount', { count })}
      paging={{ page, onPage: setPage, pageSize: PLAYER_LIST_PAGE_SIZE }}
    />
  );
}

export function HistoryTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      list={usePlayerAudit(playerId, page)}
      framed={false}
      icon={<ListIcon />}
      exportCsv={
        <ExportCsvButton
          route="GET /api/backoffice/players/:id/audit.csv"
          request={playerAuditRequest(playerId)}
          name="player-history"
        />
      }
      head={
        <>
          <th scope="col">{t('playerPage.colTime')}</th>
          <th scope="col">{t('audit.colOperator')}</th>
          <th scope="col">{t('audit.colAction')}</th>
          <th scope="col">{t('players.reason')}</th>
        </>
      }
      columns={4}
      empty={t('playerPage.noHistory')}
      row={(entry) => (
        <tr key={entry.id}>
          <td className="nowrap">
            <DateTime value={entry.at} />
          </td>
          <td className="nowrap">{entry.operatorUsername}</td>
          <td>{t(`auditActions.${entry.action}`, { defaultValue: entry.action })}</td>
          <td className="break">{entry.reason}</td>
        </tr>
      )}
      summary={(count) => t('playerPage.recordCount', { count })}
      paging={{ page, onPage: setPage, pageSize: PLAYER_LIST_PAGE_SIZE }}
    />
  );
}
